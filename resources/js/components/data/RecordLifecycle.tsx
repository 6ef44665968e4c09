import { type ReactNode, useState } from 'react';
import type { UsageInfo } from '@shared/records';
import { route } from '@shared/routes';
import { Icon } from '@/components/Icon';
import { ConfirmDialog } from './ConfirmDialog';
import { SectionCard } from './SectionCard';

/** The master-data areas whose records can be archived, restored and deleted (route names). */
export type RecordResource =
  | 'clients'
  | 'suppliers'
  | 'categories'
  | 'products'
  | 'locations'
  | 'cashDesks'
  | 'treasuryAccounts'
  | 'expenseCategories';

/**
 * The grammar of a record's noun with its determiner ("ce produit", "cet emplacement", "cette
 * caisse"): the sentences about it agree with it (« Ce produit ne peut pas être supprimé : il a… »).
 */
export function nounGrammar(noun: string): { subject: string; e: string; pronoun: string; object: string } {
  const feminine = /^cette\s/i.test(noun);
  return {
    subject: noun.charAt(0).toUpperCase() + noun.slice(1),
    e: feminine ? 'e' : '',
    pronoun: feminine ? 'elle' : 'il',
    object: feminine ? 'la' : 'le',
  };
}

/**
 * The "Archiver / Réactiver / Supprimer" card of a record page. It explains why a record can only
 * be archived (it is used by documents: the server's reasons) and offers the allowed actions,
 * each behind a confirmation. Routes: POST <resource>.archive, POST <resource>.restore, DELETE <resource>.show.
 */
export function RecordLifecycle({
  resource,
  id,
  active,
  usage,
  noun,
  canDelete,
  extra,
}: {
  resource: RecordResource;
  id: number;
  active: boolean;
  usage: UsageInfo;
  noun: string;
  canDelete: boolean;
  extra?: ReactNode;
}) {
  const [confirm, setConfirm] = useState<'archive' | 'restore' | 'delete' | null>(null);
  if (!canDelete) return null;
  const g = nounGrammar(noun);
  return (
    <SectionCard title="Archiver ou supprimer" icon="fa-solid fa-box-archive" testId="record-lifecycle">
      <div className="card-body">
        {usage.deletable ? (
          <p className="small mb-3">
            {g.subject} n’est utilisé{g.e} par aucun document : {g.pronoun} peut être supprimé{g.e} définitivement.
          </p>
        ) : usage.reasons.length ? (
          <div className="small mb-3">
            <p className="mb-1">
              {g.subject} ne peut pas être supprimé{g.e} :
            </p>
            <ul className="mb-1 ps-3" data-testid="usage-reasons">
              {usage.reasons.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
            {usage.archivable ? (
              <p className="mb-0 text-body-secondary">
                L’archiver {g.object} retire des listes et des recherches sans rien effacer ; {g.pronoun} peut être
                réactivé{g.e} à tout moment.
              </p>
            ) : null}
          </div>
        ) : null}
        {usage.archive_block ? <p className="small text-body-secondary mb-3">{usage.archive_block}</p> : null}
        <div className="d-flex flex-wrap gap-2">
          {active && usage.archivable ? (
            <button
              type="button"
              className="btn btn-outline-warning"
              onClick={() => setConfirm('archive')}
              data-testid="archive-open"
            >
              <Icon name="fa-solid fa-box-archive" className="me-2" />
              Archiver
            </button>
          ) : null}
          {!active ? (
            <button
              type="button"
              className="btn btn-outline-success"
              onClick={() => setConfirm('restore')}
              data-testid="restore-open"
            >
              <Icon name="fa-solid fa-rotate-left" className="me-2" />
              Réactiver
            </button>
          ) : null}
          {usage.deletable ? (
            <button
              type="button"
              className="btn btn-outline-danger"
              onClick={() => setConfirm('delete')}
              data-testid="delete-open"
            >
              <Icon name="fa-solid fa-trash-can" className="me-2" />
              Supprimer
            </button>
          ) : null}
          {extra}
        </div>
      </div>
      <ConfirmDialog
        open={confirm === 'archive'}
        onClose={() => setConfirm(null)}
        title={`Archiver ${noun} ?`}
        confirmLabel="Archiver"
        method="post"
        url={route(`${resource}.archive`, { id })}
        icon="fa-solid fa-box-archive"
        testId="archive-dialog"
      >
        La fiche n’apparaîtra plus dans les listes ni dans les recherches des opérations. Son historique est conservé et
        elle peut être réactivée.
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === 'restore'}
        onClose={() => setConfirm(null)}
        title={`Réactiver ${noun} ?`}
        confirmLabel="Réactiver"
        method="post"
        url={route(`${resource}.restore`, { id })}
        icon="fa-solid fa-rotate-left"
        testId="restore-dialog"
      >
        La fiche redeviendra disponible dans les listes et les opérations.
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === 'delete'}
        onClose={() => setConfirm(null)}
        title={`Supprimer ${noun} ?`}
        confirmLabel="Supprimer définitivement"
        method="delete"
        url={route(`${resource}.show`, { id })}
        tone="danger"
        icon="fa-solid fa-trash-can"
        testId="delete-dialog"
      >
        Cette suppression est définitive et ne peut pas être annulée.
      </ConfirmDialog>
    </SectionCard>
  );
}
