import { useRef } from 'react';
import { route } from '@shared/routes';
import type { InventoryShowProps } from '@shared/pages/stock';
import { FieldError } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { SubmitButton } from '@/components/SubmitButton';
import { formatQty, formatSigned } from '@/components/data/format';
import { useServerForm } from '@/hooks/useServerForm';

/** Scan box: a barcode (or product code) adds the quantity (1 by default, negative to correct) to the count. */
export function ScanBox({ sessionId, lastScan }: { sessionId: number; lastScan: InventoryShowProps['last_scan'] }) {
  const form = useServerForm<{ code: string; quantity: number | string }>({ code: '', quantity: 1 });
  const input = useRef<HTMLInputElement>(null);
  const codeError = form.errorOf('code');
  const quantityError = form.errorOf('quantity');
  return (
    <form
      ref={form.formRef}
      noValidate
      className="app-picker-bar"
      onSubmit={(e) => {
        e.preventDefault();
        if (!form.data.code.trim()) return;
        form.submit('post', route('inventory.scan', { id: sessionId }), {
          preserveState: true,
          onSuccess: () => form.setData((d) => ({ ...d, code: '' })),
          onFinish: () => requestAnimationFrame(() => input.current?.focus()),
        });
      }}
      data-testid="scan-form"
    >
      <div className="row g-2 align-items-end">
        <div className="col-12 col-sm">
          <label htmlFor="scan-code" className="form-label">
            Scanner ou saisir un code
          </label>
          <div className={`input-group ${codeError ? 'is-invalid' : ''}`}>
            <span className="input-group-text">
              <Icon name="fa-solid fa-barcode" fixedWidth />
            </span>
            <input
              ref={input}
              id="scan-code"
              name="code"
              className={`form-control ${codeError ? 'is-invalid' : ''}`}
              autoComplete="off"
              spellCheck={false}
              autoFocus
              value={form.data.code}
              placeholder="Code-barres ou code produit puis Entrée"
              onChange={(e) => {
                form.setData('code', e.target.value);
                if (codeError) form.clearErrors('code');
              }}
              aria-invalid={codeError ? true : undefined}
              aria-describedby={codeError ? 'scan-code-error' : undefined}
            />
          </div>
        </div>
        <div className="col-5 col-sm-auto app-scan-qty">
          <label htmlFor="scan-qty" className="form-label">
            Quantité
          </label>
          <input
            id="scan-qty"
            name="quantity"
            className={`form-control text-end ${quantityError ? 'is-invalid' : ''}`}
            inputMode="numeric"
            value={form.data.quantity}
            onChange={(e) => form.setData('quantity', e.target.value)}
          />
        </div>
        <div className="col-7 col-sm-auto">
          <SubmitButton busy={form.busy} icon="fa-solid fa-plus" busyLabel="…" testId="scan-submit" className="w-100">
            Compter
          </SubmitButton>
        </div>
      </div>
      <FieldError id="scan-code-error" error={codeError ?? quantityError} />
      {lastScan && !codeError ? (
        <div className="app-scan-result text-success-emphasis mt-2" role="status" data-testid="last-scan">
          <Icon name="fa-solid fa-circle-check" className="me-1" />
          {lastScan.name} <span className="code">({lastScan.code})</span> : {formatSigned(lastScan.added)} →{' '}
          <strong>{formatQty(lastScan.counted)}</strong> compté{lastScan.counted > 1 ? 's' : ''}
        </div>
      ) : (
        <div className="form-text">
          Chaque scan ajoute la quantité au comptage du produit ; une quantité négative corrige une erreur.
        </div>
      )}
    </form>
  );
}
