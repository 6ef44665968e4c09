import { Link, router, usePage } from '@inertiajs/react';
import { useRef, useState } from 'react';
import { MOVED_POLICIES, MOVED_POLICY_LABELS, type MovedPolicy } from '@shared/stock';
import type { CountLineView } from '@shared/stock-pages';
import { AppPage } from '@/components/AppPage';
import { Money } from '@/components/data/Money';
import { FieldError } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { parseFrenchNumber } from '@/components/NumberInput';
import { Pagination } from '@/components/Pagination';
import type { PageProps } from '@shared/pages';
import { SubmitButton } from '@/components/SubmitButton';
import { useServerForm } from '@/hooks/useServerForm';
import { CancelDialog } from '@/components/documents/CancelDialog';
import { EmptyState } from '@/components/data/EmptyState';
import { FormErrors } from '@/components/data/FormErrors';
import { listQuery } from '@/components/data/list-query';
import { FilterSelect, ListToolbar } from '@/components/data/ListToolbar';
import { useList } from '@/components/data/useList';
import { formatDate, formatDateTime, formatQty, formatSigned } from '@/components/data/format';
import { formLevelErrors } from '@/components/data/form-errors';
import { Badge, StatusBadge } from '@/components/data/StatusBadge';
import { useLeaveGuard } from '@/components/documents/useLeaveGuard';

const BASE = '/operations/gestionstock';

type Props = PageProps<'stock/inventory/Show'>;

/**
 * One count session. "Saisie": scan to count or type quantities (blind counts hide the
 * theoretical stock from counters); "Écarts": differences in quantity and value, how stock that
 * moved after the snapshot is treated, and the validation into dated adjustment movements.
 */
export default function InventoryShow(props: Props) {
  const { session, tab, reveal, can } = props;
  const [abandoning, setAbandoning] = useState(false);
  const path = `${BASE}/${session.id}`;
  const open = session.status === 'open';
  const canSeeDifferences = reveal && (!open || can.validate);
  const query = listQuery({ ...props.filters, show: props.filters.show === 'all' ? '' : props.filters.show, policy: props.preview_policy === 'snapshot' ? '' : props.preview_policy, zero: props.uncounted_as_zero ? '1' : '' });
  const tabHref = (t: 'saisie' | 'ecarts') => `${path}?${new URLSearchParams({ ...query, tab: t }).toString()}`;

  return (
    <AppPage
      title={session.label}
      heading={
        <span className="d-inline-flex align-items-center gap-2 flex-wrap">
          {session.number ? <span className="app-doc-number">{session.number}</span> : session.label} <StatusBadge kind="count" status={session.status} label={session.status_label} />
          {session.blind ? <Badge tone="dark" className="app-status">Comptage à l'aveugle</Badge> : null}
        </span>
      }
      subtitle={`${session.location.name} · comptage du ${formatDate(session.count_date)} · ${session.categories}`}
      breadcrumbs={[{ label: 'Opérations' }, { label: 'Inventaire', href: BASE }, { label: session.number ?? `n° ${session.id}` }]}
      actions={
        <div className="d-flex gap-2 flex-wrap">
          <a href={`${path}/print`} className="btn btn-outline-secondary" data-testid="count-sheet">
            <Icon name="fa-solid fa-print" className="me-1" />
            État de contrôle
          </a>
          {open ? (
            <a href={`${path}/print?vierge=1`} className="btn btn-outline-secondary">
              <Icon name="fa-regular fa-file" className="me-1" />
              Feuille vierge
            </a>
          ) : null}
          {session.status === 'validated' ? (
            <a href={`${path}/ajustement`} className="btn btn-outline-secondary" data-testid="adjustment-print">
              <Icon name="fa-solid fa-print" className="me-1" />
              État d'ajustement
            </a>
          ) : null}
          {open && can.validate ? (
            <button type="button" className="btn btn-outline-danger" onClick={() => setAbandoning(true)}>
              <Icon name="fa-solid fa-ban" className="me-1" />
              Abandonner
            </button>
          ) : null}
        </div>
      }
    >
      <SessionFacts {...props} />

      {canSeeDifferences ? (
        <ul className="nav nav-tabs mb-3" role="tablist">
          <li className="nav-item" role="presentation">
            <Link href={tabHref('saisie')} className={`nav-link ${tab === 'saisie' ? 'active' : ''}`} aria-current={tab === 'saisie' ? 'page' : undefined} preserveScroll>
              <Icon name="fa-solid fa-list-check" className="me-1" />
              {open ? 'Saisie' : 'Comptages'}
            </Link>
          </li>
          <li className="nav-item" role="presentation">
            <Link href={tabHref('ecarts')} className={`nav-link ${tab === 'ecarts' ? 'active' : ''}`} aria-current={tab === 'ecarts' ? 'page' : undefined} preserveScroll data-testid="tab-ecarts">
              <Icon name="fa-solid fa-scale-unbalanced" className="me-1" />
              {open ? 'Écarts et validation' : 'Écarts et ajustements'}
            </Link>
          </li>
        </ul>
      ) : null}

      {tab === 'ecarts' ? <DifferencesTab {...props} /> : <CountTab {...props} />}

      <CancelDialog
        open={abandoning}
        onClose={() => setAbandoning(false)}
        url={`${path}/abandon`}
        version={session.version}
        title={`Abandonner l'inventaire n° ${session.id}`}
        explanation="Les comptages sont conservés pour mémoire mais aucun ajustement ne sera fait. Un nouvel inventaire pourra être ouvert sur le même périmètre."
        confirmLabel="Abandonner l'inventaire"
        testId="abandon-dialog"
      />
    </AppPage>
  );
}

function SessionFacts({ session, summary, currency }: Props) {
  const progress = session.line_count === 0 ? 0 : Math.round((session.counted_count / session.line_count) * 100);
  return (
    <div className="card mb-3">
      <div className="card-body">
        <dl className="app-facts mb-3">
          <div>
            <dt>Emplacement</dt>
            <dd>{session.location.name}</dd>
          </div>
          <div>
            <dt>Date du comptage</dt>
            <dd>{formatDate(session.count_date)}</dd>
          </div>
          <div>
            <dt>Périmètre</dt>
            <dd>{session.categories}</dd>
          </div>
          <div>
            <dt>Instantané du stock</dt>
            <dd>{formatDateTime(session.snapshot_at)}</dd>
          </div>
          <div>
            <dt>Ouvert par</dt>
            <dd>{session.created_by ?? '—'}</dd>
          </div>
          {session.validated_at ? (
            <div>
              <dt>Validé</dt>
              <dd>
                le {formatDateTime(session.validated_at)} par {session.validated_by}
              </dd>
            </div>
          ) : null}
          {session.moved_policy_label ? (
            <div>
              <dt>Mouvements après l'instantané</dt>
              <dd className="small">{session.moved_policy_label}</dd>
            </div>
          ) : null}
          {session.cancelled_at ? (
            <div>
              <dt>Abandonné</dt>
              <dd>
                le {formatDateTime(session.cancelled_at)} par {session.cancelled_by} — {session.cancel_reason}
              </dd>
            </div>
          ) : null}
          {session.note ? (
            <div>
              <dt>Observation</dt>
              <dd>{session.note}</dd>
            </div>
          ) : null}
        </dl>
        <div className="d-flex justify-content-between small mb-1">
          <span>
            Produits comptés : <strong data-testid="counted-progress">{formatQty(session.counted_count)}</strong> sur {formatQty(session.line_count)}
          </span>
          <span>{progress} %</span>
        </div>
        <div className="progress" role="progressbar" aria-label="Avancement du comptage" aria-valuenow={progress} aria-valuemin={0} aria-valuemax={100} style={{ height: '0.5rem' }}>
          <div className="progress-bar" style={{ width: `${progress}%` }} />
        </div>
        {summary && summary.moved > 0 && session.status === 'open' ? (
          <div className="alert alert-warning small mt-3 mb-0 d-flex gap-2" role="status">
            <Icon name="fa-solid fa-triangle-exclamation" className="mt-1" />
            <span>
              {formatQty(summary.moved)} produit{summary.moved > 1 ? 's ont' : ' a'} bougé depuis l'instantané (ventes, transferts, entrées) : la validation demandera comment les traiter.
              {summary.net_value !== 0 ? (
                <>
                  {' '}
                  Écart net actuel : <Money value={summary.net_value} currency={currency} />.
                </>
              ) : null}
            </span>
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** Scan box: a barcode (or product code) adds the quantity (1 by default, negative to correct) to the count. */
function ScanBox({ sessionId, lastScan }: { sessionId: number; lastScan: Props['last_scan'] }) {
  const form = useServerForm<{ code: string; quantity: number | string }>({ code: '', quantity: 1 });
  const input = useRef<HTMLInputElement>(null);
  const errors = form.errors as Record<string, string>;
  return (
    <form
      ref={form.formRef}
      noValidate
      className="app-picker-bar"
      onSubmit={(e) => {
        e.preventDefault();
        if (!form.data.code.trim()) return;
        form.submit('post', `${BASE}/${sessionId}/scan`, {
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
          <div className={`input-group ${errors.code ? 'is-invalid' : ''}`}>
            <span className="input-group-text">
              <Icon name="fa-solid fa-barcode" fixedWidth />
            </span>
            <input
              ref={input}
              id="scan-code"
              name="code"
              className={`form-control ${errors.code ? 'is-invalid' : ''}`}
              autoComplete="off"
              spellCheck={false}
              autoFocus
              value={form.data.code}
              placeholder="Code-barres ou code produit puis Entrée"
              onChange={(e) => {
                form.setData('code', e.target.value);
                if (errors.code) form.clearErrors('code');
              }}
              aria-invalid={errors.code ? true : undefined}
              aria-describedby={errors.code ? 'scan-code-error' : undefined}
            />
          </div>
        </div>
        <div className="col-5 col-sm-auto app-scan-qty">
          <label htmlFor="scan-qty" className="form-label">
            Quantité
          </label>
          <input id="scan-qty" name="quantity" className={`form-control text-end ${errors.quantity ? 'is-invalid' : ''}`} inputMode="numeric" value={form.data.quantity} onChange={(e) => form.setData('quantity', e.target.value)} />
        </div>
        <div className="col-7 col-sm-auto">
          <SubmitButton busy={form.busy} icon="fa-solid fa-plus" busyLabel="…" testId="scan-submit" className="w-100">
            Compter
          </SubmitButton>
        </div>
      </div>
      <FieldError id="scan-code-error" error={errors.code ?? errors.quantity} />
      {lastScan && !errors.code ? (
        <div className="app-scan-result text-success-emphasis mt-2" role="status" data-testid="last-scan">
          <Icon name="fa-solid fa-circle-check" className="me-1" />
          {lastScan.name} <span className="code">({lastScan.code})</span> : {formatSigned(lastScan.added)} → <strong>{formatQty(lastScan.counted)}</strong> compté{lastScan.counted > 1 ? 's' : ''}
        </div>
      ) : (
        <div className="form-text">Chaque scan ajoute la quantité au comptage du produit ; une quantité négative corrige une erreur.</div>
      )}
    </form>
  );
}

const SHOW_OPTIONS: Array<{ value: Props['filters']['show']; label: string }> = [
  { value: 'all', label: 'Tous' },
  { value: 'uncounted', label: 'Non comptés' },
  { value: 'counted', label: 'Comptés' },
  { value: 'differences', label: 'Avec écart' },
  { value: 'moved', label: 'Ont bougé' },
];

function LineFilters({ path, filters, categories, keep }: { path: string; filters: Props['filters']; categories: Props['categories']; keep: Record<string, string> }) {
  const list = useList(path, { ...keep, q: filters.q, category_id: filters.category_id, show: filters.show === 'all' ? '' : filters.show }, { keep: ['tab', 'policy', 'zero'] });
  return (
    <ListToolbar className="p-3 mb-0 border-bottom" q={filters.q} onSearch={(q) => list.update({ q })} placeholder="Code, nom ou code-barres…" searchLabel="Rechercher un produit" onReset={list.filtered ? list.reset : undefined}>
      {categories.length > 1 ? <FilterSelect label="Catégorie" value={filters.category_id} allLabel="Toutes" options={categories} onChange={(category_id) => list.update({ category_id })} /> : null}
      <FilterSelect label="Afficher" value={filters.show} options={SHOW_OPTIONS} onChange={(show) => list.update({ show: show === 'all' ? '' : show })} testId="line-show" />
    </ListToolbar>
  );
}

/** The count entry table: one quantity per product; only changed lines are sent, with the value each replaced. */
function CountTab({ session, lines, filters, categories, reveal, can, last_scan, tab }: Props) {
  const { url, props } = usePage();
  const serverErrors = props.errors as Record<string, string>;
  const path = `${BASE}/${session.id}`;
  const editable = session.status === 'open' && can.count;
  const [edits, setEdits] = useState<Record<number, string>>({});
  const [saving, setSaving] = useState(false);
  const dirty = lines.data.filter((l) => l.product_id in edits && parseCount(edits[l.product_id]) !== l.counted);
  const dirtyCount = Object.keys(edits).length === 0 ? 0 : dirty.length;

  // Leaving the page (filter, pagination, link, tab) with unsaved counts asks first.
  useLeaveGuard(dirtyCount > 0 && !saving, `${dirtyCount} comptage(s) non enregistré(s) seront perdus. Continuer ?`);

  const invalid = dirty.filter((l) => parseCount(edits[l.product_id]) === undefined);
  const save = () => {
    if (dirty.length === 0 || invalid.length) return;
    const payload = dirty.map((l) => ({ product_id: l.product_id, counted: parseCount(edits[l.product_id]) ?? null, expected: l.counted }));
    router.post(`${path}/counts`, { lines: payload }, { preserveScroll: true, preserveState: true, onStart: () => setSaving(true), onFinish: () => setSaving(false), onSuccess: (page) => { if (!Object.keys((page.props.errors ?? {}) as object).length) setEdits({}); } });
  };
  const others = formLevelErrors(serverErrors, ['code', 'quantity', 'reason', 'moved_policy', 'uncounted_as_zero'], true);

  return (
    <div className="card" data-testid="count-tab">
      {editable ? <ScanBox sessionId={session.id} lastScan={last_scan} /> : null}
      <LineFilters path={path} filters={filters} categories={categories} keep={{ tab }} />
      {others.length ? (
        <div className="px-3 pt-3">
          <FormErrors messages={others} />
        </div>
      ) : null}
      {lines.data.length === 0 ? (
        <EmptyState icon="fa-solid fa-clipboard-list" title="Aucun produit ne correspond">Modifiez la recherche ou les filtres.</EmptyState>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <div className="table-responsive">
            <table className="table table-sm app-stock-table app-stack-sm app-stack-3" data-testid="count-lines">
              <thead>
                <tr>
                  <th scope="col" className="d-none d-sm-table-cell">
                    Code
                  </th>
                  <th scope="col">Produit</th>
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
                </tr>
              </thead>
              <tbody>
                {lines.data.map((l) => {
                  const text = edits[l.product_id] ?? (l.counted === null ? '' : String(l.counted));
                  const parsed = parseCount(text);
                  const changed = l.product_id in edits && parsed !== l.counted;
                  const diff = reveal && l.theoretical !== null && parsed !== undefined && parsed !== null ? parsed - l.theoretical : null;
                  return (
                    <tr key={l.product_id} className={changed ? 'table-warning' : ''} data-testid={`count-line-${l.code}`}>
                      <td className="code d-none d-sm-table-cell">{l.code}</td>
                      <td className="app-stack-main">
                        {l.name}
                        <div className="small text-body-secondary code d-sm-none">{l.code}</div>
                        {l.barcode ? <div className="small text-body-secondary code">{l.barcode}</div> : null}
                      </td>
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
                      {reveal ? <td className={`num ${diff ? (diff > 0 ? 'app-diff-pos' : 'app-diff-neg') : ''}`} data-label="Écart">{diff === null ? '—' : formatSigned(diff)}</td> : null}
                      <td className="small text-body-secondary d-none d-lg-table-cell">{l.counted_by ? `${l.counted_by}, ${formatDateTime(l.counted_at)}` : ''}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {editable ? (
            <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 p-3 border-top">
              <span className="small" aria-live="polite">
                {invalid.length ? (
                  <span className="text-danger">Quantité invalide : un nombre entier positif ou nul, ou vide pour « non compté ».</span>
                ) : dirtyCount ? (
                  `${dirtyCount} comptage${dirtyCount > 1 ? 's' : ''} non enregistré${dirtyCount > 1 ? 's' : ''}`
                ) : (
                  'Tapez les quantités comptées puis enregistrez ; vider une case remet le produit en « non compté ».'
                )}
              </span>
              <SubmitButton busy={saving} icon="fa-solid fa-floppy-disk" busyLabel="Enregistrement…" disabled={dirtyCount === 0 || invalid.length > 0} testId="counts-save">
                Enregistrer les comptages
              </SubmitButton>
            </div>
          ) : null}
        </form>
      )}
      <div className="card-footer">
        <Pagination currentPage={lines.page} lastPage={lines.last_page} url={url} total={lines.total} perPage={lines.per_page} label="Pagination des produits" />
      </div>
    </div>
  );
}

/** '' → null (not counted), '12' → 12, anything else → undefined (invalid). */
function parseCount(text: string | undefined): number | null | undefined {
  if (text === undefined) return undefined;
  if (text.trim() === '') return null;
  const n = parseFrenchNumber(text, 0);
  return n !== null && Number.isInteger(n) && n >= 0 && n <= 1_000_000_000 && /^[\d\s\u00a0\u202f]+$/u.test(text.trim()) ? n : undefined;
}

function DifferencesTab({ session, lines, filters, categories, summary, currency, preview_policy, uncounted_as_zero, can, tab }: Props) {
  const { url } = usePage();
  const path = `${BASE}/${session.id}`;
  const open = session.status === 'open';
  const showValues = lines.data.some((l) => l.unit_cost !== null) || (summary !== null && (summary.gain_value !== 0 || summary.loss_value !== 0));
  const keep = listQuery({ tab, policy: preview_policy === 'snapshot' ? '' : preview_policy, zero: uncounted_as_zero ? '1' : '' });
  return (
    <>
      {summary ? (
        <div className="app-stock-kpis" data-testid="count-summary">
          <Kpi label="Comptés" value={`${formatQty(summary.counted)} / ${formatQty(summary.lines)}`} />
          <Kpi label="Non comptés" value={formatQty(summary.uncounted)} />
          <Kpi label="Ont bougé" value={formatQty(summary.moved)} />
          <Kpi label={open ? 'Lignes à ajuster' : 'Lignes ajustées'} value={formatQty(summary.adjusted)} />
          <Kpi label="Gains" value={<span className="app-diff-pos">{formatSigned(summary.gain_quantity)}</span>} extra={showValues ? <Money value={summary.gain_value} currency={currency} /> : null} />
          <Kpi label="Pertes" value={<span className="app-diff-neg">{formatSigned(-summary.loss_quantity)}</span>} extra={showValues ? <Money value={summary.loss_value ? -summary.loss_value : 0} currency={currency} /> : null} />
          {showValues ? <Kpi label="Écart net (CMUP)" value={<Money value={summary.net_value} currency={currency} tone="balance" />} testId="net-value" /> : null}
        </div>
      ) : null}

      {open && can.validate ? <ValidateForm {...{ session, summary, preview_policy, uncounted_as_zero, path, filters }} /> : null}

      <div className="card">
        <LineFilters path={path} filters={filters} categories={categories} keep={keep} />
        {lines.data.length === 0 ? (
          <EmptyState icon="fa-solid fa-scale-balanced" title="Aucun produit ne correspond">Modifiez la recherche ou les filtres.</EmptyState>
        ) : (
          <div className="table-responsive">
            <table className="table table-sm app-stock-table app-stack-sm app-stack-3" data-testid="difference-lines">
              <thead>
                <tr>
                  <th scope="col" className="d-none d-sm-table-cell">
                    Code
                  </th>
                  <th scope="col">Produit</th>
                  <th scope="col" className="num">
                    Théorique
                  </th>
                  <th scope="col" className="num">
                    {open ? 'Stock actuel' : 'Stock à la validation'}
                  </th>
                  <th scope="col" className="num">
                    Mouvements
                  </th>
                  <th scope="col" className="num">
                    Compté
                  </th>
                  <th scope="col" className="num">
                    Écart
                  </th>
                  <th scope="col" className="num">
                    Ajustement
                  </th>
                  {showValues ? (
                    <>
                      <th scope="col" className="num">
                        CMUP
                      </th>
                      <th scope="col" className="num">
                        Valeur
                      </th>
                    </>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {lines.data.map((l: CountLineView) => (
                  <tr key={l.product_id} data-testid={`diff-line-${l.code}`}>
                    <td className="code d-none d-sm-table-cell">{l.code}</td>
                    <td className="app-stack-main">
                      {l.name}
                      <div className="small text-body-secondary code d-sm-none">{l.code}</div>
                    </td>
                    <td className="num" data-label="Théorique">
                      {formatQty(l.theoretical)}
                    </td>
                    <td className="num" data-label={open ? 'Stock actuel' : 'À la validation'}>
                      {formatQty(l.current)}
                    </td>
                    <td className={`num ${l.moved ? 'text-warning-emphasis fw-semibold' : 'text-body-secondary'}`} data-label="Mouvements">{l.moved ? formatSigned(l.moved) : '—'}</td>
                    <td className="num" data-label="Compté">{l.counted === null ? <span className="text-body-secondary">non compté</span> : formatQty(l.counted)}</td>
                    <td className={`num ${l.difference ? (l.difference > 0 ? 'app-diff-pos' : 'app-diff-neg') : ''}`} data-label="Écart">{l.difference === null ? '—' : formatSigned(l.difference)}</td>
                    <td className={`num ${l.adjustment ? (l.adjustment > 0 ? 'app-diff-pos' : 'app-diff-neg') : ''}`} data-label="Ajustement">{l.adjustment === null ? '—' : formatSigned(l.adjustment)}</td>
                    {showValues ? (
                      <>
                        <td className="num" data-label="CMUP">
                          <Money value={l.unit_cost} currency={currency} />
                        </td>
                        <td className="num" data-label="Valeur">{l.value === null ? '—' : <Money value={l.value} currency={currency} tone="balance" />}</td>
                      </>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <div className="card-footer">
          <Pagination currentPage={lines.page} lastPage={lines.last_page} url={url} total={lines.total} perPage={lines.per_page} label="Pagination des produits" />
        </div>
      </div>
    </>
  );
}

function Kpi({ label, value, extra, testId }: { label: string; value: React.ReactNode; extra?: React.ReactNode; testId?: string }) {
  return (
    <div className="app-stock-kpi" data-testid={testId}>
      <div className="app-stock-kpi-label">{label}</div>
      <div className="app-stock-kpi-value">{value}</div>
      {extra ? <div className="small">{extra}</div> : null}
    </div>
  );
}

/**
 * Validation: when counted products moved after the snapshot the user chooses explicitly how to
 * treat them (the preview below follows the choice); uncounted products are left alone unless
 * declared absent (counted as zero).
 */
function ValidateForm({ session, summary, preview_policy, uncounted_as_zero, path, filters }: Pick<Props, 'session' | 'summary' | 'preview_policy' | 'uncounted_as_zero' | 'filters'> & { path: string }) {
  const moved = (summary?.moved ?? 0) > 0;
  const form = useServerForm<{ version: number; moved_policy: MovedPolicy | ''; uncounted_as_zero: boolean }>({ version: session.version, moved_policy: moved ? preview_policy : '', uncounted_as_zero });
  const errors = form.errors as Record<string, string>;
  const preview = (policy: MovedPolicy, zero: boolean) =>
    router.get(path, listQuery({ tab: 'ecarts', q: filters.q, category_id: filters.category_id, show: filters.show === 'all' ? '' : filters.show, policy: policy === 'snapshot' ? '' : policy, zero: zero ? '1' : '' }), { preserveScroll: true, preserveState: true });
  const others = formLevelErrors(errors, ['moved_policy', 'uncounted_as_zero']);
  return (
    <form
      ref={form.formRef}
      noValidate
      className="card mb-3"
      onSubmit={(e) => {
        e.preventDefault();
        form.submit('post', `${path}/validate`);
      }}
      data-testid="validate-form"
    >
      <div className="card-header fw-semibold">
        <Icon name="fa-solid fa-check-double" className="me-1" />
        Validation de l'inventaire
      </div>
      <div className="card-body">
        <FormErrors messages={others} />
        {moved ? (
          <fieldset className="mb-3">
            <legend className="form-label fw-semibold fs-6">
              {formatQty(summary!.moved)} produit{summary!.moved > 1 ? 's ont' : ' a'} bougé depuis l'instantané : comment traiter ces mouvements ?
            </legend>
            {MOVED_POLICIES.map((p) => (
              <div className="form-check" key={p}>
                <input
                  className={`form-check-input ${errors.moved_policy ? 'is-invalid' : ''}`}
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
            <FieldError id="moved-policy-error" error={errors.moved_policy} />
          </fieldset>
        ) : (
          <p className="small text-body-secondary">Aucun produit compté n'a bougé depuis l'instantané : l'ajustement est la différence entre compté et théorique.</p>
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
              Les {formatQty(summary.uncounted)} produits non comptés sont absents (stock mis à zéro). Sinon ils ne sont pas ajustés.
            </label>
          </div>
        ) : null}
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
          <span className="small text-body-secondary">Les ajustements seront datés du {formatDate(session.count_date)} et numérotés INV-.</span>
          <SubmitButton busy={form.busy} icon="fa-solid fa-check" busyLabel="Validation…" testId="count-validate">
            Valider l'inventaire
          </SubmitButton>
        </div>
      </div>
    </form>
  );
}
