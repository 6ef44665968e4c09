import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { MANAGED_TREASURY_KINDS } from '@shared/treasury-accounts';
import { MOBILE_MONEY_OPERATORS, MOBILE_MONEY_OPERATOR_LABELS, TREASURY_KIND_LABELS } from '@shared/treasury';
import { NameLink, RowLink } from '@/components/data/DataTable';
import { ListActions } from '@/components/data/ListActions';
import { ListPage } from '@/components/data/ListPage';
import { FilterSelect, STATUS_OPTIONS } from '@/components/data/ListToolbar';
import { Money } from '@/components/data/Money';
import { StatusBadge } from '@/components/data/StatusBadge';
import { COMPANY_TABS, SubNav } from '@/components/data/SubNav';
import { useList } from '@/components/data/useList';

/** Paramètres › Société › Comptes bancaires et mobile money: where non-cash payments land. */
export default function TreasuryAccounts({
  accounts,
  params,
  can_manage,
}: PageProps<'settings/treasury-accounts/Index'>) {
  const list = useList(route('treasuryAccounts.index'), params);
  return (
    <ListPage
      title="Comptes bancaires et mobile money"
      subtitle="Les comptes où arrivent les paiements par chèque, virement, carte et mobile money ; les espèces vont dans les caisses."
      breadcrumbs={[{ label: 'Paramètres' }, { label: 'Société' }, { label: 'Banques et mobile money' }]}
      before={<SubNav items={COMPANY_TABS} label="Paramètres de la société" />}
      list={list}
      search={{ placeholder: 'Code, nom, banque ou numéro…', label: 'Rechercher un compte' }}
      perPage
      filters={
        <>
          <FilterSelect
            label="Type"
            value={params.filters.kind}
            allLabel="Tous"
            options={MANAGED_TREASURY_KINDS.map((k) => ({ value: k, label: TREASURY_KIND_LABELS[k] }))}
            onChange={(kind) => list.update({ kind })}
            testId="filter-kind"
          />
          <FilterSelect
            label="Opérateur"
            value={params.filters.operator}
            allLabel="Tous"
            options={MOBILE_MONEY_OPERATORS.map((o) => ({ value: o, label: MOBILE_MONEY_OPERATOR_LABELS[o] }))}
            onChange={(operator) => list.update({ operator })}
          />
          <FilterSelect
            label="Statut"
            value={params.filters.status}
            options={STATUS_OPTIONS}
            onChange={(status) => list.update({ status })}
          />
        </>
      }
      actions={
        <ListActions
          exportUrl={route('treasuryAccounts.export')}
          state={list.state}
          create={can_manage ? { href: route('treasuryAccounts.create'), label: 'Nouveau compte' } : null}
        />
      }
      page={accounts}
      caption="Liste des comptes bancaires et mobile money"
      pageLabel="Pagination des comptes"
      tableTestId="treasury-accounts-table"
      empty={{
        icon: 'fa-solid fa-building-columns',
        title: 'Aucun compte',
        filteredTitle: 'Aucun compte ne correspond',
        text: 'Créez le compte bancaire de la société et un compte par opérateur mobile money.',
      }}
      rowKey={(a) => a.id}
      rowClassName={(a) => (a.active ? undefined : 'app-archived-row')}
      columns={[
        {
          id: 'code',
          label: 'Code',
          role: 'title',
          sort: true,
          cell: (a) => <RowLink href={route('treasuryAccounts.show', { id: a.id })}>{a.code}</RowLink>,
        },
        {
          id: 'name',
          label: 'Nom',
          role: 'title',
          sort: true,
          wrap: true,
          cell: (a) => <NameLink href={route('treasuryAccounts.show', { id: a.id })}>{a.name}</NameLink>,
        },
        { id: 'kind', label: 'Type', role: 'secondary', sort: true, cell: (a) => TREASURY_KIND_LABELS[a.kind] },
        {
          id: 'holder',
          label: 'Banque ou opérateur',
          role: 'secondary',
          wrap: true,
          cell: (a) => (
            <>
              {a.kind === 'banque' ? a.bank_name : a.operator ? MOBILE_MONEY_OPERATOR_LABELS[a.operator] : '—'}
              <div className="small text-body-secondary font-monospace">{a.account_number}</div>
            </>
          ),
        },
        {
          id: 'balance',
          label: 'Solde',
          role: 'figure',
          sort: true,
          num: true,
          cell: (a) => <Money value={a.balance} tone="balance" />,
        },
        { id: 'status', label: 'Statut', role: 'status', cell: (a) => <StatusBadge active={a.active} /> },
      ]}
    />
  );
}
