import { CLIENT_KIND_LABELS, type MasterDataPages, PRICE_LEVEL_LABELS } from '@shared/records';
import { route } from '@shared/routes';
import { AuditHistory } from '@/components/data/AuditHistory';
import { Fact, FactsCard } from '@/components/data/Fact';
import { formatDateTime } from '@/components/data/format';
import { Money } from '@/components/data/Money';
import { RecordLifecycle } from '@/components/data/RecordLifecycle';
import { EditLink, RecordPage } from '@/components/data/RecordPage';
import { Stat, StatRow } from '@/components/data/Stat';
import { Badge, StatusBadge } from '@/components/data/StatusBadge';

export default function ClientShow({ client, usage, history, can, currency }: MasterDataPages['clients/Show']) {
  const available = client.credit_limit - client.balance;
  return (
    <RecordPage
      title={client.name}
      subtitle={
        <>
          {client.code} · {CLIENT_KIND_LABELS[client.kind]} <StatusBadge active={client.active} />
          {client.is_walk_in ? <Badge tone="info" className="ms-1">Client comptant</Badge> : null}
        </>
      }
      breadcrumbs={[{ label: 'Fichiers' }, { label: 'Clients', href: route('clients.index') }, { label: client.code }]}
      actions={<EditLink href={can.update ? route('clients.edit', { id: client.id }) : null} />}
      aside={<RecordLifecycle resource="clients" id={client.id} active={client.active} usage={usage} noun="ce client" canDelete={can.delete} />}
    >
      <StatRow>
        <Stat label="Solde dû" value={<Money value={client.balance} currency={currency} />} tone={client.balance > 0 ? 'danger' : undefined} />
        <Stat label="Plafond de crédit" value={client.is_walk_in ? '—' : <Money value={client.credit_limit} currency={currency} />} />
        <Stat label="Crédit disponible" value={client.is_walk_in || client.credit_limit === 0 ? '—' : <Money value={available} currency={currency} />} tone={available < 0 ? 'danger' : undefined} />
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
      <AuditHistory items={history} />
    </RecordPage>
  );
}
