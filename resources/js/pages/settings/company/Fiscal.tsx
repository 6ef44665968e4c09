import { Link } from '@inertiajs/react';
import type { FiscalDeskPoint } from '@shared/fiscal';
import type { PageProps } from '@shared/pages';
import type { FiscalLockedField } from '@shared/pages/settings';
import { route } from '@shared/routes';
import { CheckboxField, SelectField, StatusAlert, TextField } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { AuditHistory } from '@/components/data/AuditHistory';
import { MoneyField } from '@/components/data/MoneyField';
import { RecordForm } from '@/components/data/RecordForm';
import { RecordPage } from '@/components/data/RecordPage';
import { SectionCard } from '@/components/data/SectionCard';
import { Badge } from '@/components/data/StatusBadge';
import { COMPANY_TABS, SubNav } from '@/components/data/SubNav';
import { useServerForm } from '@/hooks/useServerForm';

/**
 * Paramètres › Société › Facturation électronique: which DGI service certifies the documents, its
 * address and key (write-only: the stored key is shown masked), the seller's regime and
 * establishment, the default tax group and the B2C threshold of the forfaitaire regimes. A field an
 * environment variable sets is shown read-only, naming the variable.
 */
export default function CompanyFiscal({
  fiscal,
  api_key,
  locked,
  tax_id,
  timeout_seconds,
  providers,
  regimes,
  forfaitaire_regimes,
  tax_groups,
  desks,
  can_manage,
  history,
}: PageProps<'settings/company/Fiscal'>) {
  const form = useServerForm({ ...fiscal }, { resetOnSuccess: ['api_key', 'clear_api_key'] });
  const f = form.fieldProps;
  const provider = form.data.provider;
  const certifying = provider !== 'none';
  const providerName = providers.find((p) => p.value === provider)?.label ?? '';
  const forfaitaire = forfaitaire_regimes.includes(form.data.regime);
  const groupOptions = tax_groups.map((g) => {
    const code = provider === 'fne' ? g.fne : provider === 'emecef' ? g.emecef : '';
    const suffix = code === null ? ' — inconnu de ce service' : code ? ` — code ${code}` : '';
    return { value: g.value, label: `${g.label}${suffix}` };
  });
  return (
    <RecordPage
      title="Facturation électronique"
      subtitle="La certification par la DGI de chaque facture, vente boutique et avoir (FNE en Côte d’Ivoire, e-MECeF au Bénin)."
      breadcrumbs={[{ label: 'Paramètres' }, { label: 'Société' }, { label: 'Facturation électronique' }]}
      aside={<PointsOfSaleCard desks={desks} locked={locked.point_of_sale} certifying={certifying} />}
    >
      <SubNav items={COMPANY_TABS} label="Paramètres de la société" />
      <RecordForm
        form={form}
        method="put"
        url={route('company.fiscal')}
        cancelHref={route('company.settings')}
        editable={can_manage}
        legend="Facturation électronique"
        testId="fiscal-form"
      >
        <h2 className="h6 text-body-secondary text-uppercase small mb-3">Service de certification</h2>
        <div className="row g-3">
          <div className="col-md-6">
            {locked.provider ? (
              <LockedField id="fiscal-provider" label="Service" locked={locked.provider} />
            ) : (
              <SelectField
                {...f('provider')}
                label="Service"
                options={providers}
                error={form.errorOf('provider')}
                hint={
                  certifying
                    ? 'Chaque document validé est envoyé à la DGI juste après son enregistrement.'
                    : 'Aucun document n’est certifié.'
                }
              />
            )}
            {locked.provider ? <FieldMessage error={form.errorOf('provider')} /> : null}
          </div>
          {certifying ? (
            <>
              <div className="col-md-6">
                {locked.api_url ? (
                  <LockedField id="fiscal-api-url" label="Adresse de l’API" locked={locked.api_url} />
                ) : (
                  <TextField
                    {...f('api_url')}
                    label="Adresse de l’API"
                    required
                    maxLength={300}
                    inputMode="url"
                    autoComplete="off"
                    placeholder="https://…"
                    hint={`L’adresse communiquée par la DGI pour ${providerName}.`}
                  />
                )}
              </div>
              <div className="col-md-6">
                {locked.api_key ? (
                  <LockedField id="fiscal-api-key" label="Clé d’API" locked={locked.api_key} />
                ) : (
                  <>
                    <TextField
                      {...f('api_key')}
                      type="password"
                      label={provider === 'emecef' ? 'Jeton d’API (JWT)' : 'Clé d’API'}
                      required={provider === 'fne' && api_key.state !== 'set'}
                      autoComplete="new-password"
                      spellCheck={false}
                      placeholder={api_key.state === 'set' ? api_key.masked : ''}
                      hint={keyHint(api_key, provider)}
                    />
                    {api_key.state === 'unreadable' && !form.errorOf('api_key') ? (
                      <StatusAlert tone="warning" testId="api-key-unreadable">
                        {api_key.message}
                      </StatusAlert>
                    ) : null}
                    {api_key.state !== 'none' ? (
                      <CheckboxField
                        id="fiscal-clear-api-key"
                        name="clear_api_key"
                        label="Effacer la clé enregistrée"
                        checked={form.data.clear_api_key}
                        onChange={(v) => form.setData('clear_api_key', v)}
                        error={form.errorOf('clear_api_key')}
                      />
                    ) : null}
                  </>
                )}
              </div>
              <div className="col-md-6">
                <div className="mb-3">
                  <span className="form-label d-block">Délai d’attente d’une réponse</span>
                  <span>{timeout_seconds.toLocaleString('fr-FR')} s</span>
                  <div className="form-text">
                    Réglé par la variable FISCAL_TIMEOUT_MS ; sans réponse dans ce délai, le document reste « incertain
                    ».
                  </div>
                </div>
              </div>
            </>
          ) : null}
        </div>

        <h2 className="h6 text-body-secondary text-uppercase small mt-4 mb-3">Vendeur</h2>
        <div className="row g-3">
          <div className="col-md-6">
            {locked.tax_id ? (
              <LockedField id="fiscal-tax-id" label="N° contribuable (NCC / IFU)" locked={locked.tax_id} />
            ) : (
              <div className="mb-3">
                <span className="form-label d-block">N° contribuable (NCC / IFU)</span>
                <span data-testid="fiscal-tax-id">{tax_id || '—'}</span>
                <div className="form-text">
                  Celui de l’onglet <Link href={route('company.settings')}>Société</Link>, imprimé sur chaque document.
                </div>
              </div>
            )}
          </div>
          <div className="col-md-6">
            <SelectField
              {...f('regime')}
              label="Régime d’imposition"
              options={regimes}
              placeholder="— Non précisé —"
              hint="Imprimé sur les documents certifiés."
            />
          </div>
          <div className="col-12">
            <TextField
              {...f('establishment')}
              label="Établissement"
              maxLength={160}
              hint="Le nom de l’établissement tel que la DGI le connaît (laisser vide s’il n’en a pas)."
            />
          </div>
        </div>

        <h2 className="h6 text-body-secondary text-uppercase small mt-4 mb-3">Taxes</h2>
        <div className="row g-3">
          <div className="col-md-6">
            <SelectField
              {...f('default_tax_group')}
              label="Groupe de taxe par défaut"
              options={groupOptions}
              hint="Celui des produits qui n’en ont pas sur leur fiche."
            />
          </div>
          {forfaitaire ? (
            <div className="col-md-6">
              <MoneyField
                {...f('b2c_threshold')}
                label="Seuil des ventes aux particuliers"
                hint="Les ventes à un particulier (sans NCC / IFU) en dessous de ce montant ne sont pas certifiées (5 000 FCFA selon la DGI) ; 0 : toutes le sont."
              />
            </div>
          ) : null}
        </div>
      </RecordForm>
      <div className="mt-4">
        <AuditHistory items={history} />
      </div>
    </RecordPage>
  );
}

function keyHint(key: PageProps<'settings/company/Fiscal'>['api_key'], provider: string): string {
  const keep = 'Laisser vide pour garder la clé actuelle.';
  if (key.state === 'set') return `Une clé est enregistrée (${key.masked}). ${keep}`;
  if (key.state === 'unreadable') return 'Saisissez la clé à nouveau : celle enregistrée ne peut plus être lue.';
  return provider === 'emecef'
    ? 'Le jeton de la société ; une caisse peut avoir le sien (sa fiche, Paramètres › Société › Caisses).'
    : 'Fournie par la DGI dans l’espace contribuable FNE.';
}

/** A field the environment fixes: its value read-only and the variable that sets it. */
function LockedField({ id, label, locked }: { id: string; label: string; locked: FiscalLockedField }) {
  return (
    <div className="mb-3" data-testid={`${id}-locked`}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input id={id} className="form-control" value={locked.shown} readOnly aria-describedby={`${id}-hint`} />
      <div id={`${id}-hint`} className="form-text">
        <Icon name="fa-solid fa-lock" className="me-1" />
        Défini par la variable {locked.variable} : modifiez-la dans la configuration du serveur.
      </div>
    </div>
  );
}

function FieldMessage({ error }: { error?: string }) {
  return error ? <div className="invalid-feedback d-block mb-3">{error}</div> : null;
}

const SOURCE_LABELS: Record<FiscalDeskPoint['source'], string> = {
  desk: 'de la caisse',
  location: 'de l’emplacement',
  environment: 'par défaut (FISCAL_POINT_OF_SALE)',
  none: '',
};

/** Each active desk's point of sale at the DGI (its own, its location's, or the default), set on their forms. */
function PointsOfSaleCard({
  desks,
  locked,
  certifying,
}: {
  desks: FiscalDeskPoint[];
  locked?: FiscalLockedField;
  certifying: boolean;
}) {
  const missing = desks.filter((d) => d.source === 'none').length;
  return (
    <SectionCard title="Points de vente DGI" icon="fa-solid fa-cash-register" testId="fiscal-points-of-sale">
      <div className="card-body">
        <p className="small text-body-secondary">
          Chaque caisse doit exister comme point de vente chez la DGI. Il se saisit sur la fiche de la caisse ou de son
          emplacement.
        </p>
        {locked ? (
          <p className="small">
            Par défaut : <strong>{locked.shown}</strong> (variable {locked.variable}).
          </p>
        ) : null}
        {certifying && missing ? (
          <StatusAlert tone="warning">
            {missing === 1 ? '1 caisse n’a' : `${missing} caisses n’ont`} aucun point de vente : leurs documents seront
            refusés par la DGI.
          </StatusAlert>
        ) : null}
        <ul className="list-unstyled mb-0">
          {desks.map((d) => (
            <li key={d.id} className="d-flex justify-content-between gap-2 py-1 border-bottom">
              <span>
                <Link href={route('cashDesks.show', { id: d.id })}>{d.name}</Link>
                <span className="d-block small text-body-secondary">{d.location_name}</span>
              </span>
              <span className="text-end">
                {d.point_of_sale ? (
                  <>
                    <code>{d.point_of_sale}</code>
                    <span className="d-block small text-body-secondary">{SOURCE_LABELS[d.source]}</span>
                  </>
                ) : (
                  <Badge tone="warning">Aucun</Badge>
                )}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </SectionCard>
  );
}
