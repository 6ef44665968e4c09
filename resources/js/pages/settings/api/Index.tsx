import type { ApiTokenRow } from '@shared/api';
import type { PageProps } from '@shared/pages';
import { ALL_PERMISSION_LABELS } from '@shared/permissions';
import { route } from '@shared/routes';
import { type FormEvent, useState } from 'react';
import { Icon } from '@/components/Icon';
import { SelectField, StatusAlert, TextField } from '@/components/Field';
import { SubmitButton } from '@/components/SubmitButton';
import { ConfirmDialog } from '@/components/data/ConfirmDialog';
import { type Columns, ScrollTable } from '@/components/data/DataTable';
import { EmptyState } from '@/components/data/EmptyState';
import { RecordPage } from '@/components/data/RecordPage';
import { SectionCard } from '@/components/data/SectionCard';
import { Badge } from '@/components/data/StatusBadge';
import { API_TABS, SubNav } from '@/components/data/SubNav';
import { formatCount, formatDate, formatDateTime } from '@/components/data/format';
import { useServerForm } from '@/hooks/useServerForm';

/** A permission as the token list shows it: its French label (the code only if unknown). */
const permissionLabel = (name: string) => ALL_PERMISSION_LABELS[name] ?? name;

const STATUS = {
  active: { label: 'Actif', tone: 'success' },
  expired: { label: 'Expiré', tone: 'warning' },
  revoked: { label: 'Révoqué', tone: 'secondary' },
} as const;

/** Paramètres › API: personal access tokens (created once shown, revocable) for the REST API. */
export default function ApiTokens({
  tokens,
  abilities,
  expiries,
  new_token,
  can,
  base_url,
}: PageProps<'settings/api/Index'>) {
  const [revoking, setRevoking] = useState<ApiTokenRow | null>(null);
  const columns: Columns<ApiTokenRow> = [
    {
      id: 'name',
      label: 'Jeton',
      role: 'title',
      wrap: true,
      cell: (t) => (
        <>
          <span className="fw-semibold">{t.name}</span>
          <div className="small text-body-secondary font-monospace">{t.prefix}…</div>
        </>
      ),
    },
    can.see_all
      ? {
          id: 'owner',
          label: 'Utilisateur',
          role: 'secondary',
          cell: (t) => (t.mine ? `${t.owner_name} (vous)` : t.owner_name),
        }
      : null,
    {
      id: 'abilities',
      label: 'Permissions',
      role: 'secondary',
      wrap: true,
      cellTitle: (t) => t.abilities.map(permissionLabel).join(', '),
      cell: (t) => {
        const labels = t.abilities.map(permissionLabel);
        return (
          <span className="small">
            {labels.length > 3
              ? `${labels.slice(0, 3).join(', ')} et ${formatCount(labels.length - 3, 'autre')}`
              : labels.join(', ')}
          </span>
        );
      },
    },
    {
      id: 'validity',
      label: 'Validité',
      role: 'secondary',
      wrap: true,
      cell: (t) => (
        <>
          <div>du {formatDate(t.created_at)}</div>
          <div>au {formatDate(t.expires_at)}</div>
        </>
      ),
    },
    {
      id: 'last_used_at',
      label: 'Dernière utilisation',
      role: 'secondary',
      wrap: true,
      cell: (t) =>
        t.last_used_at ? (
          <>
            <div>{formatDateTime(t.last_used_at)}</div>
            {t.last_used_ip ? (
              <div className="small text-body-secondary">{t.last_used_ip.replace(/^::ffff:/, '')}</div>
            ) : null}
          </>
        ) : (
          'Jamais'
        ),
    },
    {
      id: 'status',
      label: 'Statut',
      role: 'status',
      cell: (t) => <Badge tone={STATUS[t.status].tone}>{STATUS[t.status].label}</Badge>,
    },
    {
      id: 'actions',
      label: 'Actions',
      role: 'actions',
      cell: (t) =>
        t.status !== 'revoked' && (t.mine || can.see_all) ? (
          <div className="app-row-actions">
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              onClick={() => setRevoking(t)}
              data-testid={`revoke-${t.id}`}
            >
              <Icon name="fa-solid fa-ban" className="me-1" />
              Révoquer
            </button>
          </div>
        ) : null,
    },
  ];

  return (
    <RecordPage
      title="API"
      subtitle="Jetons d’accès personnels à l’API REST de SDSTOCK WEB."
      breadcrumbs={[{ label: 'Paramètres' }, { label: 'API' }]}
      mainClassName="col-12"
    >
      <SubNav items={API_TABS} label="API" />
      {new_token ? <NewToken token={new_token} baseUrl={base_url} /> : null}
      <SectionCard
        title={can.see_all ? 'Jetons d’accès de tous les utilisateurs' : 'Vos jetons d’accès'}
        icon="fa-solid fa-key"
        testId="api-tokens"
      >
        {tokens.length ? (
          <ScrollTable
            caption="Jetons d’accès à l’API"
            columns={columns}
            rows={tokens}
            rowKey={(t) => t.id}
            testId="api-tokens-table"
          />
        ) : (
          <EmptyState icon="fa-solid fa-key" title="Aucun jeton" testId="api-tokens-empty">
            {can.create
              ? 'Créez un jeton ci-dessous pour qu’un programme accède à l’API.'
              : 'Aucun jeton d’accès n’a été créé pour vous.'}
          </EmptyState>
        )}
      </SectionCard>
      {can.create ? <CreateToken abilities={abilities} expiries={expiries} /> : null}
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title="Révoquer ce jeton ?"
        confirmLabel="Révoquer"
        method="post"
        url={revoking ? route('apiTokens.revoke', { id: revoking.id }) : undefined}
        tone="danger"
        icon="fa-solid fa-ban"
        testId="revoke-dialog"
      >
        Le jeton « {revoking?.name} » ne permettra plus aucune requête, immédiatement. Les programmes qui l’utilisent
        devront recevoir un nouveau jeton.
      </ConfirmDialog>
    </RecordPage>
  );
}

/** The secret of the token just created, with a copy button: the only time it is shown. */
function NewToken({ token, baseUrl }: { token: { name: string; token: string }; baseUrl: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token.token);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <StatusAlert tone="warning" icon="fa-solid fa-triangle-exclamation" testId="new-token">
      <p className="mb-2">
        <strong>Jeton « {token.name} » :</strong> copiez-le maintenant et gardez-le en lieu sûr. Il ne sera plus jamais
        affiché (seule son empreinte est enregistrée).
      </p>
      <div className="input-group mb-2">
        <input
          className="form-control font-monospace"
          readOnly
          value={token.token}
          aria-label="Jeton d’accès"
          onFocus={(e) => e.currentTarget.select()}
          data-testid="new-token-value"
        />
        <button type="button" className="btn btn-outline-secondary" onClick={copy}>
          <Icon name={copied ? 'fa-solid fa-check' : 'fa-solid fa-copy'} className="me-1" />
          {copied ? 'Copié' : 'Copier'}
        </button>
      </div>
      <code className="small text-break">
        curl -H "Authorization: Bearer {token.token.slice(0, 12)}…" {baseUrl.replace(/\/+$/, '')}
        {route('api.products.index')}
      </code>
    </StatusAlert>
  );
}

function CreateToken({ abilities, expiries }: Pick<PageProps<'settings/api/Index'>, 'abilities' | 'expiries'>) {
  const form = useServerForm({ name: '', expires_in_days: '90', abilities: [] as string[] }, { resetOnSuccess: true });
  const chosen = new Set(form.data.abilities);
  const toggle = (names: string[], on: boolean) => {
    const next = new Set(chosen);
    for (const n of names) {
      if (on) next.add(n);
      else next.delete(n);
    }
    form.setData('abilities', [...next]);
    if (form.errorOf('abilities')) form.clearErrors('abilities');
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.submit('post', route('apiTokens.index'));
  };
  const abilitiesError = form.errorOf('abilities');
  return (
    <SectionCard title="Nouveau jeton" icon="fa-solid fa-plus" testId="create-token">
      <form ref={form.formRef} onSubmit={submit} className="card-body" noValidate>
        <div className="row g-3">
          <div className="col-md-7">
            <TextField
              {...form.fieldProps('name')}
              label="Nom du jeton"
              required
              maxLength={80}
              hint="Pour reconnaître le programme qui l’utilise (« Boutique en ligne », « Tableur comptable »…)."
            />
          </div>
          <div className="col-md-5">
            <SelectField
              {...form.fieldProps('expires_in_days')}
              label="Validité"
              options={expiries}
              required
              hint="Un jeton expire toujours ; créez-en un nouveau avant."
            />
          </div>
        </div>
        <fieldset className="mt-3" aria-describedby={abilitiesError ? 'abilities-error' : undefined}>
          <legend className="form-label fs-6 mb-1">
            Permissions du jeton <span className="text-danger">*</span>
          </legend>
          <p className="small text-body-secondary mb-2">
            Seulement des permissions que vous avez vous-même. Lire les produits demande « Produits » ; en créer demande
            aussi « Créer des produits ». Si une permission vous est retirée, le jeton la perd aussi.
          </p>
          {abilitiesError ? (
            <div id="abilities-error" className="text-danger small mb-2" role="alert">
              {abilitiesError}
            </div>
          ) : null}
          <div className="row g-2 align-items-start">
            {abilities.map((group) => {
              const names = group.permissions.map((p) => p.name);
              const count = names.filter((n) => chosen.has(n)).length;
              const all = count === names.length;
              return (
                <div key={group.area} className="col-md-6 col-xl-4">
                  <details className="border rounded px-2 py-1" data-testid={`abilities-${group.area}`}>
                    <summary className="fw-semibold small py-1">
                      {group.label}{' '}
                      <span className={count ? 'text-primary' : 'text-body-secondary fw-normal'}>
                        ({count} / {names.length})
                      </span>
                    </summary>
                    <button type="button" className="btn btn-link btn-sm p-0 mb-1" onClick={() => toggle(names, !all)}>
                      {all ? 'Tout décocher' : 'Tout cocher'}
                    </button>
                    {group.permissions.map((p) => (
                      <div key={p.name} className="form-check">
                        <input
                          className="form-check-input"
                          type="checkbox"
                          id={`ability-${p.name}`}
                          name="abilities"
                          value={p.name}
                          checked={chosen.has(p.name)}
                          onChange={(e) => toggle([p.name], e.target.checked)}
                        />
                        <label className="form-check-label small" htmlFor={`ability-${p.name}`} title={p.name}>
                          {p.label}
                        </label>
                      </div>
                    ))}
                  </details>
                </div>
              );
            })}
          </div>
        </fieldset>
        <div className="d-flex justify-content-between align-items-center gap-2 flex-wrap mt-3">
          <p className="small text-body-secondary mb-0">
            <Icon name="fa-solid fa-lock" className="me-1" />
            Votre mot de passe vous sera demandé s’il n’a pas été confirmé depuis 3 heures.
          </p>
          <SubmitButton busy={form.busy} icon="fa-solid fa-key" testId="create-token-submit">
            Créer le jeton
          </SubmitButton>
        </div>
      </form>
    </SectionCard>
  );
}
