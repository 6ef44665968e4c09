import { TextField } from '@/components/Field';
import { Modal } from '@/components/Modal';
import { SubmitButton } from '@/components/SubmitButton';
import { formLevelErrors } from '@/components/data/form-errors';
import { useServerForm } from '@/hooks/useServerForm';

/**
 * « Saisir la référence fiscale » of an uncertain document: what the DGI's portal shows for it —
 * its fiscal number and the verification link (or QR content). The server checks both again and
 * refuses when the document is no longer uncertain.
 */
export function FiscalReferenceDialog({
  open,
  onClose,
  url,
  number,
}: {
  open: boolean;
  onClose: () => void;
  url: string;
  number: string;
}) {
  const form = useServerForm({ fiscal_number: '', qr_content: '' });
  const others = formLevelErrors(form.errors, ['fiscal_number', 'qr_content']);
  const close = () => {
    form.clearErrors();
    onClose();
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title={`Référence fiscale de ${number}`}
      testId="fiscal-reference-dialog"
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={close}>
            Fermer
          </button>
          <SubmitButton
            busy={form.busy}
            icon="fa-solid fa-stamp"
            form="fiscal-reference-form"
            busyLabel="Enregistrement…"
            testId="fiscal-reference-submit"
          >
            Enregistrer la référence
          </SubmitButton>
        </>
      }
    >
      <form
        id="fiscal-reference-form"
        ref={form.formRef}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          form.submit('post', url, { onSuccess: () => onClose() });
        }}
      >
        <p>
          Recopiez ce que montre le portail de la DGI pour ce document : il passera « Certifiée » avec cette référence,
          saisie à la main.
        </p>
        {others.map((m) => (
          <div key={m} className="alert alert-danger py-2 small" role="alert">
            {m}
          </div>
        ))}
        <TextField
          id="fiscal-reference-number"
          name="fiscal_number"
          label="Numéro fiscal"
          required
          maxLength={80}
          value={form.data.fiscal_number}
          onChange={(v) => form.setData('fiscal_number', v)}
          error={form.errors.fiscal_number}
        />
        <TextField
          id="fiscal-reference-qr"
          name="qr_content"
          label="Lien de vérification (contenu du QR code)"
          required
          maxLength={1000}
          value={form.data.qr_content}
          onChange={(v) => form.setData('qr_content', v)}
          error={form.errors.qr_content}
          hint="Le lien que le portail donne pour vérifier la facture : il sera imprimé en QR code."
        />
      </form>
    </Modal>
  );
}
