import { Link } from '@inertiajs/react';
import { useState } from 'react';
import type { ImportColumn, ImportPreview } from '@shared/imports';
import { route } from '@shared/routes';
import { AppPage, type Crumb } from '@/components/AppPage';
import { StatusAlert } from '@/components/Field';
import { FileField } from './FileField';
import { Icon } from '@/components/Icon';
import { SubmitButton } from '@/components/SubmitButton';
import { useServerForm } from '@/hooks/useServerForm';
import { Badge } from './StatusBadge';
import { ConfirmDialog } from './ConfirmDialog';
import { EmptyState } from './EmptyState';
import { SectionCard } from './SectionCard';
import { Stat, StatRow } from './Stat';
import { agree, formatCount } from '@/components/data/format';

/** The screens that import a CSV/XLSX file (route names): master-data lists, and the opening stock. */
export type ImportResource = 'clients' | 'products' | 'openingStock';

/**
 * The whole import screen of a master-data list (clients, products) or of document lines (the
 * opening stock): 1. the expected columns and a template to download, 2. the file upload, 3. the
 * server's preview — every row in error with its French messages, what will be created or updated
 * — and 4. "Importer", all or nothing. Routes: <resource>.importTemplate?format=, POST
 * <resource>.import (field "file"), POST <resource>.importApply. `lines` (rows that create no
 * record: « Stock initial ») says what a row becomes and where "Retour" goes.
 */
export function ImportPage({
  resource,
  title,
  noun,
  breadcrumbs,
  preview,
  columns,
  canUpdate,
  lines,
}: {
  resource: ImportResource;
  title: string;
  noun: string;
  breadcrumbs: Crumb[];
  preview: ImportPreview | null;
  columns: ImportColumn[];
  canUpdate: boolean;
  lines?: { backHref: string; backLabel: string; rowLabel: string; confirm: (count: number) => string };
}) {
  const backHref = lines ? lines.backHref : route(resource === 'openingStock' ? 'entries.index' : `${resource}.index`);
  const form = useServerForm<{ file: File | null }>({ file: null });
  const [confirming, setConfirming] = useState(false);
  const [inputKey, setInputKey] = useState(0);

  return (
    <AppPage title={title} breadcrumbs={breadcrumbs}>
      <div className="row g-4">
        <div className="col-xl-5">
          <SectionCard title="Fichier à importer" icon="fa-solid fa-file-arrow-up" className="mb-4">
            <div className="card-body">
              <form
                ref={form.formRef}
                noValidate
                onSubmit={(e) => {
                  e.preventDefault();
                  form.submit('post', route(`${resource}.import`), {
                    forceFormData: true,
                    onSuccess: () => {
                      form.setData('file', null);
                      setInputKey((k) => k + 1);
                    },
                  });
                }}
              >
                <FileField
                  key={inputKey}
                  id="import-file"
                  label="Fichier CSV ou Excel (.xlsx)"
                  accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  {...form.fileProps('file')}
                  hint="La première ligne contient les en-têtes de colonnes. Rien n’est enregistré avant votre confirmation."
                />
                <SubmitButton
                  busy={form.busy}
                  icon="fa-solid fa-magnifying-glass"
                  busyLabel="Analyse du fichier…"
                  disabled={!form.data.file}
                  testId="import-preview"
                >
                  Vérifier le fichier
                </SubmitButton>
              </form>
            </div>
          </SectionCard>
          <SectionCard
            title="Colonnes attendues"
            aside={
              <span className="d-flex gap-2">
                <a
                  className="btn btn-sm btn-outline-secondary"
                  href={route(`${resource}.importTemplate`, { format: 'xlsx' })}
                  download
                >
                  <Icon name="fa-solid fa-file-excel" className="me-1" />
                  Modèle XLSX
                </a>
                <a
                  className="btn btn-sm btn-outline-secondary"
                  href={route(`${resource}.importTemplate`, { format: 'csv' })}
                  download
                >
                  <Icon name="fa-solid fa-file-csv" className="me-1" />
                  CSV
                </a>
              </span>
            }
          >
            <ul className="list-group list-group-flush small">
              {columns.map((c) => (
                <li key={c.header} className="list-group-item">
                  <span className="fw-semibold">{c.header}</span>
                  {c.required ? (
                    <Badge tone="warning" className="ms-2">
                      obligatoire
                    </Badge>
                  ) : null}
                  <div className="text-body-secondary">{c.description}</div>
                </li>
              ))}
            </ul>
            {!canUpdate && !lines ? (
              <div className="card-footer small text-body-secondary">
                Sans la permission de modifier, une ligne dont le code existe déjà est refusée.
              </div>
            ) : null}
          </SectionCard>
        </div>
        <div className="col-xl-7">
          {preview ? (
            <SectionCard title={`Aperçu de « ${preview.file_name} »`} testId="import-result">
              <div className="card-body">
                <StatRow className="mb-3">
                  <Stat label="Lignes lues" value={preview.row_count} />
                  <Stat label={lines ? 'À importer' : 'À créer'} value={preview.create_count} tone="success" />
                  {lines ? null : <Stat label="À mettre à jour" value={preview.update_count} tone="info" />}
                  <Stat
                    label="En erreur"
                    value={preview.error_count}
                    tone={preview.error_count ? 'danger' : undefined}
                  />
                </StatRow>
                {preview.applied ? (
                  <StatusAlert tone="info">Ce fichier a déjà été importé.</StatusAlert>
                ) : preview.error_count > 0 ? (
                  <StatusAlert tone="danger" testId="import-has-errors">
                    {preview.error_count} ligne{preview.error_count > 1 ? 's contiennent' : ' contient'} des erreurs :
                    corrigez le fichier puis vérifiez-le à nouveau. L’import se fait en entier ou pas du tout.
                  </StatusAlert>
                ) : preview.row_count === 0 ? (
                  <StatusAlert tone="warning">Le fichier ne contient aucune ligne de données.</StatusAlert>
                ) : (
                  <StatusAlert tone="success">Toutes les lignes sont valides.</StatusAlert>
                )}
                {preview.new_categories.length ? (
                  <p className="small">
                    <Icon name="fa-solid fa-tags" className="me-1" />
                    Catégories qui seront créées : {preview.new_categories.join(', ')}
                  </p>
                ) : null}
              </div>
              {preview.rows.length ? (
                <div
                  className="table-responsive app-table-scroll"
                  tabIndex={0}
                  role="region"
                  aria-label="Lignes du fichier"
                >
                  <table className="table table-sm align-middle mb-0 app-table">
                    <thead>
                      <tr>
                        <th scope="col">Ligne</th>
                        <th scope="col">Action</th>
                        <th scope="col">Code</th>
                        <th scope="col">{lines ? 'Produit' : 'Nom'}</th>
                        <th scope="col">Erreurs</th>
                      </tr>
                    </thead>
                    <tbody>
                      {preview.rows.map((row) => (
                        <tr key={row.line} className={row.action === 'error' ? 'table-danger' : undefined}>
                          <td className="text-nowrap">{row.line}</td>
                          <td>
                            {row.action === 'create' ? (
                              <Badge tone="success">{lines ? lines.rowLabel : 'Création'}</Badge>
                            ) : row.action === 'update' ? (
                              <Badge tone="info">Mise à jour</Badge>
                            ) : (
                              <Badge tone="danger">Erreur</Badge>
                            )}
                          </td>
                          <td className="text-nowrap">{row.code || '—'}</td>
                          <td>{row.name || '—'}</td>
                          <td>
                            {row.errors.length ? (
                              <ul className="mb-0 ps-3 small">
                                {row.errors.map((e) => (
                                  <li key={e}>{e}</li>
                                ))}
                              </ul>
                            ) : (
                              <span className="text-body-secondary">—</span>
                            )}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              ) : null}
              {preview.hidden_rows > 0 ? (
                <div className="card-body small text-body-secondary py-2">
                  … et {preview.hidden_rows}{' '}
                  {agree(preview.hidden_rows, 'autre ligne valide non affichée', 'autres lignes valides non affichées')}
                  .
                </div>
              ) : null}
              <div className="card-footer d-flex flex-wrap gap-2 justify-content-end">
                <Link href={backHref} className="btn btn-outline-secondary">
                  {lines ? lines.backLabel : 'Retour à la liste'}
                </Link>
                {!preview.applied && preview.error_count === 0 && preview.row_count > 0 ? (
                  <button
                    type="button"
                    className="btn btn-primary"
                    onClick={() => setConfirming(true)}
                    data-testid="import-apply-open"
                  >
                    <Icon name="fa-solid fa-file-import" className="me-2" />
                    Importer {preview.row_count} ligne{preview.row_count > 1 ? 's' : ''}
                  </button>
                ) : null}
              </div>
              <ConfirmDialog
                open={confirming}
                onClose={() => setConfirming(false)}
                title={`Importer les ${noun} ?`}
                confirmLabel="Importer"
                method="post"
                url={route(`${resource}.importApply`, { batch: preview.id })}
                icon="fa-solid fa-file-import"
                testId="import-apply"
              >
                {lines
                  ? lines.confirm(preview.create_count)
                  : `${formatCount(preview.create_count, 'fiche sera créée', 'fiches seront créées')} et ${formatCount(preview.update_count, 'mise à jour', 'mises à jour')}, en une seule fois.`}
              </ConfirmDialog>
            </SectionCard>
          ) : (
            <div className="card app-section-card">
              <EmptyState icon="fa-solid fa-file-import" title="Aucun fichier vérifié" testId="import-empty">
                Choisissez un fichier : chaque ligne est contrôlée et les erreurs sont listées ici avant tout
                enregistrement.
              </EmptyState>
            </div>
          )}
        </div>
      </div>
    </AppPage>
  );
}
