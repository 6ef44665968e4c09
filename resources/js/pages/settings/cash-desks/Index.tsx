import type { MasterDataPages } from '@shared/records';
import { route } from '@shared/routes';
import { NameLink, RowLink } from '@/components/data/DataTable';
import { ListActions } from '@/components/data/ListActions';
import { ListPage } from '@/components/data/ListPage';
import { FEMININE_STATUS_OPTIONS, FilterSelect } from '@/components/data/ListToolbar';
import { Money } from '@/components/data/Money';
import { SortHeader } from '@/components/data/SortHeader';
import { Badge, StatusBadge } from '@/components/data/StatusBadge';
import { COMPANY_TABS, SubNav } from '@/components/data/SubNav';
import { useList } from '@/components/data/useList';

export default function CashDesks({ cash_desks, params, locations, can_manage, currency }: MasterDataPages['settings/cash-desks/Index']) {
  const list = useList(route('cashDesks.index'), params);
  return (
    <ListPage
      title="Caisses"
      subtitle="La caisse principale et une caisse par boutique, chacune rattachée à un emplacement."
      breadcrumbs={[{ label: 'Paramètres' }, { label: 'Société' }, { label: 'Caisses' }]}
      before={<SubNav items={COMPANY_TABS} label="Paramètres de la société" />}
      list={list}
      search={{ placeholder: 'Code ou nom…', label: 'Rechercher une caisse' }}
      perPage
      filters={
        <>
          <FilterSelect label="Emplacement" value={params.filters.location_id} allLabel="Tous" options={locations} onChange={(location_id) => list.update({ location_id })} />
          <FilterSelect label="Statut" value={params.filters.status} options={FEMININE_STATUS_OPTIONS} onChange={(status) => list.update({ status })} />
        </>
      }
      actions={<ListActions create={can_manage ? { href: route('cashDesks.create'), label: 'Nouvelle caisse' } : null} />}
      page={cash_desks}
      caption="Liste des caisses"
      pageLabel="Pagination des caisses"
      tableTestId="cash-desks-table"
      empty={{ icon: 'fa-solid fa-cash-register', title: 'Aucune caisse', filteredTitle: 'Aucune caisse ne correspond', text: 'Créez la caisse principale puis une caisse par boutique.' }}
      head={
        <tr>
          <SortHeader column="code" label="Code" {...list.sort} />
          <SortHeader column="name" label="Nom" {...list.sort} />
          <SortHeader column="location" label="Emplacement" {...list.sort} />
          <SortHeader column="balance" label="Solde" className="app-num" {...list.sort} />
          <th scope="col">Statut</th>
        </tr>
      }
    >
      {cash_desks.data.map((c) => (
        <tr key={c.id} className={c.active ? undefined : 'app-archived-row'}>
          <td>
            <RowLink href={route('cashDesks.show', { id: c.id })}>{c.code}</RowLink>
          </td>
          <td>
            <NameLink href={route('cashDesks.show', { id: c.id })}>{c.name}</NameLink>
            {c.is_main ? <Badge tone="primary" className="ms-2">Principale</Badge> : null}
          </td>
          <td>{c.location_name}</td>
          <td className="app-num">
            <Money value={c.balance} currency={currency} tone="balance" />
          </td>
          <td>
            <StatusBadge active={c.active} feminine />
          </td>
        </tr>
      ))}
    </ListPage>
  );
}
