/** Items 1–3 of the drill: oversell, numbering, idempotency — through the real forms, in parallel. */
import { DOCUMENT_SERIES, formatDocumentNumber } from '../../../server/db/counters.js';
import type { Answer, Browser } from '../browser.js';
import type { DrillContext } from '../context.js';
import {
  DOCUMENT_FORMS,
  type DocumentForm,
  OTHER_FORMS,
  counterBody,
  giveStock,
  invoiceBody,
  transferBody,
} from '../forms.js';
import { makeClient, makeProduct } from '../world.js';
import { formatCount } from '../../../shared/quantity.js';

const STEP_OVERSELL = '1 Survente';
const STEP_NUMBERING = '2 Numérotation';
const STEP_IDEMPOTENCY = '3 Idempotence';

/** Every series the counters know, each with its form or without (then « non couvert »). */
export function seriesForms(): Array<{ series: string; form: DocumentForm | null }> {
  return DOCUMENT_SERIES.map((series) => ({ series, form: DOCUMENT_FORMS[series] ?? null }));
}

const NOT_COVERED = 'formulaire inconnu de l’exercice (scripts/drill/forms.ts) : à ajouter';

async function lastNumber(ctx: DrillContext, series: string): Promise<number> {
  const row = await ctx.db('document_counters').where({ series, year: ctx.world.year }).first('last_number');
  return Number(row?.last_number ?? 0);
}

async function countOf(ctx: DrillContext, form: DocumentForm): Promise<number> {
  const q = ctx.db(form.table);
  if (form.where) q.where(form.where);
  return Number((await q.count({ n: '*' }).first())!.n);
}

const serverErrors = (answers: Array<Answer | Error>) =>
  answers.filter((a) => a instanceof Error || a.status >= 500).length;
const settle = (p: Promise<Answer>) => p.catch((err: Error) => err);

export async function oversell(ctx: DrillContext): Promise<void> {
  const fc = await ctx.forms();
  const w = ctx.world;
  const p = await makeProduct(ctx.db, w, 'Survente');
  await giveStock(fc, p.id, w.shop, 10);
  const client = await makeClient(ctx.db);
  const sessions = await ctx.sessions(10);
  const exits = Array.from({ length: 50 }, (_, i) => {
    const kind = (['VB', 'FAC', 'TRF'] as const)[i % 3];
    const body =
      kind === 'VB'
        ? counterBody(w, p.id, w.shop)
        : kind === 'FAC'
          ? invoiceBody(w, client, p.id, w.shop)
          : transferBody(w, p.id, w.shop, w.depot);
    return { kind, body };
  });
  const answers = await Promise.all(
    exits.map((e, i) => settle(sessions[i % sessions.length].post(DOCUMENT_FORMS[e.kind].url, e.body))),
  );
  const succeeded = exits.map((e, i) => {
    const a = answers[i];
    return !(a instanceof Error) && DOCUMENT_FORMS[e.kind].done(a.location) !== null;
  });
  const level = Number(
    (await ctx.db('stock_levels').where({ product_id: p.id, location_id: w.shop }).first('quantity'))?.quantity ?? 0,
  );
  const outs = Number(
    (
      await ctx
        .db('stock_movements')
        .where({ product_id: p.id, location_id: w.shop })
        .where('quantity', '<', 0)
        .sum({ q: 'quantity' })
        .first()
    )?.q ?? 0,
  );
  const byKind = (['VB', 'FAC', 'TRF'] as const)
    .map((k) => `${k} ${exits.filter((e, i) => e.kind === k && succeeded[i]).length}`)
    .join(', ');
  const failures: string[] = [];
  const ok = succeeded.filter(Boolean).length;
  if (ok !== 10) failures.push(`${ok} sorties acceptées au lieu de 10`);
  if (level !== 0) failures.push(`stock final ${level} au lieu de 0`);
  if (outs !== -10) failures.push(`sorties au grand livre ${-outs} au lieu de 10`);
  const errors = serverErrors(answers);
  if (errors) failures.push(formatCount(errors, 'erreur serveur', 'erreurs serveur'));
  ctx.report.check(
    STEP_OVERSELL,
    'ventes boutique, factures, transferts mêlés',
    '50 sorties de 1 en parallèle sur un stock de 10',
    `${ok} acceptées (${byKind}), stock final ${level}, aucune 5xx`,
    failures,
  );
}

export async function numbering(ctx: DrillContext): Promise<void> {
  const n = 100;
  for (const { series, form } of seriesForms()) {
    if (!form) {
      ctx.report.notCovered(STEP_NUMBERING, `série ${series}`, NOT_COVERED);
      continue;
    }
    const build = await form.prepare(await ctx.forms(), n);
    const sessions = await ctx.sessions(20);
    const last = await lastNumber(ctx, series);
    const prefix = `${series}-${ctx.world.year}-`;
    const existing = new Set<string>(await ctx.db(form.table).where('number', 'like', `${prefix}%`).pluck('number'));
    const answers = await Promise.all(
      Array.from({ length: n }, (_, i) => settle(sessions[i % sessions.length].post(form.url, build(i)))),
    );
    const accepted = answers.filter((a) => !(a instanceof Error) && form.done(a.location) !== null).length;
    const made = ((await ctx.db(form.table).where('number', 'like', `${prefix}%`).pluck('number')) as string[])
      .filter((x) => !existing.has(x))
      .sort();
    const expected = Array.from({ length: n }, (_, i) => formatDocumentNumber(series, ctx.world.year, last + i + 1));
    const failures: string[] = [];
    if (accepted !== n) failures.push(`${accepted}/${n} validations acceptées`);
    if (new Set(made).size !== made.length) failures.push('numéro en double');
    const missing = expected.filter((x) => !made.includes(x));
    const extra = made.filter((x) => !expected.includes(x));
    if (missing.length) failures.push(`trous : ${missing.slice(0, 3).join(', ')}${missing.length > 3 ? '…' : ''}`);
    if (extra.length) failures.push(`hors suite : ${extra.slice(0, 3).join(', ')}`);
    if ((await lastNumber(ctx, series)) !== last + n)
      failures.push(`compteur à ${await lastNumber(ctx, series)} au lieu de ${last + n}`);
    if (form.covers) failures.push(...(await form.covers(ctx.db, made)));
    const errors = serverErrors(answers);
    if (errors) failures.push(formatCount(errors, 'erreur serveur', 'erreurs serveur'));
    ctx.report.check(
      STEP_NUMBERING,
      `série ${series} (${form.label})`,
      `${n} validations en parallèle (20 sessions)`,
      `${made[0] ?? '—'} … ${made.at(-1) ?? '—'} : ${made.length} numéros, sans trou ni doublon`,
      failures,
    );
  }
}

export async function idempotency(ctx: DrillContext): Promise<void> {
  // Every numbered series, then the forms without a number (a closing).
  const others = Object.values(OTHER_FORMS).map((form) => ({ series: form.series, form }));
  for (const { series, form } of [...seriesForms(), ...others]) {
    if (!form) {
      ctx.report.notCovered(STEP_IDEMPOTENCY, `série ${series}`, NOT_COVERED);
      continue;
    }
    const build = await form.prepare(await ctx.forms(), 10);
    const body = build(0);
    const sessions: Browser[] = await ctx.sessions(10);
    const before = await countOf(ctx, form);
    const answers = await Promise.all(sessions.map((s) => settle(s.post(form.url, body))));
    const made = (await countOf(ctx, form)) - before;
    const landings = new Set(answers.map((a) => (a instanceof Error ? 'erreur' : a.location)));
    const failures: string[] = [];
    if (made !== 1) failures.push(`${made} documents au lieu de 1`);
    if (answers.some((a) => a instanceof Error || form.done(a.location) === null))
      failures.push(`réponses : ${[...landings].join(', ')}`);
    else if (landings.size !== 1) failures.push(`${landings.size} pages d’arrivée différentes`);
    const errors = serverErrors(answers);
    if (errors) failures.push(formatCount(errors, 'erreur serveur', 'erreurs serveur'));
    ctx.report.check(
      STEP_IDEMPOTENCY,
      Object.hasOwn(DOCUMENT_FORMS, series) ? `série ${series} (${form.label})` : form.label,
      'le même envoi 10 fois à la fois (une clé)',
      `${made} document, 10 réponses vers ${[...landings][0]}`,
      failures,
    );
  }
}
