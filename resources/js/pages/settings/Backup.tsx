import { useRef, useState } from 'react';
import type { BackupRow } from '@shared/backups';
import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { AppPage } from '@/components/AppPage';
import { CheckboxField, SelectField, StatusAlert, TextField } from '@/components/Field';
import { FileField } from '@/components/data/FileField';
import { Icon } from '@/components/Icon';
import { Modal } from '@/components/Modal';
import { SubmitButton } from '@/components/SubmitButton';
import { ConfirmDialog } from '@/components/data/ConfirmDialog';
import { type Columns, DataTable } from '@/components/data/DataTable';
import { SectionCard } from '@/components/data/SectionCard';
import { Badge } from '@/components/data/StatusBadge';
import { formatDateTime } from '@/components/data/format';
import { useServerForm } from '@/hooks/useServerForm';

const HOURS = Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: `${String(h).padStart(2, '0')} h 00` }));

/** 1 536 → « 1,5 Ko »; sizes of backups in French units. */
function formatSize(bytes: number): string {
  const units = ['octets', 'Ko', 'Mo', 'Go'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toLocaleString('fr-FR', { maximumFractionDigits: unit === 0 ? 0 : 1 })} ${units[unit]}`;
}

/**
 * Paramètres › Sauvegarde: the backups (date, type, verification, size, who), « Sauvegarder
 * maintenant », the daily schedule, and the restore — from a listed backup or an uploaded file,
 * after the password. Without backup.manage the screen is read-only.
 */
export default function BackupPage({
  backups,
  settings,
  engine,
  time_zone,
  last_scheduled,
  tool_problem,
  max_upload_mb,
  max_retention,
  can_manage,
}: PageProps<'settings/Backup'>) {
  const [restoring, setRestoring] = useState<BackupRow | null>(null);
  const [deleting, setDeleting] = useState<BackupRow | null>(null);
  const [backingUp, setBackingUp] = useState(false);
  const now = useServerForm({});

  const columns: Columns<BackupRow> = [
    {
      id: 'created_at',
      label: 'Date',
      role: 'title',
      cell: (b) => (
        <span className="fw-semibold" title={b.name}>
          {formatDateTime(b.created_at)}
        </span>
      ),
    },
    {
      id: 'status',
      label: 'Vérification',
      role: 'status',
      wrap: true,
      cell: (b) => (
        <span className="d-inline-flex flex-column gap-1">
          <span>
            {b.status === 'verified' ? <Badge tone="success">Vérifiée</Badge> : <Badge tone="danger">Échec</Badge>}
            <Badge tone="light" className="ms-1">
              {b.kind_label}
            </Badge>
          </span>
          <small className="text-body-secondary">{b.message}</small>
        </span>
      ),
    },
    { id: 'size', label: 'Taille', role: 'figure', num: true, cell: (b) => formatSize(b.size) },
    {
      id: 'user',
      label: 'Par',
      role: 'secondary',
      wrap: true,
      cell: (b) => (
        <>
          {b.user_name ?? (
            <span className="text-body-secondary">
              {b.kind === 'scheduled' ? 'Planificateur' : 'Ligne de commande'}
            </span>
          )}
          {b.original_name ? <div className="small text-body-secondary text-break">{b.original_name}</div> : null}
        </>
      ),
    },
    can_manage
      ? {
          id: 'actions',
          label: 'Actions',
          role: 'actions',
          cell: (b) => (
            <div className="app-row-actions">
              <a
                className="btn btn-sm btn-outline-secondary"
                href={route('backups.download', { name: b.name })}
                download
                title="Télécharger"
                aria-label={`Télécharger la sauvegarde du ${formatDateTime(b.created_at)}`}
              >
                <Icon name="fa-solid fa-download" />
              </a>
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                disabled={b.status !== 'verified'}
                onClick={() => setRestoring(b)}
                data-testid={`restore-${b.name}`}
              >
                <Icon name="fa-solid fa-clock-rotate-left" className="me-1" />
                Restaurer
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                onClick={() => setDeleting(b)}
                title="Supprimer"
                aria-label={`Supprimer la sauvegarde du ${formatDateTime(b.created_at)}`}
              >
                <Icon name="fa-solid fa-trash-can" />
              </button>
            </div>
          ),
        }
      : null,
  ];

  return (
    <AppPage
      title="Sauvegarde"
      subtitle={`Copies de la base ${engine}, vérifiées après écriture ; restauration après confirmation du mot de passe.`}
      breadcrumbs={[{ label: 'Paramètres' }, { label: 'Sauvegarde' }]}
      actions={
        can_manage ? (
          <SubmitButton
            type="button"
            busy={backingUp}
            icon="fa-solid fa-floppy-disk"
            busyLabel="Sauvegarde en cours…"
            disabled={!!tool_problem}
            testId="backup-now"
            onClick={() => {
              setBackingUp(true);
              now.submit('post', route('backups.index'), { onFinish: () => setBackingUp(false) });
            }}
          >
            Sauvegarder maintenant
          </SubmitButton>
        ) : null
      }
    >
      {tool_problem ? (
        <StatusAlert tone="warning" icon="fa-solid fa-triangle-exclamation" className="mb-4">
          {tool_problem}
        </StatusAlert>
      ) : null}
      <DataTable
        caption="Liste des sauvegardes"
        columns={columns}
        rows={backups}
        rowKey={(b) => b.name}
        rowTestId={(b) => `backup-${b.name}`}
        emptyTitle="Aucune sauvegarde"
        emptyText={
          can_manage
            ? 'Lancez une première sauvegarde avec « Sauvegarder maintenant ».'
            : 'Aucune sauvegarde n’a encore été faite.'
        }
        emptyIcon="fa-solid fa-database"
        testId="backups"
      />
      <p className="small text-body-secondary mt-2 mb-4">
        Chaque sauvegarde est vérifiée sur sa copie : intégrité du fichier, niveaux de stock et soldes de trésorerie
        reconstruits depuis leurs grands livres, chaînes de hachage des journaux. Les fichiers sont conservés sur le
        serveur, hors du site web, et ne sont téléchargeables qu’avec la permission « Sauvegarder et restaurer ».
      </p>
      <div className="row g-4">
        <div className="col-lg-6">
          <ScheduleCard
            settings={settings}
            timeZone={time_zone}
            lastScheduled={last_scheduled}
            maxRetention={max_retention}
            editable={can_manage}
          />
        </div>
        {can_manage ? (
          <div className="col-lg-6">
            <UploadRestoreCard maxUploadMb={max_upload_mb} disabled={!!tool_problem} />
          </div>
        ) : null}
      </div>
      {restoring ? <RestoreDialog backup={restoring} onClose={() => setRestoring(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Supprimer la sauvegarde ?"
        confirmLabel="Supprimer"
        method="delete"
        url={deleting ? route('backups.destroy', { name: deleting.name }) : undefined}
        tone="danger"
        icon="fa-solid fa-trash-can"
        testId="delete-backup"
      >
        La sauvegarde du {formatDateTime(deleting?.created_at)} ({deleting ? formatSize(deleting.size) : ''}) sera
        supprimée du serveur. Cette suppression est définitive.
      </ConfirmDialog>
    </AppPage>
  );
}

function ScheduleCard({
  settings,
  timeZone,
  lastScheduled,
  maxRetention,
  editable,
}: {
  settings: PageProps<'settings/Backup'>['settings'];
  timeZone: string;
  lastScheduled: string | null;
  maxRetention: number;
  editable: boolean;
}) {
  const form = useServerForm({
    daily: settings.daily,
    hour: String(settings.hour),
    retention: String(settings.retention),
  });
  return (
    <SectionCard
      title="Sauvegarde quotidienne"
      icon="fa-solid fa-calendar-day"
      className="h-100 mb-0"
      testId="backup-schedule"
    >
      <form
        ref={form.formRef}
        className="card-body"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          form.submit('put', route('backups.settings'));
        }}
      >
        <fieldset disabled={!editable}>
          <CheckboxField
            id="backup-daily"
            name="daily"
            label="Sauvegarder la base chaque jour"
            checked={form.data.daily}
            onChange={(v) => form.setData('daily', v)}
            error={form.errorOf('daily')}
          />
          <SelectField
            id="backup-hour"
            name="hour"
            label="Heure"
            value={form.data.hour}
            onChange={(v) => form.setData('hour', v)}
            options={HOURS}
            error={form.errorOf('hour')}
            hint={`Fuseau horaire de la société : ${timeZone}.`}
            className="mt-3"
          />
          <TextField
            id="backup-retention"
            name="retention"
            type="number"
            inputMode="numeric"
            min={1}
            max={maxRetention}
            label="Sauvegardes planifiées conservées"
            value={form.data.retention}
            onChange={(v) => form.setData('retention', v)}
            error={form.errorOf('retention')}
            hint="Au-delà, les plus anciennes sont supprimées. Les sauvegardes manuelles sont gardées."
          />
          <p className="small text-body-secondary">
            Dernière sauvegarde planifiée : {lastScheduled ? formatDateTime(lastScheduled) : 'aucune'}.
          </p>
          {editable ? (
            <SubmitButton busy={form.busy} icon="fa-solid fa-check" testId="backup-schedule-save">
              Enregistrer
            </SubmitButton>
          ) : null}
        </fieldset>
      </form>
    </SectionCard>
  );
}

function RestoreDialog({ backup, onClose }: { backup: BackupRow; onClose: () => void }) {
  const form = useServerForm({ password: '' }, { resetOnError: ['password'] });
  const password = useRef<HTMLInputElement>(null);
  const submit = () => form.submit('post', route('backups.restore', { name: backup.name }), { onSuccess: onClose });
  return (
    <Modal
      open
      onClose={() => (form.busy ? undefined : onClose())}
      title="Restaurer cette sauvegarde ?"
      tone="danger"
      initialFocus={password}
      testId="restore-dialog"
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose} disabled={form.busy}>
            Annuler
          </button>
          <SubmitButton
            type="button"
            busy={form.busy}
            variant="danger"
            icon="fa-solid fa-clock-rotate-left"
            busyLabel="Restauration en cours…"
            onClick={submit}
            testId="restore-dialog-confirm"
          >
            Restaurer
          </SubmitButton>
        </>
      }
    >
      <form
        ref={form.formRef}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <p>
          La base sera remplacée par la sauvegarde du <strong>{formatDateTime(backup.created_at)}</strong>. Ce qui a été
          saisi depuis sera retiré ; la base actuelle est d’abord sauvegardée automatiquement. Tous les utilisateurs
          seront déconnectés.
        </p>
        <TextField
          id="restore-password"
          name="password"
          type="password"
          autoComplete="current-password"
          label="Votre mot de passe"
          value={form.data.password}
          onChange={(v) => form.setData('password', v)}
          error={form.errorOf('password')}
          inputRef={password}
          required
        />
      </form>
    </Modal>
  );
}

function UploadRestoreCard({ maxUploadMb, disabled }: { maxUploadMb: number; disabled: boolean }) {
  const form = useServerForm<{ file: File | null; password: string }>(
    { file: null, password: '' },
    { resetOnError: ['password'] },
  );
  const [confirming, setConfirming] = useState(false);
  return (
    <SectionCard
      title="Restaurer depuis un fichier"
      icon="fa-solid fa-file-arrow-up"
      className="h-100 mb-0"
      testId="backup-upload"
    >
      <form
        ref={form.formRef}
        className="card-body"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setConfirming(true);
        }}
      >
        <FileField
          id="backup-file"
          label="Fichier de sauvegarde"
          accept=".sqlite,.dump"
          {...form.fileProps('file')}
          hint={
            <>
              Une sauvegarde téléchargée depuis cet écran (.sqlite ou .dump, {maxUploadMb.toLocaleString('fr-FR')} Mo au
              plus). Elle est vérifiée avant toute modification.
            </>
          }
        />
        <TextField
          id="upload-password"
          name="password"
          type="password"
          autoComplete="current-password"
          label="Votre mot de passe"
          value={form.data.password}
          onChange={(v) => form.setData('password', v)}
          error={form.errorOf('password')}
          required
        />
        <SubmitButton
          busy={form.busy}
          variant="danger"
          icon="fa-solid fa-clock-rotate-left"
          busyLabel="Vérification et restauration…"
          disabled={disabled || !form.data.file}
          testId="backup-upload-submit"
        >
          Vérifier et restaurer
        </SubmitButton>
      </form>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Restaurer ce fichier ?"
        confirmLabel="Restaurer"
        tone="danger"
        icon="fa-solid fa-clock-rotate-left"
        onConfirm={() => form.submit('post', route('backups.upload'), { forceFormData: true })}
        testId="upload-restore-confirm"
      >
        La base sera remplacée par le contenu de « {form.data.file?.name} » s’il passe la vérification. La base actuelle
        est d’abord sauvegardée automatiquement ; tous les utilisateurs seront déconnectés.
      </ConfirmDialog>
    </SectionCard>
  );
}
