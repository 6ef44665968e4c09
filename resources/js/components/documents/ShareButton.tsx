/**
 * « Partager » on a sales document's page: makes a public link to its receipt (the server answers
 * its URL once: only its hash is kept), then offers to copy it or send it by WhatsApp or SMS to the
 * client's phone, and lists the links still open with « Révoquer ». WhatsApp and SMS are disabled,
 * with the reason, when the client has no phone.
 *
 *   <ShareButton sharing={props.sharing} />
 */
import { router } from '@inertiajs/react';
import { useRef, useState } from 'react';
import { type CreatedShare, type DocumentSharing, smsUrl, whatsappUrl } from '@shared/shares';
import { Icon } from '@/components/Icon';
import { Modal } from '@/components/Modal';
import { formatDateTime } from '@/components/data/format';
import { formatCount } from '@shared/quantity';
import { jsonHeaders } from '@/lib/json-request';

const NOT_CREATED = 'Le lien n’a pas pu être créé (réseau ou serveur indisponible). Réessayez.';

export function ShareButton({ sharing }: { sharing: DocumentSharing }) {
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const share = async () => {
    setOpen(true);
    setBusy(true);
    setError(null);
    setCopied(false);
    setUrl(null);
    try {
      const res = await fetch(sharing.create_url, {
        method: 'POST',
        headers: jsonHeaders(),
        credentials: 'same-origin',
        body: '{}',
      });
      if (res.status !== 201) throw new Error(String(res.status));
      const body = (await res.json()) as CreatedShare;
      setUrl(body.url);
      router.reload({ only: ['sharing'] });
    } catch {
      setError(NOT_CREATED);
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // Without the clipboard API (a page served over plain HTTP): the selected field's copy.
      input.current?.select();
      document.execCommand('copy');
    }
    setCopied(true);
  };

  const text = url ? `${sharing.message} ${url}` : '';
  const phone = sharing.phone;
  return (
    <>
      <button type="button" className="btn btn-outline-secondary" onClick={() => void share()} data-testid="share">
        <Icon name="fa-solid fa-share-nodes" className="me-1" />
        Partager
      </button>
      <Modal open={open} title="Partager le reçu" onClose={() => setOpen(false)} testId="share-dialog">
        <p className="small text-body-secondary">
          Ce lien ouvre le reçu sans connexion, en lecture seule, avec son QR code de vérification. Toute personne qui
          le reçoit peut le lire : révoquez-le s’il part au mauvais destinataire.
        </p>
        {error ? (
          <div className="alert alert-danger py-2" role="alert" data-testid="share-error">
            {error}
          </div>
        ) : null}
        <label className="form-label" htmlFor="share-url">
          Lien du reçu
        </label>
        <div className="input-group mb-2">
          <input
            ref={input}
            id="share-url"
            className="form-control"
            readOnly
            value={busy ? 'Création du lien…' : (url ?? '')}
            onFocus={(e) => e.currentTarget.select()}
            data-testid="share-url"
          />
          <button
            type="button"
            className="btn btn-outline-primary"
            onClick={() => void copy()}
            disabled={!url}
            data-testid="share-copy"
          >
            <Icon name={copied ? 'fa-solid fa-check' : 'fa-regular fa-copy'} className="me-1" />
            {copied ? 'Copié' : 'Copier'}
          </button>
        </div>
        <div className="d-flex flex-wrap gap-2 mb-1">
          {phone && url ? (
            <>
              <a
                className="btn btn-success"
                href={whatsappUrl(phone, text)}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="share-whatsapp"
              >
                <Icon name="fa-solid fa-comment-dots" className="me-1" />
                WhatsApp
              </a>
              <a className="btn btn-outline-secondary" href={smsUrl(phone, text)} data-testid="share-sms">
                <Icon name="fa-solid fa-comment-sms" className="me-1" />
                SMS
              </a>
            </>
          ) : (
            <>
              <button type="button" className="btn btn-success" disabled data-testid="share-whatsapp">
                <Icon name="fa-solid fa-comment-dots" className="me-1" />
                WhatsApp
              </button>
              <button type="button" className="btn btn-outline-secondary" disabled data-testid="share-sms">
                <Icon name="fa-solid fa-comment-sms" className="me-1" />
                SMS
              </button>
            </>
          )}
        </div>
        {sharing.no_phone_reason ? (
          <p className="small text-body-secondary mb-0" data-testid="share-no-phone">
            {sharing.no_phone_reason}
          </p>
        ) : phone ? (
          <p className="small text-body-secondary mb-0">Numéro du client : +{phone}.</p>
        ) : null}
        <h3 className="h6 mt-4">Liens actifs</h3>
        {sharing.links.length === 0 ? (
          <p className="small text-body-secondary mb-0">Aucun lien actif.</p>
        ) : (
          <ul className="list-group" data-testid="share-links">
            {sharing.links.map((link) => (
              <li key={link.id} className="list-group-item d-flex align-items-center gap-2">
                <div className="flex-grow-1 small">
                  <div>
                    Créé le {formatDateTime(link.created_at)}
                    {link.created_by ? ` par ${link.created_by}` : ''}
                  </div>
                  <div className="text-body-secondary">
                    {link.open_count > 0
                      ? `Ouvert ${formatCount(link.open_count, 'fois', 'fois')}, dernière fois le ${formatDateTime(link.last_opened_at)}`
                      : 'Pas encore ouvert'}
                  </div>
                </div>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-danger"
                  onClick={() => router.post(link.revoke_url, {}, { preserveScroll: true, preserveState: true })}
                  data-testid="share-revoke"
                >
                  Révoquer
                </button>
              </li>
            ))}
          </ul>
        )}
      </Modal>
    </>
  );
}
