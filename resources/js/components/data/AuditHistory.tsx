import type { AuditItem } from '@shared/records';
import { Icon } from '@/components/Icon';
import { formatDateTime } from './format';
import { SectionCard } from './SectionCard';

// Actions are "<subject>.<verb>" ("client.created", "product.prices_changed"): the verb picks the icon.
const VERB_ICONS: Array<[RegExp, string]> = [
  [/created$/, 'fa-solid fa-plus'],
  [/updated$/, 'fa-solid fa-pen'],
  [/archived$/, 'fa-solid fa-box-archive'],
  [/restored$/, 'fa-solid fa-rotate-left'],
  [/deleted$/, 'fa-solid fa-trash-can'],
  [/price|rule/, 'fa-solid fa-tag'],
  [/imported$/, 'fa-solid fa-file-import'],
];
const actionIcon = (action: string) => VERB_ICONS.find(([re]) => re.test(action))?.[1] ?? 'fa-solid fa-circle-info';

/**
 * The audit trail of one record, newest first: who did what and when, with before → after for
 * each changed field (values are already formatted by the server, money included).
 */
export function AuditHistory({
  items,
  title = 'Historique des modifications',
}: {
  items: AuditItem[];
  title?: string;
}) {
  return (
    <SectionCard title={title} icon="fa-solid fa-clock-rotate-left" testId="audit-history">
      {items.length === 0 ? (
        <div className="card-body text-body-secondary small">Aucune modification enregistrée.</div>
      ) : (
        <ol className="list-group list-group-flush app-timeline">
          {items.map((item) => (
            <li key={item.id} className="list-group-item">
              <div className="d-flex gap-3">
                <span className="app-timeline-icon" aria-hidden="true">
                  <Icon name={actionIcon(item.action)} />
                </span>
                <div className="min-w-0 flex-grow-1">
                  <div className="d-flex flex-wrap justify-content-between gap-2">
                    <strong>{item.action_label}</strong>
                    <time className="small text-body-secondary" dateTime={item.occurred_at}>
                      {formatDateTime(item.occurred_at)}
                    </time>
                  </div>
                  <div className="small text-body-secondary">{item.user_name ?? 'Système'}</div>
                  {item.changes.length ? (
                    <ul className="list-unstyled small mb-0 mt-1 app-changes">
                      {item.changes.map((c) => (
                        <li key={c.field}>
                          <span className="fw-semibold">{c.label}</span> :{' '}
                          <span className="app-before">{c.before || '—'}</span>
                          <Icon name="fa-solid fa-arrow-right-long" className="mx-2 text-body-secondary" />
                          <span className="app-after">{c.after || '—'}</span>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  {item.note ? <p className="small mb-0 mt-1">{item.note}</p> : null}
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
    </SectionCard>
  );
}
