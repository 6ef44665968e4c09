import { Link } from '@inertiajs/react';
import { useState } from 'react';
import { CLOSING_STATUS_LABELS, differenceLabel } from '@shared/cash-closings';
import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { AppPage } from '@/components/AppPage';
import { StatusAlert } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { Fact, Facts } from '@/components/data/Fact';
import { SectionCard } from '@/components/data/SectionCard';
import { Badge, StatusBadge } from '@/components/data/StatusBadge';
import { Stat, StatRow } from '@/components/data/Stat';
import { formatCount, formatDate, formatDateTime } from '@/components/data/format';
import { Money } from '@/components/data/Money';
import { CancelDialog } from '@/components/documents/CancelDialog';
import { CashTabs } from '@/components/treasury/CashTabs';
import { CountLinesTable, ExpectedCashTable, NonCashTable } from '@/components/treasury/CashFiguresTables';

/** One closing: what was expected, counted note by note, the difference and its reason, who signed; its report (A4, 80 mm); reopening. */
export default function ClosingShow({ closing: c, count_lines, uncertified, can }: PageProps<'cash-closings/Show'>) {
  const [reopening, setReopening] = useState(false);
  return (
    <AppPage
      title={`Arrêté de caisse du ${formatDate(c.closing_date)}`}
      subtitle={`${c.account_name}${c.location_name ? ` — ${c.location_name}` : ''}`}
      breadcrumbs={[
        { label: 'Opérations' },
        { label: 'Caisse' },
        { label: 'Arrêtés', href: route('cash.closings.index') },
        { label: formatDate(c.closing_date) },
      ]}
      actions={
        <div className="d-flex flex-wrap gap-2">
          <a
            href={route('cash.closings.print', { id: c.id }, { print: 1 })}
            target="_blank"
            rel="noopener"
            className="btn btn-outline-secondary"
            data-testid="closing-print-a4"
          >
            <Icon name="fa-solid fa-print" className="me-2" />
            Rapport (A4)
          </a>
          <a
            href={route('cash.closings.print', { id: c.id }, { format: '80mm', print: 1 })}
            target="_blank"
            rel="noopener"
            className="btn btn-outline-secondary"
            data-testid="closing-print-80"
          >
            <Icon name="fa-solid fa-receipt" className="me-2" />
            Ticket 80 mm
          </a>
          {can.reopen ? (
            <button
              type="button"
              className="btn btn-outline-danger"
              onClick={() => setReopening(true)}
              data-testid="closing-reopen"
            >
              <Icon name="fa-solid fa-lock-open" className="me-2" />
              Rouvrir
            </button>
          ) : null}
        </div>
      }
    >
      <CashTabs />
      {c.status === 'reopened' ? (
        <StatusAlert tone="warning" icon="fa-solid fa-lock-open" testId="closing-reopened">
          Arrêté rouvert le {formatDateTime(c.reopened_at)} par {c.reopened_by_name ?? '—'} — motif : {c.reopen_reason}.
          Son écart a été annulé ; la journée doit être arrêtée à nouveau.
        </StatusAlert>
      ) : null}
      <StatRow>
        <Stat
          label="Attendu"
          value={<Money value={c.expected} />}
          extra={formatCount(c.movement_count, 'mouvement')}
          testId="closing-show-expected"
        />
        <Stat label="Compté" tone="info" value={<Money value={c.counted} />} testId="closing-show-counted" />
        <Stat
          label={`Écart — ${differenceLabel(c.difference)}`}
          tone={c.difference === 0 ? 'success' : 'danger'}
          value={<Money value={c.difference} />}
          testId="closing-show-difference"
        />
      </StatRow>
      <SectionCard title="Arrêté" icon="fa-solid fa-file-signature" className="mb-3">
        <div className="card-body">
          <Facts>
            <Fact
              label="Statut"
              value={
                <Badge tone={c.status === 'closed' ? 'success' : 'warning'}>{CLOSING_STATUS_LABELS[c.status]}</Badge>
              }
            />
            <Fact label="Caisse" value={`${c.account_name} (${c.account_code})`} />
            <Fact label="Journée" value={formatDate(c.closing_date)} />
            <Fact label="Validé" value={`${formatDateTime(c.closed_at)} par ${c.closed_by_name ?? '—'}`} />
            <Fact label="Motif de l’écart" value={c.reason || '—'} />
          </Facts>
        </div>
      </SectionCard>
      <div className="row g-3">
        <div className="col-lg-6">
          <SectionCard title="Comptage" icon="fa-solid fa-money-bill-wave" testId="closing-show-count">
            {count_lines.length === 0 ? (
              <p className="text-body-secondary mb-0 px-3 py-2">Caisse vide : rien n’a été compté.</p>
            ) : (
              <CountLinesTable lines={count_lines} counted={c.counted} />
            )}
          </SectionCard>
        </div>
        <div className="col-lg-6">
          <SectionCard title="Attendu" icon="fa-solid fa-calculator">
            <ExpectedCashTable figures={c} day={formatDate(c.closing_date)} />
          </SectionCard>
          <SectionCard title="Encaissements hors espèces du jour" icon="fa-solid fa-mobile-screen" className="mt-3">
            <NonCashTable rows={c.non_cash} />
          </SectionCard>
        </div>
      </div>
      {uncertified.length ? (
        <SectionCard
          title={`Documents du jour non certifiés par la DGI (${uncertified.length})`}
          icon="fa-solid fa-stamp"
          className="mt-3"
          testId="closing-uncertified"
        >
          <ul className="list-unstyled mb-0 px-3 py-2">
            {uncertified.map((d) => (
              <li key={d.url} className="mb-1">
                <Link href={d.url} className="app-doc-number me-2">
                  {d.number}
                </Link>
                <span className="text-body-secondary me-2">{d.document_label}</span>
                <StatusBadge kind="fiscal" status={d.state} label={d.state_label} />
                {d.error_message ? <div className="small text-danger">{d.error_message}</div> : null}
              </li>
            ))}
          </ul>
        </SectionCard>
      ) : null}
      {can.reopen ? (
        <CancelDialog
          open={reopening}
          onClose={() => setReopening(false)}
          url={route('cash.closings.reopen', { id: c.id })}
          title={`Rouvrir l’arrêté du ${formatDate(c.closing_date)} ?`}
          explanation="La journée pourra de nouveau recevoir des mouvements ; son écart est annulé et elle devra être arrêtée à nouveau. La réouverture est inscrite au journal."
          reasonLabel="Motif de la réouverture"
          confirmLabel="Rouvrir la journée"
          icon="fa-solid fa-lock-open"
          busyLabel="Réouverture…"
          testId="reopen-dialog"
        />
      ) : null}
    </AppPage>
  );
}
