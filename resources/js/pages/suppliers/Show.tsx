import type { MasterDataPages } from '@shared/pages/master-data';
import { route } from '@shared/routes';
import { AuditHistory } from '@/components/data/AuditHistory';
import { Fact, FactsCard } from '@/components/data/Fact';
import { formatDateTime } from '@/components/data/format';
import { Money } from '@/components/data/Money';
import { RecordLifecycle } from '@/components/data/RecordLifecycle';
import { EditLink, RecordPage } from '@/components/data/RecordPage';
import { Stat, StatRow } from '@/components/data/Stat';
import { StatusBadge } from '@/components/data/StatusBadge';

export default function SupplierShow({ supplier, usage, history, can }: MasterDataPages['suppliers/Show']) {
  return (
    <RecordPage
      title={supplier.name}
      subtitle={
        <>
          {supplier.code} <StatusBadge active={supplier.active} />
        </>
      }
      breadcrumbs={[
        { label: 'Fichiers' },
        { label: 'Fournisseurs', href: route('suppliers.index') },
        { label: supplier.code },
      ]}
      actions={<EditLink href={can.update ? route('suppliers.edit', { id: supplier.id }) : null} />}
      aside={
        <RecordLifecycle
          resource="suppliers"
          id={supplier.id}
          active={supplier.active}
          usage={usage}
          noun="ce fournisseur"
          canDelete={can.delete}
        />
      }
    >
      <StatRow>
        <Stat
          label="Solde à payer au fournisseur"
          value={<Money value={supplier.balance} />}
          tone={supplier.balance > 0 ? 'danger' : undefined}
        />
      </StatRow>
      <FactsCard title="Fiche fournisseur">
        <Fact label="Téléphone" value={supplier.phone} />
        <Fact label="E-mail" value={supplier.email} />
        <Fact label="Adresse" value={supplier.address} />
        <Fact label="N° contribuable" value={supplier.tax_number} />
        <Fact label="Créé le" value={formatDateTime(supplier.created_at)} />
        <Fact label="Modifié le" value={formatDateTime(supplier.updated_at)} />
      </FactsCard>
      <AuditHistory items={history} />
    </RecordPage>
  );
}
