import type { TicketAttachment } from '@shared/support';
import { Icon } from '@/components/Icon';

/** The files of a ticket message: images as thumbnails opening the full picture, PDFs as links. */
export function TicketAttachments({ files }: { files: TicketAttachment[] }) {
  if (!files.length) return null;
  return (
    <ul className="list-unstyled d-flex flex-wrap gap-2 mt-2 mb-0" data-testid="ticket-attachments">
      {files.map((f) => (
        <li key={f.id}>
          {f.is_image ? (
            <a
              href={f.url}
              target="_blank"
              rel="noopener"
              className="app-ticket-thumb d-block border rounded overflow-hidden"
              title={f.name}
            >
              <img
                src={f.url}
                alt={f.name}
                loading="lazy"
                style={{ maxWidth: 160, maxHeight: 110, display: 'block' }}
              />
            </a>
          ) : (
            <a href={f.url} className="btn btn-sm btn-outline-secondary">
              <Icon name="fa-solid fa-file-pdf" className="me-2" />
              {f.name}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
