import { Link, router } from '@inertiajs/react';
import { type FormEvent, useState } from 'react';
import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { AppPage } from '@/components/AppPage';
import { Icon } from '@/components/Icon';
import { EmptyState } from '@/components/data/EmptyState';
import { SectionCard } from '@/components/data/SectionCard';
import { Stat, StatRow } from '@/components/data/Stat';
import { formatCount, formatDate } from '@/components/data/format';
import { Money } from '@/components/data/Money';
import { MovementFiguresTable } from '@/components/treasury/CashFiguresTables';
import { CashTabs } from '@/components/treasury/CashTabs';
import { DateInput } from '@/components/data/DateInput';

/**
 * Caisse › Situation de caisse: one account (a desk, a bank, a wallet) over a period — the opening
 * balance, every in and out grouped by movement type, the closing balance, and each day with its
 * balance and whether it is closed. Printable A4, exportable.
 */
export default function CashSituation({ accounts, filters, situation: s }: PageProps<'cash/Situation'>) {
  const [draft, setDraft] = useState(filters);
  const show = (e: FormEvent) => {
    e.preventDefault();
    router.get(route('cash.situation', draft), {}, { preserveState: false });
  };
  const query = { account_id: filters.account_id, from: filters.from, to: filters.to };
  return (
    <AppPage
      title="Situation de caisse"
      subtitle="Solde d’ouverture, entrées et sorties par nature, solde de clôture : tout ce que le grand livre a enregistré sur la période."
      breadcrumbs={[{ label: 'Opérations' }, { label: 'Trésorerie' }, { label: 'Caisse' }, { label: 'Situation' }]}
      actions={
        s ? (
          <div className="d-flex flex-wrap gap-2">
            <a
              href={route('cash.situation.print', { ...query, print: 1 })}
              className="btn btn-outline-secondary"
              target="_blank"
              rel="noopener"
              data-testid="situation-print"
            >
              <Icon name="fa-solid fa-print" className="me-2" />
              Imprimer (A4)
            </a>
            <a
              href={route('cash.situation.export', { ...query, format: 'xlsx' })}
              className="btn btn-outline-secondary"
              data-testid="situation-export-xlsx"
            >
              <Icon name="fa-solid fa-file-excel" className="me-2" />
              Excel
            </a>
            <a
              href={route('cash.situation.export', { ...query, format: 'csv' })}
              className="btn btn-outline-secondary"
              data-testid="situation-export-csv"
            >
              <Icon name="fa-solid fa-file-csv" className="me-2" />
              CSV
            </a>
          </div>
        ) : null
      }
    >
      <CashTabs />
      <form className="card mb-3" onSubmit={show} data-testid="situation-filters">
        <div className="card-body d-flex flex-wrap gap-3 align-items-end">
          <div className="flex-grow-1">
            <label htmlFor="situation-account" className="form-label small fw-semibold">
              Compte
            </label>
            <select
              id="situation-account"
              className="form-select"
              value={draft.account_id}
              onChange={(e) => setDraft({ ...draft, account_id: e.target.value })}
            >
              {accounts.map((a) => (
                <option key={a.value} value={a.value}>
                  {a.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="situation-from" className="form-label small fw-semibold">
              Du
            </label>
            <DateInput id="situation-from" value={draft.from} onChange={(from) => setDraft((d) => ({ ...d, from }))} />
          </div>
          <div>
            <label htmlFor="situation-to" className="form-label small fw-semibold">
              Au
            </label>
            <DateInput id="situation-to" value={draft.to} onChange={(to) => setDraft((d) => ({ ...d, to }))} />
          </div>
          <button type="submit" className="btn btn-primary">
            Afficher
          </button>
        </div>
      </form>
      {!s ? (
        <EmptyState icon="fa-solid fa-cash-register" title="Aucun compte">
          Aucune caisse ni aucun compte de trésorerie ne vous est attribué.
        </EmptyState>
      ) : (
        <>
          <h2 className="h5 mb-3" data-testid="situation-title">
            {s.account.name} — du {formatDate(s.from)} au {formatDate(s.to)}
          </h2>
          <StatRow testId="situation-stats">
            <Stat label="Solde d’ouverture" value={<Money value={s.opening_balance} />} testId="situation-opening" />
            <Stat label="Entrées" tone="success" value={<Money value={s.total_in} />} testId="situation-in" />
            <Stat label="Sorties" tone="danger" value={<Money value={s.total_out} />} testId="situation-out" />
            <Stat
              label="Solde de clôture"
              tone="info"
              value={<Money value={s.closing_balance} />}
              extra={formatCount(s.movement_count, 'mouvement')}
              testId="situation-closing"
            />
          </StatRow>
          <SectionCard title="Entrées et sorties par nature" icon="fa-solid fa-layer-group" testId="situation-by-type">
            <MovementFiguresTable
              byType={s.by_type}
              opening={{ label: `Solde d’ouverture au ${formatDate(s.from)}`, value: s.opening_balance }}
              total={{
                label: 'Total de la période',
                count: s.movement_count,
                totalIn: s.total_in,
                totalOut: s.total_out,
              }}
              closing={{ label: `Solde de clôture au ${formatDate(s.to)}`, value: s.closing_balance }}
              emptyText="Aucun mouvement sur la période."
              rowTestId="situation-type"
            />
          </SectionCard>
          <SectionCard title="Journées" icon="fa-solid fa-calendar-day" className="mt-3" testId="situation-days">
            {s.days.length === 0 ? (
              <p className="text-body-secondary mb-0 px-3 py-2">Aucune journée avec des mouvements sur la période.</p>
            ) : (
              <div className="table-responsive">
                <table className="table table-sm align-middle mb-0">
                  <thead>
                    <tr>
                      <th scope="col">Journée</th>
                      <th scope="col" className="text-end d-none d-sm-table-cell">
                        Entrées
                      </th>
                      <th scope="col" className="text-end d-none d-sm-table-cell">
                        Sorties
                      </th>
                      <th scope="col" className="text-end">
                        Solde du soir
                      </th>
                      <th scope="col">Arrêté</th>
                    </tr>
                  </thead>
                  <tbody>
                    {s.days.map((d) => (
                      <tr key={d.day}>
                        <td>
                          {formatDate(d.day)}
                          {/* Below 576 px the day's ins and outs go under its date. */}
                          <div className="small text-body-secondary d-sm-none">
                            {d.total_in ? (
                              <>
                                entrées <Money value={d.total_in} />
                              </>
                            ) : null}
                            {d.total_in && d.total_out ? ' · ' : null}
                            {d.total_out ? (
                              <>
                                sorties <Money value={-d.total_out} />
                              </>
                            ) : null}
                          </div>
                        </td>
                        <td className="text-end d-none d-sm-table-cell">
                          {d.total_in ? <Money value={d.total_in} /> : '—'}
                        </td>
                        <td className="text-end d-none d-sm-table-cell">
                          {d.total_out ? <Money value={-d.total_out} /> : '—'}
                        </td>
                        <td className="text-end">
                          <Money value={d.balance} tone="balance" />
                        </td>
                        <td>
                          {d.closing_id ? (
                            <Link href={route('cash.closings.show', { id: d.closing_id })}>
                              <Icon name="fa-solid fa-lock" className="me-1" />
                              {d.difference ? (
                                <>
                                  écart <Money value={d.difference} />
                                </>
                              ) : (
                                'sans écart'
                              )}
                            </Link>
                          ) : (
                            <span className="text-body-secondary">—</span>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </SectionCard>
        </>
      )}
    </AppPage>
  );
}
