import type { PageProps } from '@shared/pages';
import { CLIENT_KIND_LABELS, PRICE_LEVEL_LABELS } from '@shared/clients';
import { Link } from '@inertiajs/react';
import { DataTable, RowLink } from '@/components/data/DataTable';
import { Icon } from '@/components/Icon';
import { route } from '@shared/routes';
import { AuditHistory } from '@/components/data/AuditHistory';
import { Fact, FactsCard } from '@/components/data/Fact';
import { formatDate, formatDateTime, formatQty } from '@/components/data/format';
import { Money } from '@/components/data/Money';
import { SaleStatus } from '@/components/sales/SaleStatus';
import { RecordLifecycle } from '@/components/data/RecordLifecycle';
import { EditLink, RecordPage } from '@/components/data/RecordPage';
import { Stat, StatRow } from '@/components/data/Stat';
import { Badge, StatusBadge } from '@/components/data/StatusBadge';
import { StatementSection } from '@/components/clients/StatementSection';

export default function ClientShow({
  client,
  usage,
  history,
  can,
  sales,
  statement,
  statement_note,
}: PageProps<'clients/Show'>) {
  const available = client.credit_limit - client.balance;
  return (
    <RecordPage
      title={client.name}
      subtitle={
        <>
          {client.code} · {CLIENT_KIND_LABELS[client.kind]} <StatusBadge active={client.active} />
          {client.is_walk_in ? (
            <Badge tone="info" className="ms-1">
              Client comptant
            </Badge>
          ) : null}
        </>
      }
      breadcrumbs={[{ label: 'Fichiers' }, { label: 'Clients', href: route('clients.index') }, { label: client.code }]}
      actions={<EditLink href={can.update ? route('clients.edit', { id: client.id }) : null} />}
      aside={
        <RecordLifecycle
          resource="clients"
          id={client.id}
          active={client.active}
          usage={usage}
          noun="ce client"
          canDelete={can.delete}
        />
      }
      below={
        statement ? (
          <StatementSection
            clientId={client.id}
            clientName={client.name}
            statement={statement}
            canExport={can.export}
          />
        ) : statement_note && !client.is_walk_in ? (
          <p className="small text-body-secondary mb-4" data-testid="client-statement-note">
            <Icon name="fa-solid fa-circle-info" className="me-1" />
            {statement_note}
          </p>
        ) : null
      }
    >
      <StatRow>
        <Stat
          label="Solde dû"
          value={<Money value={client.balance} />}
          tone={client.balance > 0 ? 'danger' : undefined}
          testId="client-balance"
        />
        {client.advance > 0 ? (
          <Stat
            label="Acompte disponible"
            value={<Money value={client.advance} />}
            tone="success"
            extra="Déjà déduit du solde ; utilisable par un prochain règlement."
            testId="client-advance"
          />
        ) : null}
        <Stat label="Plafond de crédit" value={client.is_walk_in ? '—' : <Money value={client.credit_limit} />} />
        <Stat
          label="Crédit disponible"
          value={client.is_walk_in || client.credit_limit === 0 ? '—' : <Money value={available} />}
          tone={available < 0 ? 'danger' : undefined}
        />
      </StatRow>
      <FactsCard title="Fiche client">
        <Fact label="Téléphone" value={client.phone} />
        <Fact label="E-mail" value={client.email} />
        <Fact label="Ville" value={client.city} />
        <Fact label="Adresse" value={client.address} />
        <Fact label="N° contribuable" value={client.tax_number} />
        <Fact label="Niveau de prix" value={PRICE_LEVEL_LABELS[client.price_level]} />
        <Fact label="Créé le" value={formatDateTime(client.created_at)} />
        <Fact label="Modifié le" value={formatDateTime(client.updated_at)} />
      </FactsCard>
      {sales ? (
        <section className="mb-4" aria-labelledby="client-sales-title" data-testid="client-sales">
          <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
            <h2 id="client-sales-title" className="h5 mb-0">
              Factures et ventes
            </h2>
            <span className="small text-body-secondary">
              {formatQty(sales.totals.count)} vente{sales.totals.count > 1 ? 's' : ''} ·{' '}
              <Money value={sales.totals.total} /> · reste à payer <Money value={sales.totals.due} tone="debt" />
            </span>
            {!client.is_walk_in && client.active ? (
              <Link
                href={route('sales.invoices.create', { client_id: client.id })}
                className="btn btn-sm btn-outline-primary"
                data-testid="client-new-invoice"
              >
                <Icon name="fa-solid fa-plus" className="me-1" />
                Nouvelle facture
              </Link>
            ) : null}
          </div>
          <DataTable
            caption={`Factures et ventes de ${client.name}`}
            page={sales.sales}
            pageParam="ventes"
            pageLabel="Pagination des ventes du client"
            emptyTitle="Aucune vente"
            emptyText="Aucune facture ni vente boutique pour ce client."
            emptyIcon="fa-solid fa-file-invoice"
            testId="client-sales-table"
            rows={sales.sales.data}
            rowKey={(s) => s.id}
            rowClassName={(s) => (s.status === 'cancelled' ? 'app-archived-row' : undefined)}
            columns={[
              {
                id: 'number',
                label: 'N°',
                role: 'title',
                cell: (s) => (
                  <RowLink href={route('sales.show', { id: s.id })} doc>
                    {s.number}
                  </RowLink>
                ),
              },
              { id: 'date', label: 'Date', role: 'secondary', cell: (s) => formatDate(s.sale_date) },
              { id: 'location', label: 'Emplacement', role: 'secondary', wrap: true, cell: (s) => s.location_name },
              {
                id: 'amount',
                label: 'Montant TTC',
                role: 'figure',
                num: true,
                cell: (s) => <Money value={s.total_ttc} />,
              },
              {
                id: 'due',
                label: 'Reste à payer',
                role: 'figure',
                num: true,
                cell: (s) => (s.due > 0 ? <Money value={s.due} tone="debt" /> : '—'),
              },
              {
                id: 'status',
                label: 'Statut',
                role: 'status',
                cell: (s) => <SaleStatus sale={s} />,
              },
            ]}
          />
        </section>
      ) : null}
      <AuditHistory items={history} />
    </RecordPage>
  );
}
