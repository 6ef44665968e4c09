import { Link } from '@inertiajs/react';
import { route } from '@shared/routes';
import { TextAreaField } from '@/components/Field';
import { SubmitButton } from '@/components/SubmitButton';
import { Money } from '@/components/data/Money';
import { SectionCard } from '@/components/data/SectionCard';
import { Stat, StatRow } from '@/components/data/Stat';
import type { SettlementState } from './useSettlementForm';

/** What the settlement comes to (received, allocated, kept as advance, the client's balance after), the note, Valider. */
export function SettlementSummaryCard({ state }: { state: SettlementState }) {
  const { form, amount, preview, previewError, issues, isPayment, balanceAfter } = state;
  return (
    <SectionCard title="Récapitulatif" icon="fa-solid fa-list-check" className="mt-3" testId="settlement-summary">
      <div className="card-body">
        <StatRow className="mb-3">
          <Stat
            label={isPayment ? 'Reçu' : 'Pris sur l’acompte'}
            value={<Money value={amount ?? 0} />}
            testId="settlement-summary-amount"
          />
          <Stat
            label="Affecté aux factures"
            value={<Money value={preview?.allocated ?? 0} />}
            tone="success"
            testId="settlement-summary-allocated"
          />
          {isPayment ? (
            <Stat
              label="Gardé en acompte"
              value={<Money value={preview?.advance ?? 0} />}
              testId="settlement-summary-advance"
            />
          ) : null}
          <Stat
            label="Solde du client après"
            value={<Money value={balanceAfter} />}
            tone={balanceAfter > 0 ? 'danger' : undefined}
            testId="settlement-summary-balance"
          />
        </StatRow>
        <TextAreaField {...form.fieldProps('note')} label="Observation" rows={2} maxLength={500} />
        <div className="d-flex flex-wrap justify-content-end gap-2">
          <Link href={route('settlements.index')} className="btn btn-outline-secondary">
            Annuler
          </Link>
          <SubmitButton
            busy={form.busy}
            busyLabel="Validation…"
            icon="fa-solid fa-check"
            disabled={!preview || Boolean(previewError) || issues.some((x) => x.index !== null)}
            testId="settlement-submit"
          >
            Valider le règlement
          </SubmitButton>
        </div>
      </div>
    </SectionCard>
  );
}
