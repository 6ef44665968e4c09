import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { CheckboxField } from '@/components/Field';
import { RecordForm } from '@/components/data/RecordForm';
import { RecordPage } from '@/components/data/RecordPage';
import { COMPANY_TABS, SubNav } from '@/components/data/SubNav';
import { useServerForm } from '@/hooks/useServerForm';

/** Paramètres › Société › Comptes: whether guests may create an account (read-only without company.manage). */
export default function CompanyAccounts({ allow_registration, can_manage }: PageProps<'settings/company/Accounts'>) {
  const form = useServerForm({ allow_registration });
  return (
    <RecordPage
      title="Comptes utilisateurs"
      subtitle="Qui peut créer un compte sur SDSTOCK WEB."
      breadcrumbs={[{ label: 'Paramètres' }, { label: 'Société' }, { label: 'Comptes' }]}
    >
      <SubNav items={COMPANY_TABS} label="Paramètres de la société" />
      <RecordForm
        form={form}
        method="put"
        url={route('company.accounts')}
        cancelHref={route('dashboard')}
        editable={can_manage}
        legend="Création de compte"
        testId="company-accounts-form"
      >
        <CheckboxField
          id="allow-registration"
          name="allow_registration"
          label="Permettre aux visiteurs de créer un compte (« Créer un compte » sur les pages d’accueil et de connexion)"
          checked={form.data.allow_registration}
          onChange={(v) => form.setData('allow_registration', v)}
          error={form.errorOf('allow_registration')}
        />
        <p className="small text-body-secondary mb-0">
          Un compte créé ainsi n’a aucun rôle : il n’ouvre aucun écran tant qu’un administrateur ne lui en a pas
          attribué. Désactivée, seuls les administrateurs créent les comptes.
        </p>
      </RecordForm>
    </RecordPage>
  );
}
