import { router } from '@inertiajs/react';
import { useState } from 'react';
import type { SupportPages } from '@shared/support';
import { TICKET_CATEGORY_LABELS, TICKET_PRIORITY_LABELS, TICKET_STATUS_LABELS, TICKET_STATUSES } from '@shared/support';
import { route } from '@shared/routes';
import { AppPage } from '@/components/AppPage';
import { SelectField, StatusAlert, TextAreaField } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { SubmitButton } from '@/components/SubmitButton';
import { Fact, Facts } from '@/components/data/Fact';
import { formatDateTime } from '@/components/data/format';
import { SectionCard } from '@/components/data/SectionCard';
import { StatusBadge } from '@/components/data/StatusBadge';
import { AttachmentsInput } from '@/components/support/AttachmentsInput';
import { TicketAttachments } from '@/components/support/TicketAttachments';
import { useServerForm } from '@/hooks/useServerForm';
import '../../../../css/screens/support.scss';

const STATUS_OPTIONS = TICKET_STATUSES.map((s) => ({ value: s, label: TICKET_STATUS_LABELS[s] }));

function Paragraphs({ text }: { text: string }) {
  return (
    <div className="app-ticket-text" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {text}
    </div>
  );
}

export default function TicketsShow({ ticket, messages, assignees, can }: SupportPages['support/tickets/Show']) {
  const reply = useServerForm<{ body: string; status: string; attachments: File[] }>(
    { body: '', status: '', attachments: [] },
    { resetOnSuccess: true },
  );
  const [assignee, setAssignee] = useState(ticket.assigned_to ? String(ticket.assigned_to) : '');
  const [busy, setBusy] = useState(false);
  const post = (url: string, data: Record<string, string>) => {
    setBusy(true);
    router.post(url, data, { preserveScroll: true, onFinish: () => setBusy(false) });
  };

  return (
    <AppPage
      title={`Ticket n° ${ticket.id}`}
      heading={
        <>
          <span className="text-body-secondary me-2">#{ticket.id}</span>
          {ticket.subject}
        </>
      }
      subtitle={`${TICKET_CATEGORY_LABELS[ticket.category]} · priorité ${TICKET_PRIORITY_LABELS[ticket.priority].toLowerCase()} · ouvert par ${ticket.requester} le ${formatDateTime(ticket.created_at)}`}
      breadcrumbs={[
        { label: 'Support' },
        { label: 'Tickets', href: route('support.tickets.index') },
        { label: `#${ticket.id}` },
      ]}
    >
      <div className="row">
        <div className="col-xl-8">
          <SectionCard
            title="Demande"
            icon="fa-solid fa-ticket"
            aside={<StatusBadge kind="ticket" status={ticket.status} />}
            testId="ticket-request"
          >
            <div className="card-body">
              <Paragraphs text={ticket.description} />
              <TicketAttachments files={ticket.attachments} />
            </div>
          </SectionCard>

          <ol className="list-unstyled mt-4" data-testid="ticket-thread" aria-label="Fil des réponses">
            {messages.map((m) => (
              <li key={m.id} className="mb-3" data-testid="ticket-message">
                {m.body ? (
                  <div className={`card ${m.author_is_support ? 'border-primary-subtle' : ''}`}>
                    <div className="card-header d-flex flex-wrap gap-2 align-items-center small">
                      <Icon
                        name={m.author_is_support ? 'fa-solid fa-headset' : 'fa-solid fa-user'}
                        className="text-body-secondary"
                      />
                      <strong>{m.author}</strong>
                      {m.author_is_support ? <span className="badge rounded-pill text-bg-primary">Support</span> : null}
                      <span className="text-body-secondary ms-auto">{formatDateTime(m.created_at)}</span>
                    </div>
                    <div className="card-body">
                      <Paragraphs text={m.body} />
                      <TicketAttachments files={m.attachments} />
                      {m.status_change ? (
                        <p className="small text-body-secondary mt-2 mb-0">
                          Statut passé à « {TICKET_STATUS_LABELS[m.status_change]} ».
                        </p>
                      ) : null}
                    </div>
                  </div>
                ) : (
                  <p className="small text-body-secondary text-center mb-0">
                    <Icon name="fa-solid fa-arrows-rotate" className="me-2" />
                    {m.author} a passé le ticket à « {m.status_change ? TICKET_STATUS_LABELS[m.status_change] : '—'} »
                    le {formatDateTime(m.created_at)}.
                  </p>
                )}
              </li>
            ))}
          </ol>

          {can.reply ? (
            <SectionCard title="Répondre" icon="fa-solid fa-reply">
              <div className="card-body">
                <form
                  ref={reply.formRef}
                  noValidate
                  data-testid="reply-form"
                  onSubmit={(e) => {
                    e.preventDefault();
                    reply.submit('post', route('support.tickets.reply', { id: ticket.id }), {
                      forceFormData: reply.data.attachments.length > 0,
                    });
                  }}
                >
                  <TextAreaField {...reply.fieldProps('body')} label="Votre réponse" rows={5} maxLength={5000} />
                  <AttachmentsInput
                    id="reply-attachments"
                    files={reply.data.attachments}
                    onChange={(files) => {
                      reply.setData('attachments', files);
                      reply.clearErrors('attachments');
                    }}
                    error={reply.errorOf('attachments')}
                  />
                  {can.manage ? (
                    <SelectField
                      {...reply.fieldProps('status')}
                      label="Statut après la réponse"
                      options={STATUS_OPTIONS}
                      placeholder="Inchangé (ou « en cours » pour un ticket ouvert)"
                    />
                  ) : null}
                  <div className="d-flex justify-content-end">
                    <SubmitButton busy={reply.busy} icon="fa-solid fa-paper-plane" testId="reply-submit">
                      Envoyer la réponse
                    </SubmitButton>
                  </div>
                </form>
              </div>
            </SectionCard>
          ) : ticket.status === 'ferme' ? (
            <StatusAlert tone="secondary" icon="fa-solid fa-lock">
              Ce ticket est fermé : il ne reçoit plus de réponse. Ouvrez un nouveau ticket si besoin.
            </StatusAlert>
          ) : null}
        </div>

        <div className="col-xl-4">
          <SectionCard title="Suivi" icon="fa-solid fa-list-check" className="mb-4">
            <div className="card-body">
              <Facts>
                <Fact label="Statut" value={<StatusBadge kind="ticket" status={ticket.status} />} />
                <Fact label="Demandeur" value={ticket.requester} />
                <Fact label="Attribué à" value={ticket.assignee ?? 'Personne'} />
                <Fact label="Réponses" value={String(ticket.reply_count)} />
                <Fact label="Dernière activité" value={formatDateTime(ticket.last_activity_at)} />
              </Facts>
            </div>
          </SectionCard>
          {can.manage ? (
            <SectionCard title="Traitement" icon="fa-solid fa-headset">
              <div className="card-body">
                <div className="mb-3">
                  <span className="form-label d-block">Changer le statut</span>
                  <div className="d-flex flex-wrap gap-2" data-testid="status-buttons">
                    {TICKET_STATUSES.filter((s) => s !== ticket.status).map((s) => (
                      <button
                        key={s}
                        type="button"
                        className="btn btn-sm btn-outline-secondary"
                        disabled={busy}
                        onClick={() => post(route('support.tickets.status', { id: ticket.id }), { status: s })}
                      >
                        {TICKET_STATUS_LABELS[s]}
                      </button>
                    ))}
                  </div>
                </div>
                <form
                  onSubmit={(e) => {
                    e.preventDefault();
                    post(route('support.tickets.assign', { id: ticket.id }), { assigned_to: assignee });
                  }}
                >
                  <SelectField
                    id="ticket-assignee"
                    name="assigned_to"
                    label="Attribuer à"
                    value={assignee}
                    onChange={setAssignee}
                    options={assignees}
                    placeholder="Personne"
                  />
                  <SubmitButton busy={busy} variant="outline-primary" icon="fa-solid fa-user-check" className="btn-sm">
                    Attribuer
                  </SubmitButton>
                </form>
              </div>
            </SectionCard>
          ) : null}
        </div>
      </div>
    </AppPage>
  );
}
