import { Link } from '@inertiajs/react';
import { CLIENT_KIND_LABELS, type MasterDataPages, PRICE_LEVEL_LABELS } from '@shared/records';
import { AppPage } from '@/components/AppPage';
import { Icon } from '@/components/Icon';
import { AuditHistory } from '@/components/data/AuditHistory';
import { Fact } from '@/components/data/Fact';
import { formatDateTime } from '@/components/data/format';
import { Money } from '@/components/data/Money';
import { RecordLifecycle } from '@/components/data/RecordLifecycle';
import { Badge, StatusBadge } from '@/components/data/StatusBadge';

const BASE = '/fichiers/clients';

export default function ClientShow({ client, usage, history, can, currency }: MasterDataPages['clients/Show']) {
  const available = client.credit_limit - client.balance;
  return (
    <AppPage
      title={client.name}
      subtitle={
        <>
          {client.code} · {CLIENT_KIND_LABELS[client.kind]} <StatusBadge active={client.active} />
          {client.is_walk_in ? <Badge tone="info" className="ms-1">Client comptant</Badge> : null}
        </>
      }
      breadcrumbs={[{ label: 'Fichiers' }, { label: 'Clients', href: BASE }, { label: client.code }]}
      actions={
        can.update ? (
          <Link href={`${BASE}/${client.id}/edit`} className="btn btn-primary" data-testid="edit-link">
            <Icon name="fa-solid fa-pen" className="me-2" />
            Modifier
          </Link>
        ) : null
      }
    >
      <div className="row g-4">
        <div className="col-xl-8">
          <div className="app-stat-row mb-4">
            <div className="app-stat">
              <div className={`app-stat-value ${client.balance > 0 ? 'text-danger' : ''}`}>
                <Money value={client.balance} currency={currency} />
              </div>
              <div className="app-stat-label">Solde dû</div>
            </div>
            <div className="app-stat">
              <div className="app-stat-value">{client.is_walk_in ? '—' : <Money value={client.credit_limit} currency={currency} />}</div>
              <div className="app-stat-label">Plafond de crédit</div>
            </div>
            <div className="app-stat">
              <div className={`app-stat-value ${available < 0 ? 'text-danger' : ''}`}>{client.is_walk_in || client.credit_limit === 0 ? '—' : <Money value={available} currency={currency} />}</div>
              <div className="app-stat-label">Crédit disponible</div>
            </div>
          </div>
          <section className="card app-section-card" aria-labelledby="client-facts">
            <div className="card-header">
              <h2 id="client-facts" className="h6 mb-0">
                Fiche client
              </h2>
            </div>
            <div className="card-body">
              <dl className="app-facts">
                <Fact label="Téléphone" value={client.phone} />
                <Fact label="E-mail" value={client.email} />
                <Fact label="Ville" value={client.city} />
                <Fact label="Adresse" value={client.address} />
                <Fact label="N° contribuable" value={client.tax_number} />
                <Fact label="Niveau de prix" value={PRICE_LEVEL_LABELS[client.price_level]} />
                <Fact label="Créé le" value={formatDateTime(client.created_at)} />
                <Fact label="Modifié le" value={formatDateTime(client.updated_at)} />
              </dl>
            </div>
          </section>
          <AuditHistory items={history} />
        </div>
        <div className="col-xl-4">
          <RecordLifecycle url={`${BASE}/${client.id}`} active={client.active} usage={usage} noun="ce client" canDelete={can.delete} />
        </div>
      </div>
    </AppPage>
  );
}
