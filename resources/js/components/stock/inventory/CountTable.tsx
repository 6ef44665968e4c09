import { router, usePage } from '@inertiajs/react';
import { type ReactNode, useState } from 'react';
import type { Paginated } from '@shared/lists';
import { route } from '@shared/routes';
import type { CountLineView } from '@shared/pages/stock';
import { SubmitButton } from '@/components/SubmitButton';
import { type ErrorMap, formLevelErrors } from '@/components/data/form-errors';
import { FormErrors } from '@/components/data/FormErrors';
import { diffClass, formatCount, formatDateTime, formatQty, formatSigned } from '@/components/data/format';
import { useLeaveGuard } from '@/components/documents/useLeaveGuard';
import { CountLineProduct, CountLinesCard, CountLinesTable } from './CountLinesCard';
import { parseCount } from './count-state';

/** The count entry table: one quantity per product; only changed lines are sent, with the value each replaced. */
export function CountTable({
  sessionId,
  lines,
  reveal,
  editable,
  top,
}: {
  sessionId: number;
  lines: Paginated<CountLineView>;
  reveal: boolean;
  editable: boolean;
  top: ReactNode;
}) {
  const { props } = usePage();
  const serverErrors = props.errors as ErrorMap;
  const [edits, setEdits] = useState<Record<number, string>>({});
  const [saving, setSaving] = useState(false);
  const dirty = lines.data.filter((l) => l.product_id in edits && parseCount(edits[l.product_id]) !== l.counted);
  const dirtyCount = Object.keys(edits).length === 0 ? 0 : dirty.length;

  // Leaving the page (filter, pagination, link, tab) with unsaved counts asks first.
  useLeaveGuard(
    dirtyCount > 0 && !saving,
    `${formatCount(dirtyCount, 'comptage non enregistré sera perdu', 'comptages non enregistrés seront perdus')}. Continuer ?`,
  );

  const invalid = dirty.filter((l) => parseCount(edits[l.product_id]) === undefined);
  const save = () => {
    if (dirty.length === 0 || invalid.length) return;
    const payload = dirty.map((l) => ({
      product_id: l.product_id,
      counted: parseCount(edits[l.product_id]) ?? null,
      expected: l.counted,
    }));
    router.post(
      route('inventory.counts', { id: sessionId }),
      { lines: payload },
      {
        preserveScroll: true,
        preserveState: true,
        onStart: () => setSaving(true),
        onFinish: () => setSaving(false),
        onSuccess: (page) => {
          if (!Object.keys((page.props.errors ?? {}) as object).length) setEdits({});
        },
      },
    );
  };
  const others = formLevelErrors(
    serverErrors,
    ['code', 'quantity', 'reason', 'moved_policy', 'uncounted_as_zero'],
    true,
  );

  return (
    <CountLinesCard
      top={top}
      notice={
        others.length ? (
          <div className="px-3 pt-3">
            <FormErrors messages={others} />
          </div>
        ) : null
      }
      lines={lines}
      emptyIcon="fa-solid fa-clipboard-list"
      testId="count-tab"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <CountLinesTable
          testId="count-lines"
          head={
            <>
              <th scope="col" className="d-none d-md-table-cell">
                Catégorie
              </th>
              {reveal ? (
                <th scope="col" className="num">
                  Théorique
                </th>
              ) : null}
              <th scope="col" className="num">
                Compté
              </th>
              {reveal ? (
                <th scope="col" className="num">
                  Écart
                </th>
              ) : null}
              <th scope="col" className="d-none d-lg-table-cell">
                Par
              </th>
            </>
          }
        >
          {lines.data.map((l) => {
            const text = edits[l.product_id] ?? (l.counted === null ? '' : String(l.counted));
            const parsed = parseCount(text);
            const changed = l.product_id in edits && parsed !== l.counted;
            const diff =
              reveal && l.theoretical !== null && parsed !== undefined && parsed !== null
                ? parsed - l.theoretical
                : null;
            return (
              <tr key={l.product_id} className={changed ? 'table-warning' : ''} data-testid={`count-line-${l.code}`}>
                <CountLineProduct
                  code={l.code}
                  name={l.name}
                  extra={l.barcode ? <div className="small text-body-secondary code">{l.barcode}</div> : null}
                />
                <td className="small d-none d-md-table-cell">{l.category}</td>
                {reveal ? (
                  <td className="num" data-label="Théorique">
                    {formatQty(l.theoretical)}
                  </td>
                ) : null}
                <td className="num" data-label="Compté">
                  {editable ? (
                    <input
                      type="text"
                      inputMode="numeric"
                      className={`form-control form-control-sm text-end app-count-input ${parsed === undefined ? 'is-invalid' : ''}`}
                      aria-label={`Quantité comptée de ${l.name}`}
                      value={text}
                      placeholder="—"
                      onChange={(e) => setEdits((m) => ({ ...m, [l.product_id]: e.target.value }))}
                      data-testid={`count-input-${l.code}`}
                    />
                  ) : (
                    formatQty(l.counted)
                  )}
                </td>
                {reveal ? (
                  <td className={`num ${diffClass(diff)}`} data-label="Écart">
                    {formatSigned(diff)}
                  </td>
                ) : null}
                <td className="small text-body-secondary d-none d-lg-table-cell">
                  {l.counted_by ? `${l.counted_by}, ${formatDateTime(l.counted_at)}` : ''}
                </td>
              </tr>
            );
          })}
        </CountLinesTable>
        {editable ? (
          <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 p-3 border-top">
            <span className="small" aria-live="polite">
              {invalid.length ? (
                <span className="text-danger">
                  Quantité invalide : un nombre entier positif ou nul, ou vide pour « non compté ».
                </span>
              ) : dirtyCount ? (
                `${dirtyCount} comptage${dirtyCount > 1 ? 's' : ''} non enregistré${dirtyCount > 1 ? 's' : ''}`
              ) : (
                'Tapez les quantités comptées puis enregistrez ; vider une case remet le produit en « non compté ».'
              )}
            </span>
            <SubmitButton
              busy={saving}
              icon="fa-solid fa-floppy-disk"
              busyLabel="Enregistrement…"
              disabled={dirtyCount === 0 || invalid.length > 0}
              testId="counts-save"
            >
              Enregistrer les comptages
            </SubmitButton>
          </div>
        ) : null}
      </form>
    </CountLinesCard>
  );
}
