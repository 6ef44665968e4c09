import type { InventoryShowProps } from '@shared/pages/stock';
import { route } from '@shared/routes';
import { MOVED_POLICIES, MOVED_POLICY_LABELS, type MovedPolicy } from '@shared/stock';
import { useState } from 'react';
import { FieldError } from '@/components/Field';
import { ConfirmDialog } from '@/components/data/ConfirmDialog';
import { Icon } from '@/components/Icon';
import { SubmitButton } from '@/components/SubmitButton';
import { formatCount, formatDate, formatQty } from '@/components/data/format';
import { type ErrorMap, formLevelErrors } from '@/components/data/form-errors';
import { FormErrors } from '@/components/data/FormErrors';
import type { ListHandle } from '@/components/data/useList';
import { useServerForm } from '@/hooks/useServerForm';
import { useMoney } from '@/hooks/useCompany';

/**
 * Validation: when counted products moved after the snapshot the user chooses explicitly how to
 * treat them (the preview below follows the choice); uncounted products are left alone unless
 * declared absent (counted as zero). « Valider l'inventaire » asks for confirmation first: the number
 * of lines and of lines with a difference, and the value of the adjustment for those who see costs
 * (`showValues`, policies seesCosts).
 */
export function ValidateCountForm({
  session,
  summary,
  preview_policy,
  uncounted_as_zero,
  list,
  showValues,
}: Pick<InventoryShowProps, 'session' | 'summary' | 'preview_policy' | 'uncounted_as_zero'> & {
  list: ListHandle;
  showValues: boolean;
}) {
  const money = useMoney();
  const [confirming, setConfirming] = useState(false);
  const moved = (summary?.moved ?? 0) > 0;
  const form = useServerForm<{ version: number; moved_policy: MovedPolicy | ''; uncounted_as_zero: boolean }>({
    version: session.version,
    moved_policy: moved ? preview_policy : '',
    uncounted_as_zero,
  });
  const policyError = form.errorOf('moved_policy');
  // The differences below follow the choice (the server previews the validation).
  const preview = (policy: MovedPolicy, zero: boolean) =>
    list.update({ tab: 'ecarts', policy: policy === 'snapshot' ? '' : policy, zero });
  const others = formLevelErrors(form.errors as ErrorMap, ['moved_policy', 'uncounted_as_zero']);
  return (
    <form
      ref={form.formRef}
      noValidate
      className="card mb-3"
      onSubmit={(e) => {
        e.preventDefault();
        setConfirming(true);
      }}
      data-testid="validate-form"
    >
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={`Valider l’inventaire ${session.number ?? `n° ${session.id}`} ?`}
        confirmLabel="Valider l’inventaire"
        icon="fa-solid fa-check"
        onConfirm={() => form.submit('post', route('inventory.validate', { id: session.id }))}
        testId="validate-confirm"
      >
        <p>
          Le stock de {session.location.name} sera ajusté au {formatDate(session.count_date)}. Cette opération ne peut
          pas être défaite.
        </p>
        {summary ? (
          <ul className="mb-0" data-testid="validate-confirm-figures">
            <li>
              {formatQty(summary.lines)} ligne{summary.lines > 1 ? 's' : ''} ({formatQty(summary.counted)} comptée
              {summary.counted > 1 ? 's' : ''})
            </li>
            <li>
              {formatQty(summary.adjusted)} ligne{summary.adjusted > 1 ? 's' : ''} avec un écart
            </li>
            {/* The values are absent (withoutCosts) for a user who may not see costs. */}
            {showValues &&
            summary.gain_value !== undefined &&
            summary.loss_value !== undefined &&
            summary.net_value !== undefined ? (
              <li>
                Valeur de l’ajustement : gains {money(summary.gain_value)}, pertes {money(summary.loss_value)}, écart
                net <strong>{money(summary.net_value)}</strong>
              </li>
            ) : null}
            {summary.adjusted > 0 ? (
              <li>
                {formatCount(summary.gain_lines, 'ligne')} en plus, {formatCount(summary.loss_lines, 'ligne')} en moins
              </li>
            ) : null}
          </ul>
        ) : null}
      </ConfirmDialog>
      <div className="card-header fw-semibold">
        <Icon name="fa-solid fa-check-double" className="me-1" />
        Validation de l’inventaire
      </div>
      <div className="card-body">
        <FormErrors messages={others} />
        {moved ? (
          <fieldset className="mb-3">
            <legend className="form-label fw-semibold fs-6">
              {formatQty(summary!.moved)} produit{summary!.moved > 1 ? 's ont' : ' a'} bougé depuis l’instantané :
              comment traiter ces mouvements ?
            </legend>
            {MOVED_POLICIES.map((p) => (
              <div className="form-check" key={p}>
                <input
                  className={`form-check-input ${policyError ? 'is-invalid' : ''}`}
                  type="radio"
                  name="moved_policy"
                  id={`policy-${p}`}
                  value={p}
                  checked={form.data.moved_policy === p}
                  onChange={() => {
                    form.setData('moved_policy', p);
                    form.clearErrors('moved_policy');
                    preview(p, form.data.uncounted_as_zero);
                  }}
                />
                <label className="form-check-label" htmlFor={`policy-${p}`}>
                  {MOVED_POLICY_LABELS[p]}
                </label>
              </div>
            ))}
            <FieldError id="moved-policy-error" error={policyError} />
          </fieldset>
        ) : (
          <p className="small text-body-secondary">
            Aucun produit compté n’a bougé depuis l’instantané : l’ajustement est la différence entre compté et
            théorique.
          </p>
        )}
        {summary && summary.uncounted > 0 ? (
          <div className="form-check mb-3">
            <input
              className="form-check-input"
              type="checkbox"
              id="uncounted-zero"
              checked={form.data.uncounted_as_zero}
              onChange={(e) => {
                form.setData('uncounted_as_zero', e.target.checked);
                preview(form.data.moved_policy || 'snapshot', e.target.checked);
              }}
            />
            <label className="form-check-label" htmlFor="uncounted-zero">
              Les {formatQty(summary.uncounted)} produits non comptés sont absents (stock mis à zéro). Sinon ils ne sont
              pas ajustés.
            </label>
          </div>
        ) : null}
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
          <span className="small text-body-secondary">
            Les ajustements seront datés du {formatDate(session.count_date)} et porteront la référence de l’inventaire
            {session.number ? ` (${session.number})` : ''}.
          </span>
          <SubmitButton busy={form.busy} icon="fa-solid fa-check" busyLabel="Validation…" testId="count-validate">
            Valider l’inventaire
          </SubmitButton>
        </div>
      </div>
    </form>
  );
}
