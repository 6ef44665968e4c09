import { router } from '@inertiajs/react';
import { useRef, useState } from 'react';
import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { CheckboxField, FieldError, SelectField, StatusAlert, TextAreaField, TextField } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { AuditHistory } from '@/components/data/AuditHistory';
import { ConfirmDialog } from '@/components/data/ConfirmDialog';
import { RecordForm } from '@/components/data/RecordForm';
import { RecordPage } from '@/components/data/RecordPage';
import { SectionCard } from '@/components/data/SectionCard';
import { formatQty } from '@/components/data/format';
import { COMPANY_TABS, SubNav } from '@/components/data/SubNav';
import { useServerForm } from '@/hooks/useServerForm';

/**
 * Paramètres › Société: identity (printed at the head of every document), tax numbers, currency,
 * time zone, VAT and the negative-stock rule; the logo beside it.
 */
export default function CompanyEdit({
  company,
  logo_url,
  can_manage,
  currencies,
  time_zones,
  currency_locked,
  logo_max_kb,
  logo_max_side,
  logo_stored_side,
  history,
  errors,
}: PageProps<'settings/company/Edit'>) {
  const form = useServerForm({ ...company });
  const f = form.fieldProps;
  const zoneOptions = time_zones.map((z) => ({ value: z, label: z.replace(/_/g, ' ') }));
  return (
    <RecordPage
      title="Société"
      subtitle="L’identité de l’entreprise, imprimée en tête des documents, et ses règles de gestion."
      breadcrumbs={[{ label: 'Paramètres' }, { label: 'Société' }]}
      aside={
        <LogoCard
          logoUrl={logo_url}
          canManage={can_manage}
          maxKb={logo_max_kb}
          maxSide={logo_max_side}
          storedSide={logo_stored_side}
          error={typeof errors.logo === 'string' ? errors.logo : undefined}
        />
      }
    >
      <SubNav items={COMPANY_TABS} label="Paramètres de la société" />
      <RecordForm
        form={form}
        method="put"
        url={route('company.settings')}
        cancelHref={route('dashboard')}
        editable={can_manage}
        legend="Société"
        testId="company-form"
      >
        <h2 className="h6 text-body-secondary text-uppercase small mb-3">Identité</h2>
        <div className="row g-3">
          <div className="col-12">
            <TextField {...f('name')} label="Raison sociale" required maxLength={160} />
          </div>
          <div className="col-md-8">
            <TextAreaField {...f('address')} label="Adresse" rows={2} maxLength={255} />
          </div>
          <div className="col-md-4">
            <TextField {...f('city')} label="Ville" maxLength={120} />
          </div>
          <div className="col-md-6">
            <TextField
              {...f('phones')}
              label="Téléphones"
              maxLength={120}
              hint="Plusieurs numéros séparés par « / »."
            />
          </div>
          <div className="col-md-6">
            <TextField {...f('email')} type="email" label="E-mail" maxLength={190} />
          </div>
          <div className="col-md-6">
            <TextField {...f('rccm')} label="RCCM" maxLength={80} hint="Registre du commerce et du crédit mobilier." />
          </div>
          <div className="col-md-6">
            <TextField {...f('tax_number')} label="N° contribuable (NCC / IFU)" maxLength={80} />
          </div>
        </div>
        <h2 className="h6 text-body-secondary text-uppercase small mt-4 mb-3">Gestion</h2>
        <div className="row g-3">
          <div className="col-md-6">
            <SelectField
              {...f('currency')}
              label="Devise"
              options={currencies}
              hint={
                currency_locked
                  ? 'Des montants sont déjà enregistrés : seule une devise au même nombre de décimales peut la remplacer.'
                  : 'Tous les montants sont tenus dans cette devise.'
              }
            />
          </div>
          <div className="col-md-6">
            <SelectField
              {...f('time_zone')}
              label="Fuseau horaire"
              options={zoneOptions}
              hint="Les dates des documents sont celles de ce fuseau."
            />
          </div>
          <div className="col-md-6">
            <CheckboxField
              id="vat-enabled"
              name="vat_enabled"
              label="Appliquer la TVA aux ventes"
              checked={form.data.vat_enabled}
              onChange={(v) => form.setData('vat_enabled', v)}
              error={form.errorOf('vat_enabled')}
            />
          </div>
          <div className="col-md-6">
            <TextField
              {...f('vat_rate')}
              label="Taux de TVA (%)"
              inputMode="decimal"
              maxLength={6}
              hint={
                form.data.vat_enabled
                  ? form.data.prices_include_vat === 'ttc'
                    ? 'Compris dans les prix de vente : la facture en détaille le montant hors taxes.'
                    : 'Ajouté au total hors taxes des factures.'
                  : 'Sans effet tant que la TVA est désactivée.'
              }
            />
          </div>
          <div className="col-md-6">
            <SelectField
              {...f('prices_include_vat')}
              label="Prix de vente saisis"
              options={[
                { value: 'ttc', label: 'TVA comprise (TTC)' },
                { value: 'ht', label: 'Hors TVA (HT)' },
              ]}
              hint={`${form.data.prices_include_vat === 'ttc' ? 'Le prix saisi est celui que paie le client.' : 'La TVA s’ajoute au prix saisi.'} Prix des produits, de la centrale des prix et des ventes ; les marges se calculent toujours hors TVA.`}
            />
          </div>
          <div className="col-12">
            <CheckboxField
              id="allow-negative-stock"
              name="allow_negative_stock"
              label="Autoriser le stock négatif (une vente ou un transfert peut dépasser la quantité en stock)"
              checked={form.data.allow_negative_stock}
              onChange={(v) => form.setData('allow_negative_stock', v)}
              error={form.errorOf('allow_negative_stock')}
            />
          </div>
        </div>
      </RecordForm>
      <div className="mt-4">
        <AuditHistory items={history} />
      </div>
    </RecordPage>
  );
}

/** The logo: shown, replaced (PNG, JPEG or WebP, checked by the server from the content), removed. */
function LogoCard({
  logoUrl,
  canManage,
  maxKb,
  maxSide,
  storedSide,
  error,
}: {
  logoUrl: string | null;
  canManage: boolean;
  maxKb: number;
  maxSide: number;
  storedSide: number;
  error?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const upload = (file: File) =>
    router.post(
      route('company.logo'),
      { logo: file },
      {
        forceFormData: true,
        preserveScroll: true,
        onStart: () => setBusy(true),
        onFinish: () => {
          setBusy(false);
          if (input.current) input.current.value = '';
        },
      },
    );
  return (
    <SectionCard title="Logo" icon="fa-regular fa-image" testId="logo-card">
      <div className="card-body">
        {logoUrl ? (
          <img
            src={logoUrl}
            alt="Logo de la société"
            className="app-company-logo-preview mb-3"
            data-testid="company-logo"
          />
        ) : (
          <StatusAlert tone="secondary" icon="fa-regular fa-image">
            Aucun logo : les impressions portent le nom de la société seul.
          </StatusAlert>
        )}
        {canManage ? (
          <>
            <label htmlFor="company-logo-file" className="form-label">
              {logoUrl ? 'Remplacer le logo' : 'Ajouter un logo'}
            </label>
            <input
              ref={input}
              id="company-logo-file"
              name="logo"
              type="file"
              accept="image/png,image/jpeg,image/webp"
              className={`form-control ${error ? 'is-invalid' : ''}`}
              disabled={busy}
              aria-invalid={error ? true : undefined}
              aria-describedby="company-logo-file-hint"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) upload(file);
              }}
            />
            <FieldError id="company-logo-file-error" error={error} />
            <div id="company-logo-file-hint" className="form-text">
              PNG, JPEG ou WebP, {maxKb} Ko et {formatQty(maxSide)} × {formatQty(maxSide)} pixels au plus ; il est
              enregistré réduit à {formatQty(storedSide)} × {formatQty(storedSide)} pixels au plus, transparence
              comprise. Il figure en tête des impressions (activable par document dans Paramètres › Impression).
            </div>
            {logoUrl ? (
              <button
                type="button"
                className="btn btn-outline-danger btn-sm mt-3"
                onClick={() => setConfirmRemove(true)}
                data-testid="remove-logo"
              >
                <Icon name="fa-solid fa-trash" className="me-1" />
                Retirer le logo
              </button>
            ) : null}
            <ConfirmDialog
              open={confirmRemove}
              onClose={() => setConfirmRemove(false)}
              title="Retirer le logo ?"
              confirmLabel="Retirer"
              method="delete"
              url={route('company.logo')}
              tone="danger"
            >
              Les impressions ne porteront plus de logo.
            </ConfirmDialog>
          </>
        ) : null}
      </div>
    </SectionCard>
  );
}
