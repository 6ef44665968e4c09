import { Link, router } from '@inertiajs/react';
import { useState } from 'react';
import { closingDifference, closingReasonIssue, differenceLabel } from '@shared/cash-closings';
import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { AppPage } from '@/components/AppPage';
import { StatusAlert, TextAreaField } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { SubmitButton } from '@/components/SubmitButton';
import { ConfirmDialog } from '@/components/data/ConfirmDialog';
import { DateInput } from '@/components/data/DateInput';
import { FormErrors } from '@/components/data/FormErrors';
import { formLevelErrors } from '@/components/data/form-errors';
import { SectionCard } from '@/components/data/SectionCard';
import { Stat, StatRow } from '@/components/data/Stat';
import { formatCount, formatDate } from '@/components/data/format';
import { Money } from '@/components/data/Money';
import { CashTabs } from '@/components/treasury/CashTabs';
import { ExpectedCashTable, NonCashTable } from '@/components/treasury/CashFiguresTables';
import { useServerForm } from '@/hooks/useServerForm';
import { newIdempotencyKey } from '@/lib/idempotency';
import { useCompany, useMoney } from '@/hooks/useCompany';

type Props = PageProps<'cash-closings/Create'>;

/** A typed count: a whole number of notes or coins (anything else counts for nothing here; the server says why). */
function parsedCount(text: string): number {
  const cleaned = text.replace(/[\s\u00a0\u202f]/gu, '');
  return /^\d{1,7}$/.test(cleaned) ? Number(cleaned) : 0;
}

/**
 * Arrêté de caisse: pick the desk and the day; the screen shows what the ledger expects in the
 * drawer (opening balance + every movement of the day, by nature) and the day's non-cash takings;
 * the cashier counts the drawer note by note, the difference shows live, a reason is required
 * when it is not zero, and validating locks the day for the desk.
 */
export default function ClosingCreate({ accounts, account_id, day, draft, denominations, by_denomination }: Props) {
  const { today } = useCompany();
  const pick = (changes: { account_id?: string; day?: string }) =>
    router.get(route('cash.closings.create', { account_id, day, ...changes }), {}, { preserveState: false });
  return (
    <AppPage
      title="Arrêté de caisse"
      subtitle="Comptez la caisse billet par billet : l’écran dit exactement ce qui est attendu de chaque vente, règlement, dépense, transfert et versement."
      breadcrumbs={[
        { label: 'Opérations' },
        { label: 'Caisse' },
        { label: 'Arrêtés', href: route('cash.closings.index') },
        { label: 'Nouvel arrêté' },
      ]}
    >
      <CashTabs />
      <div className="card mb-3">
        <div className="card-body d-flex flex-wrap gap-3 align-items-end">
          <div className="flex-grow-1">
            <label htmlFor="closing-account" className="form-label small fw-semibold">
              Caisse
            </label>
            <select
              id="closing-account"
              className="form-select"
              value={account_id}
              onChange={(e) => pick({ account_id: e.target.value })}
              data-testid="closing-account"
            >
              {account_id === '' ? <option value="">Choisissez la caisse…</option> : null}
              {accounts.map((a) => (
                <option key={a.value} value={a.value}>
                  {a.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="closing-day" className="form-label small fw-semibold">
              Journée
            </label>
            <DateInput
              id="closing-day"
              mode="commit"
              max={today}
              value={day}
              onChange={(d) => d && pick({ day: d })}
              testId="closing-day"
            />
          </div>
        </div>
      </div>
      {!draft ? (
        <StatusAlert tone="info" icon="fa-solid fa-circle-info">
          {accounts.length
            ? 'Choisissez la caisse à arrêter.'
            : 'Aucune caisse active n’est rattachée à vos emplacements.'}
        </StatusAlert>
      ) : draft.closing_id ? (
        <StatusAlert tone="success" icon="fa-solid fa-lock" testId="closing-already">
          La journée du {formatDate(draft.day)} est déjà arrêtée pour {draft.account.name}.{' '}
          <Link href={route('cash.closings.show', { id: draft.closing_id })}>Voir l’arrêté</Link>
        </StatusAlert>
      ) : draft.closed_through && draft.day < draft.closed_through ? (
        <StatusAlert tone="warning" icon="fa-solid fa-lock" testId="closing-locked">
          {draft.account.name} est arrêtée jusqu’au {formatDate(draft.closed_through)} : la journée du{' '}
          {formatDate(draft.day)} ne peut plus être arrêtée.
        </StatusAlert>
      ) : (
        <ClosingForm
          key={`${draft.account.id}:${draft.day}:${draft.expected}`}
          draft={draft}
          denominations={denominations}
          byDenomination={by_denomination}
        />
      )}
    </AppPage>
  );
}

function ClosingForm({
  draft,
  denominations,
  byDenomination,
}: {
  draft: NonNullable<Props['draft']>;
  denominations: Props['denominations'];
  byDenomination: boolean;
}) {
  const { currency } = useCompany();
  const money = useMoney();
  const form = useServerForm<{
    idempotency_key: string;
    account_id: number;
    day: string;
    expected_seen: number;
    reason: string;
    counts: Array<{ key: string; count: string }>;
  }>({
    idempotency_key: newIdempotencyKey(),
    account_id: draft.account.id,
    day: draft.day,
    expected_seen: draft.expected,
    reason: '',
    counts: denominations.map((d) => ({ key: d.key, count: '' })),
  });
  const [confirming, setConfirming] = useState(false);
  const counted = denominations.reduce((sum, d, i) => sum + d.value * parsedCount(form.data.counts[i].count), 0);
  const difference = closingDifference(counted, draft.expected);
  const errors = form.errors as Record<string, string | undefined>;
  const setCount = (i: number, value: string) => {
    form.setData(
      'counts',
      form.data.counts.map((c, k) => (k === i ? { ...c, count: value } : c)),
    );
    if (errors[`counts.${i}.count`]) form.clearErrors(`counts.${i}.count` as never);
  };
  const submit = () => form.submit('post', route('cash.closings.index'));
  const others = formLevelErrors(form.errors, [
    'reason',
    'counts',
    ...denominations.map((_, i) => `counts.${i}.count`),
  ]);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        // The server's own rule, checked before asking for confirmation: a difference needs a reason.
        const reasonIssue = closingReasonIssue(difference, form.data.reason, currency);
        if (reasonIssue) {
          form.setError('reason', reasonIssue);
          document.getElementById(form.fieldProps('reason').id)?.focus();
          return;
        }
        setConfirming(true);
      }}
      data-testid="closing-form"
      noValidate
    >
      <StatRow testId="closing-stats">
        <Stat
          label="Attendu en caisse"
          value={<Money value={draft.expected} />}
          extra={`${formatCount(draft.movement_count, 'mouvement')} le ${formatDate(draft.day)}`}
          testId="closing-stat-expected"
        />
        <Stat label="Compté" tone="info" value={<Money value={counted} />} testId="closing-stat-counted" />
        <Stat
          label={`Écart — ${differenceLabel(difference)}`}
          tone={difference === 0 ? 'success' : 'danger'}
          value={<Money value={difference} />}
          testId="closing-stat-difference"
        />
      </StatRow>
      <FormErrors messages={others} />
      {errors.counts ? (
        <StatusAlert tone="danger" icon="fa-solid fa-triangle-exclamation" testId="closing-counts-error">
          {errors.counts}
        </StatusAlert>
      ) : null}
      <div className="row g-3">
        <div className="col-lg-6">
          <SectionCard
            title={byDenomination ? 'Comptage par billets et pièces' : 'Montant compté'}
            icon="fa-solid fa-money-bill-wave"
            testId="closing-count"
          >
            <div className="table-responsive">
              <table className="table table-sm align-middle mb-0">
                <thead>
                  <tr>
                    <th scope="col">Coupure</th>
                    <th scope="col" className="text-end">
                      Nombre
                    </th>
                    <th scope="col" className="text-end">
                      Montant
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {denominations.map((d, i) => {
                    const error = errors[`counts.${i}.count`];
                    const id = `count-${d.key}`;
                    return (
                      <tr key={d.key}>
                        <td>
                          <label htmlFor={id} className="mb-0">
                            <span
                              className={
                                d.kind === 'note' ? 'badge text-bg-success me-2' : 'badge text-bg-secondary me-2'
                              }
                            >
                              {d.kind === 'note' ? 'Billet' : 'Pièce'}
                            </span>{' '}
                            {d.label.replace(/^(Billet|Pièce) de /, '')}
                          </label>
                        </td>
                        <td className="text-end">
                          <input
                            id={id}
                            name={`counts.${i}.count`}
                            inputMode="numeric"
                            autoComplete="off"
                            className={`form-control form-control-sm text-end ms-auto app-count-input ${error ? 'is-invalid' : ''}`}
                            value={form.data.counts[i].count}
                            onChange={(e) => setCount(i, e.target.value)}
                            aria-invalid={error ? true : undefined}
                            aria-describedby={error ? `${id}-error` : undefined}
                            data-testid={`count-${d.key}`}
                          />
                          {error ? (
                            <div id={`${id}-error`} className="invalid-feedback d-block">
                              {error}
                            </div>
                          ) : null}
                        </td>
                        <td className="text-end">
                          <Money value={d.value * parsedCount(form.data.counts[i].count)} />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" colSpan={2}>
                      Total compté
                    </th>
                    <td className="text-end fw-bold" data-testid="closing-counted">
                      <Money value={counted} />
                    </td>
                  </tr>
                </tfoot>
              </table>
            </div>
          </SectionCard>
        </div>
        <div className="col-lg-6">
          <SectionCard title={`Attendu le ${formatDate(draft.day)}`} icon="fa-solid fa-calculator">
            <ExpectedCashTable figures={draft} day={formatDate(draft.day)} />
          </SectionCard>
          <SectionCard title="Encaissements hors espèces du jour" icon="fa-solid fa-mobile-screen" className="mt-3">
            <p className="small text-body-secondary px-3 pt-2 mb-2">
              À rapprocher des relevés des opérateurs mobile money et de la banque.
            </p>
            <NonCashTable rows={draft.non_cash} />
          </SectionCard>
        </div>
      </div>
      <div className="card mt-3">
        <div className="card-body">
          <TextAreaField
            {...form.fieldProps('reason')}
            label={
              difference === 0
                ? 'Observation sur l’écart (aucun écart)'
                : `Motif de l’écart (${differenceLabel(difference).toLowerCase()} de ${money(Math.abs(difference))})`
            }
            required={difference !== 0}
            maxLength={500}
            hint={
              difference === 0
                ? 'Aucun écart : rien à expliquer.'
                : 'Obligatoire : expliquez l’écart (erreur de rendu de monnaie, billet faux, dépense sans pièce…).'
            }
          />
          <div className="d-flex flex-wrap gap-2 justify-content-end">
            <Link href={route('cash.closings.index')} className="btn btn-outline-secondary">
              Annuler
            </Link>
            <SubmitButton busy={form.processing} icon="fa-solid fa-lock" testId="closing-submit">
              Valider l’arrêté
            </SubmitButton>
          </div>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Valider l’arrêté de caisse ?"
        confirmLabel="Valider et clôturer la journée"
        onConfirm={submit}
        icon="fa-solid fa-lock"
        testId="closing-confirm"
      >
        <p className="mb-2">
          {draft.account.name}, journée du {formatDate(draft.day)} : attendu <Money value={draft.expected} />, compté{' '}
          <Money value={counted} />, écart{' '}
          <strong>
            <Money value={difference} />
          </strong>
          .
        </p>
        <p className="mb-0">
          <Icon name="fa-solid fa-lock" className="me-1" />
          La journée sera verrouillée pour cette caisse : les ventes et règlements suivants iront sur la prochaine
          journée ouverte.
        </p>
      </ConfirmDialog>
    </form>
  );
}
