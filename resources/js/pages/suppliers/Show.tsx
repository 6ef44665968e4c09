import { Link } from '@inertiajs/react';
import type { MasterDataPages } from '@shared/records';
import { AppPage } from '@/components/AppPage';
import { Icon } from '@/components/Icon';
import { AuditHistory } from '@/components/data/AuditHistory';
import { Fact } from '@/components/data/Fact';
import { formatDateTime } from '@/components/data/format';
import { Money } from '@/components/data/Money';
import { RecordLifecycle } from '@/components/data/RecordLifecycle';
import { StatusBadge } from '@/components/data/StatusBadge';

const BASE = '/fichiers/fournisseurs';

export default function SupplierShow({ supplier, usage, history, can, currency }: MasterDataPages['suppliers/Show']) {
  return (
    <AppPage
      title={supplier.name}
      subtitle={
        <>
          {supplier.code} <StatusBadge active={supplier.active} />
        </>
      }
      breadcrumbs={[{ label: 'Fichiers' }, { label: 'Fournisseurs', href: BASE }, { label: supplier.code }]}
      actions={
        can.update ? (
          <Link href={`${BASE}/${supplier.id}/edit`} className="btn btn-primary" data-testid="edit-link">
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
              <div className={`app-stat-value ${supplier.balance > 0 ? 'text-danger' : ''}`}>
                <Money value={supplier.balance} currency={currency} />
              </div>
              <div className="app-stat-label">Solde à payer au fournisseur</div>
            </div>
          </div>
          <section className="card app-section-card" aria-labelledby="supplier-facts">
            <div className="card-header">
              <h2 id="supplier-facts" className="h6 mb-0">
                Fiche fournisseur
              </h2>
            </div>
            <div className="card-body">
              <dl className="app-facts">
                <Fact label="Téléphone" value={supplier.phone} />
                <Fact label="E-mail" value={supplier.email} />
                <Fact label="Adresse" value={supplier.address} />
                <Fact label="N° contribuable" value={supplier.tax_number} />
                <Fact label="Créé le" value={formatDateTime(supplier.created_at)} />
                <Fact label="Modifié le" value={formatDateTime(supplier.updated_at)} />
              </dl>
            </div>
          </section>
          <AuditHistory items={history} />
        </div>
        <div className="col-xl-4">
          <RecordLifecycle url={`${BASE}/${supplier.id}`} active={supplier.active} usage={usage} noun="ce fournisseur" canDelete={can.delete} />
        </div>
      </div>
    </AppPage>
  );
}
