import { useState } from 'react';
import { FISCAL_QUEUE_TABS, type FiscalQueueTab } from '@shared/fiscal';
import type { PageProps } from '@shared/pages';
import type { FiscalQueueRow } from '@shared/pages/fiscal-queue';
import { route } from '@shared/routes';
import { Icon } from '@/components/Icon';
import { ConfirmDialog } from '@/components/data/ConfirmDialog';
import { RowLink } from '@/components/data/DataTable';
import { ListPage } from '@/components/data/ListPage';
import { StatusBadge } from '@/components/data/StatusBadge';
import { SubNav } from '@/components/data/SubNav';
import { formatDate, formatDateTime, formatQty } from '@/components/data/format';
import { useList } from '@/components/data/useList';
import { FiscalReferenceDialog } from '@/components/fiscal/FiscalReferenceDialog';

const TAB_NOTES: Record<FiscalQueueTab, string> = {
  pending:
    'Documents que l’envoi transmet à la DGI dès que possible ; une connexion qui n’a pas abouti est retentée automatiquement.',
  refused:
    'La DGI a refusé ces documents : corrigez ce que dit son message (point de vente, NCC du client…), puis renvoyez-les.',
  uncertain:
    'La demande est partie sans réponse : la DGI a peut-être certifié le document. Vérifiez sur son portail avant d’agir.',
  certified: 'Documents certifiés par la DGI, avec leur numéro fiscal.',
};

/**
 * Paramètres › File de certification: the certified documents' outbox by tab, each row with its
 * document, dates, attempts, the DGI's message and its history; « Renvoyer » (refused or uncertain,
 * confirmed) and « Saisir la référence fiscale » (uncertain).
 */
export default function FiscalQueueIndex({ tab, counts, rows }: PageProps<'fiscal-queue/Index'>) {
  const list = useList(route('fiscalQueue.index'), { tab });
  const [resending, setResending] = useState<FiscalQueueRow | null>(null);
  const [recording, setRecording] = useState<FiscalQueueRow | null>(null);
  const tabs = (Object.keys(FISCAL_QUEUE_TABS) as FiscalQueueTab[]).map((t) => ({
    href: route('fiscalQueue.index', { tab: t }),
    label: `${FISCAL_QUEUE_TABS[t].label} (${formatQty(counts[t])})`,
    active: t === tab,
  }));
  return (
    <>
      <ListPage
        title="File de certification"
        subtitle="Factures, ventes boutique et avoirs transmis à la DGI : ce qui attend, ce qui a été refusé, ce qui reste incertain."
        breadcrumbs={[{ label: 'Paramètres' }, { label: 'File de certification' }]}
        before={<SubNav items={tabs} label="États de certification" />}
        list={list}
        note={TAB_NOTES[tab]}
        page={rows}
        caption={`Documents : ${FISCAL_QUEUE_TABS[tab].label.toLowerCase()}`}
        tableTestId="fiscal-queue-table"
        empty={{
          icon: 'fa-solid fa-stamp',
          title: tab === 'certified' ? 'Aucun document certifié' : 'Aucun document dans cet état',
          text: tab === 'certified' ? undefined : 'Rien à faire ici pour l’instant.',
        }}
        rowKey={(r) => r.id}
        rowTestId={(r) => `fiscal-row-${r.number}`}
        columns={[
          {
            id: 'document',
            label: 'Document',
            role: 'title',
            wrap: true,
            cell: (r) => (
              <>
                <RowLink href={r.document_url} doc>
                  {r.number}
                </RowLink>
                <div className="small text-body-secondary">
                  {r.document_label}
                  {r.location_name ? ` · ${r.location_name}` : ''}
                  {r.document_date ? ` · ${formatDate(r.document_date)}` : ''}
                </div>
                {r.error_message ? (
                  <div className="small text-danger mt-1" data-testid="fiscal-error">
                    {r.error_message}
                  </div>
                ) : null}
              </>
            ),
          },
          {
            id: 'state',
            label: 'État',
            role: 'status',
            wrap: true,
            cell: (r) => (
              <>
                <StatusBadge kind="fiscal" status={r.state} label={r.state_label} />
                {r.manual ? <span className="small text-body-secondary ms-1">(saisie à la main)</span> : null}
                {r.fiscal_number ? <div className="small app-doc-number mt-1">{r.fiscal_number}</div> : null}
              </>
            ),
          },
          {
            id: 'dates',
            label: 'Dates',
            role: 'secondary',
            wrap: true,
            cell: (r) => (
              <div className="small">
                <div>Mis en file le {formatDateTime(r.queued_at)}</div>
                {r.certified_at ? <div>Certifié le {formatDateTime(r.certified_at)}</div> : null}
                {r.next_attempt_at ? <div>Prochain essai le {formatDateTime(r.next_attempt_at)}</div> : null}
              </div>
            ),
          },
          { id: 'attempts', label: 'Essais', role: 'figure', num: true, cell: (r) => formatQty(r.attempts) },
          {
            id: 'history',
            label: 'Historique',
            role: 'secondary',
            wrap: true,
            cell: (r) =>
              r.events.length ? (
                <ol className="list-unstyled small mb-0" data-testid="fiscal-history">
                  {r.events.map((e, i) => (
                    <li key={i}>
                      <span className="text-body-secondary">{formatDateTime(e.at)}</span> — {e.label}
                      {e.user_name ? ` par ${e.user_name}` : ''}
                      {e.detail ? <span className="text-body-secondary"> : {e.detail}</span> : null}
                    </li>
                  ))}
                </ol>
              ) : (
                <span className="text-body-secondary">—</span>
              ),
          },
          {
            id: 'actions',
            label: 'Actions',
            role: 'actions',
            cell: (r) => (
              <div className="d-flex flex-wrap gap-1 justify-content-end">
                {r.can.resend ? (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-primary"
                    onClick={() => setResending(r)}
                    data-testid="fiscal-resend"
                  >
                    <Icon name="fa-solid fa-paper-plane" className="me-1" />
                    Renvoyer
                  </button>
                ) : null}
                {r.can.record_reference ? (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-secondary"
                    onClick={() => setRecording(r)}
                    data-testid="fiscal-record-reference"
                  >
                    <Icon name="fa-solid fa-stamp" className="me-1" />
                    Saisir la référence fiscale
                  </button>
                ) : null}
              </div>
            ),
          },
        ]}
      />
      <ConfirmDialog
        open={resending !== null}
        onClose={() => setResending(null)}
        title={resending ? `Renvoyer ${resending.number} à la DGI ?` : ''}
        confirmLabel="Renvoyer"
        icon="fa-solid fa-paper-plane"
        method="post"
        url={resending ? route('fiscalQueue.resend', { id: resending.id }) : undefined}
        tone={resending?.state === 'uncertain' ? 'danger' : 'default'}
        testId="fiscal-resend-dialog"
      >
        {resending?.state === 'uncertain' ? (
          <p className="mb-0">
            La demande précédente est partie sans réponse : la DGI l’a peut-être certifiée. Renvoyer la facture peut lui
            donner un second numéro fiscal :{' '}
            <strong>vérifiez d’abord sur le portail de la DGI qu’elle n’a pas été certifiée</strong>. Si elle l’a été,
            saisissez plutôt sa référence fiscale.
          </p>
        ) : (
          <p className="mb-0">
            Le document repart vers la DGI au prochain passage de l’envoi. Corrigez d’abord ce que disait son refus
            {resending?.error_message ? ` (« ${resending.error_message} »)` : ''}.
          </p>
        )}
      </ConfirmDialog>
      {recording ? (
        <FiscalReferenceDialog
          open
          onClose={() => setRecording(null)}
          url={route('fiscalQueue.reference', { id: recording.id })}
          number={recording.number}
        />
      ) : null}
    </>
  );
}
