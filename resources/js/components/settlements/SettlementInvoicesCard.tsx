import type { SettlementClient } from '@shared/pages/settlements';
import { FieldError } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { ScrollTable } from '@/components/data/DataTable';
import { formatDate } from '@/components/data/format';
import { Money } from '@/components/data/Money';
import { MoneyInput } from '@/components/data/MoneyInput';
import { SectionCard } from '@/components/data/SectionCard';
import type { SettlementState } from './useSettlementForm';

/** « en retard de 12 j », « échéance aujourd'hui », « échéance dans 5 j ». */
function ageLabel(age: number): string {
  if (age > 0) return `en retard de ${age} j`;
  if (age === 0) return 'échéance aujourd’hui';
  return `échéance dans ${-age} j`;
}

/** The client's open invoices, oldest due first or ticked, with what this settlement puts on each; the advance left over. */
export function SettlementInvoicesCard({ state, client }: { state: SettlementState; client: SettlementClient }) {
  const { data, set, invoices, due, preview, allocatedTo, rowError, previewError, isPayment, money, tick } = state;
  return (
    <SectionCard
      title="Factures réglées"
      icon="fa-solid fa-file-invoice"
      className="mt-3"
      testId="settlement-invoices"
      aside={
        <div className="btn-group btn-group-sm" role="radiogroup" aria-label="Répartition">
          {(['oldest', 'chosen'] as const).map((mode) => (
            <label
              key={mode}
              className={`btn ${data.allocation_mode === mode ? 'btn-secondary' : 'btn-outline-secondary'}`}
            >
              <input
                type="radio"
                className="visually-hidden"
                name="allocation_mode"
                value={mode}
                checked={data.allocation_mode === mode}
                onChange={() => set({ allocation_mode: mode }, 'allocations')}
                data-testid={`settlement-mode-${mode}`}
              />
              {mode === 'oldest' ? 'Les plus anciennes d’abord' : 'Factures cochées'}
            </label>
          ))}
        </div>
      }
    >
      {invoices.length === 0 ? (
        <p className="card-body mb-0 text-body-secondary" data-testid="settlement-no-invoice">
          Ce client n’a aucune facture ouverte : un paiement sera gardé en acompte, à utiliser sur une prochaine
          facture.
        </p>
      ) : (
        <ScrollTable
          caption={`Factures ouvertes de ${client.name}`}
          testId="settlement-invoice-table"
          rows={invoices}
          rowKey={(i) => i.id}
          rowTestId={(i) => `settlement-invoice-${i.number}`}
          columns={[
            {
              id: 'tick',
              label: 'Régler',
              role: 'secondary',
              cell: (i) => (
                <input
                  type="checkbox"
                  className="form-check-input"
                  aria-label={`Régler la facture ${i.number}`}
                  checked={data.chosen[String(i.id)] !== undefined}
                  onChange={(e) => tick(i, e.target.checked)}
                  data-testid={`settlement-tick-${i.number}`}
                />
              ),
            },
            { id: 'number', label: 'Facture', role: 'title', className: 'code', cell: (i) => i.number },
            { id: 'date', label: 'Date', role: 'secondary', cell: (i) => formatDate(i.sale_date) },
            {
              id: 'due',
              label: 'Échéance',
              role: 'secondary',
              cell: (i) => (
                <>
                  {i.due_date ? formatDate(i.due_date) : '—'}
                  <div className={`small ${i.age > 0 ? 'text-danger' : 'text-body-secondary'}`}>{ageLabel(i.age)}</div>
                </>
              ),
            },
            {
              id: 'total',
              label: 'Montant',
              role: 'secondary',
              num: true,
              cell: (i) => <Money value={i.total} />,
            },
            {
              id: 'paid',
              label: 'Déjà payé',
              role: 'secondary',
              num: true,
              cell: (i) => <Money value={i.paid} />,
            },
            {
              id: 'remaining',
              label: 'Reste à payer',
              role: 'figure',
              num: true,
              cell: (i) => <Money value={i.remaining} tone="debt" />,
              foot: <Money value={due} />,
            },
            {
              id: 'allocated',
              label: 'Ce règlement',
              role: 'figure',
              num: true,
              cell: (i) => {
                const ticked = data.chosen[String(i.id)] !== undefined;
                const error = rowError(i.id);
                return (
                  <div data-testid={`settlement-allocated-${i.number}`}>
                    {data.allocation_mode === 'chosen' && ticked ? (
                      <MoneyInput
                        id={`settlement-alloc-${i.id}`}
                        size="sm"

                        className="text-end"
                        ariaLabel={`Montant réglé sur ${i.number}`}
                        value={data.chosen[String(i.id)]}
                        onChange={(v) => set({ chosen: { ...data.chosen, [String(i.id)]: v } }, 'allocations')}
                        invalid={Boolean(error)}
                      />
                    ) : null}
                    <strong className={allocatedTo.get(i.id) ? '' : 'text-body-secondary'}>
                      {allocatedTo.get(i.id) ? <Money value={allocatedTo.get(i.id)!} /> : '—'}
                    </strong>
                    {allocatedTo.get(i.id) === i.remaining ? <div className="small text-success">soldée</div> : null}
                    <FieldError id={`settlement-alloc-${i.id}-error`} error={error} />
                  </div>
                );
              },
              foot: <Money value={preview?.allocated ?? 0} />,
            },
          ]}
        />
      )}
      <div className="px-3">
        <FieldError id="settlement-preview-error" error={previewError} />
      </div>
      {preview && preview.advance > 0 && isPayment ? (
        <div className="alert alert-info m-3" role="status" data-testid="settlement-advance-notice">
          <Icon name="fa-solid fa-piggy-bank" className="me-2" />
          {preview.allocated === 0 ? 'Aucune facture réglée : ' : ''}
          <strong>{money(preview.advance)}</strong>{' '}
          {preview.allocated === 0 ? 'seront gardés' : 'au-delà des factures seront gardés'} en <strong>acompte</strong>{' '}
          au client, utilisable sur un prochain règlement ou une prochaine facture.
        </div>
      ) : null}
    </SectionCard>
  );
}
