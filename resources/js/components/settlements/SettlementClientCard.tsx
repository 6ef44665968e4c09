import { Money } from '@/components/data/Money';
import { SectionCard } from '@/components/data/SectionCard';
import { Stat, StatRow } from '@/components/data/Stat';
import { ClientPicker } from '@/components/pickers/ClientPicker';
import type { SettlementState } from './useSettlementForm';

/** The client who pays: who they are, their balance, open invoices and advance; the picker to change them. */
export function SettlementClientCard({ state }: { state: SettlementState }) {
  const { client, invoices, due, errorOf, pickClient } = state;
  return (
    <SectionCard title="Client" icon="fa-solid fa-user" testId="settlement-client">
      <div className="card-body">
        <div className="row g-3 align-items-end">
          {client ? (
            <div className="col-md-6 col-xl-7" data-testid="settlement-client-name">
              <div className="small text-body-secondary">Client</div>
              <div className="fs-5 fw-semibold">
                <span className="code me-2">{client.code}</span>
                {client.name}
              </div>
              {client.phone ? <div className="small text-body-secondary">{client.phone}</div> : null}
            </div>
          ) : null}
          <div className={client ? 'col-md-6 col-xl-5' : 'col-md-8 col-xl-6'}>
            <ClientPicker
              label={client ? 'Changer de client' : 'Client'}
              placeholder="Code, nom ou téléphone…"
              keepSelection={false}
              autoFocus={client === null}
              onPick={(c) => pickClient(c.id)}
              error={errorOf('client_id')}
              id="settlement-client"
              testId="settlement-client-picker"
            />
          </div>
        </div>
        {client ? (
          <StatRow className="mt-3 mb-0" testId="settlement-client-facts">
            <Stat
              label="Solde (reste dû net de l’acompte)"
              value={<Money value={client.balance} />}
              tone={client.balance > 0 ? 'danger' : undefined}
              testId="settlement-client-balance"
            />
            <Stat
              label="Factures ouvertes"
              value={<Money value={due} />}
              extra={`${invoices.length} facture${invoices.length > 1 ? 's' : ''}`}
            />
            <Stat
              label="Acompte disponible"
              value={<Money value={client.advance} />}
              tone={client.advance > 0 ? 'success' : undefined}
              testId="settlement-client-advance"
            />
          </StatRow>
        ) : (
          <p className="small text-body-secondary mt-2 mb-0">
            Choisissez le client qui paie : ses factures ouvertes s’affichent, les plus anciennes échéances en premier.
          </p>
        )}
      </div>
    </SectionCard>
  );
}
