import { randomBytes, randomUUID } from 'node:crypto';
import { field, isObject, nonEmptyString, positiveNumber, type Reply, type SimulatorRequest } from './http.js';
import type { ServiceContext } from './fne.js';
import type { EmecefInvoiceRecord, EmecefMachine, Totals } from './state.js';

/**
 * The e-MECeF side (Bénin), under /emecef/api: `GET info/status`, `GET invoice` (the machine's
 * pending first phases), `POST invoice` (first phase → uid and totals), `GET invoice/{uid}`,
 * `PUT invoice/{uid}/confirm|cancel` (second phase → the security elements). Errors come as
 * { errorCode, errorDesc } with a 4xx status. The JWT names the machine: the shared keys stand for
 * the default machine, a desk's own token for the machine declared with it (POST /__points-of-sale).
 * Confirming an invoice already confirmed answers its elements again (the simulator's reading of a
 * resumed confirmation; a second invoice is never made).
 */

const INVOICE_TYPES = ['FV', 'FA', 'EV', 'EA'];
const REFUND_TYPES = ['FA', 'EA'];
const TAX_GROUPS = ['A', 'B', 'C', 'D', 'E', 'F'];
const PAYMENT_NAMES = ['ESPECES', 'VIREMENT', 'CARTEBANCAIRE', 'MOBILEMONEY', 'CHEQUES', 'CREDIT', 'AUTRE'];
/** The first phases a machine may hold unconfirmed. */
export const PENDING_CAP = 10;
const VAT_GROUPS = ['B', 'D'];

const error = (status: number, errorCode: string, errorDesc: string): Reply => ({
  status,
  body: { errorCode, errorDesc },
});
const unauthorized = error(401, '401', 'Jeton invalide ou expiré');

export function handleEmecef(req: SimulatorRequest, ctx: ServiceContext): Reply | null {
  const route = /^\/emecef\/api\/(info\/status|invoice)(?:\/([\w-]+))?(?:\/(confirm|cancel))?$/.exec(req.path);
  if (!route) return null;
  const [, resource, uid, action] = route;
  const machine = ctx.store.data.emecef.machines.find((m) => m.token === req.token);
  const run = (handler: (m: EmecefMachine) => Reply): Reply => (machine ? handler(machine) : unauthorized);
  if (resource === 'info/status' && !uid && req.method === 'GET') return run((m) => status(m, ctx));
  if (resource !== 'invoice') return null;
  if (!uid && req.method === 'GET') return run((m) => status(m, ctx));
  if (!uid && req.method === 'POST') return run((m) => create(m, req.body, ctx));
  if (uid && !action && req.method === 'GET') return run((m) => details(m, uid, ctx));
  if (uid && action && req.method === 'PUT') return run((m) => finish(m, uid, action as 'confirm' | 'cancel', ctx));
  return null;
}

const pendingOf = (machine: EmecefMachine, ctx: ServiceContext) =>
  ctx.store.data.emecef.invoices.filter((i) => i.nim === machine.nim && i.state === 'pending');

function status(machine: EmecefMachine, ctx: ServiceContext): Reply {
  const pending = pendingOf(machine, ctx);
  return {
    status: 200,
    body: {
      status: true,
      version: '1.0',
      ifu: machine.ifu ?? '',
      nim: machine.nim,
      tokenValid: new Date(ctx.now.getTime() + 365 * 86_400_000).toISOString(),
      serverDateTime: ctx.now.toISOString(),
      pendingRequestsCount: pending.length,
      pendingRequestsList: pending.map((i) => ({ date: i.createdAt, uid: i.uid })),
    },
  };
}

function create(machine: EmecefMachine, body: unknown, ctx: ServiceContext): Reply {
  if (!isObject(body)) return error(400, '1', 'Le corps de la requête est absent ou n’est pas un objet JSON');
  const problem = invoiceProblem(machine, body, ctx);
  if (problem) return error(400, problem[0], problem[1]);
  if (pendingOf(machine, ctx).length >= PENDING_CAP)
    return error(400, '11', `Le nombre maximal de factures en attente (${PENDING_CAP}) est atteint`);
  const items = body.items as Array<{ price: number; quantity: number; taxGroup: string }>;
  const byGroup = Object.fromEntries(TAX_GROUPS.map((g) => [g, 0])) as Record<string, number>;
  for (const item of items) byGroup[item.taxGroup] += item.price * item.quantity;
  const total = Object.values(byGroup).reduce((a, b) => a + b, 0);
  const payment = body.payment as Array<{ amount: number }> | undefined;
  if (payment && payment.reduce((a, p) => a + p.amount, 0) !== total)
    return error(400, '8', 'La somme des paiements ne correspond pas au total de la facture');
  const ht = (group: string) => (VAT_GROUPS.includes(group) ? Math.round(byGroup[group] / 1.18) : byGroup[group]);
  const totals: Totals = {
    ttc: total,
    vat: VAT_GROUPS.reduce((a, g) => a + byGroup[g] - ht(g), 0),
    ht: TAX_GROUPS.reduce((a, g) => a + ht(g), 0),
  };
  const record: EmecefInvoiceRecord = {
    uid: randomUUID(),
    nim: machine.nim,
    ifu: body.ifu as string,
    type: body.type as string,
    state: 'pending',
    reference: typeof body.reference === 'string' ? body.reference : '',
    totals,
    createdAt: ctx.now.toISOString(),
    request: body,
    confirmation: null,
  };
  ctx.store.data.emecef.invoices.push(record);
  ctx.store.save();
  return {
    status: 200,
    body: {
      uid: record.uid,
      ta: 0,
      tb: 18,
      tc: 0,
      td: 18,
      taa: byGroup.A,
      tab: byGroup.B,
      tac: byGroup.C,
      tad: byGroup.D,
      tae: byGroup.E,
      taf: byGroup.F,
      hab: ht('B'),
      had: ht('D'),
      vab: byGroup.B - ht('B'),
      vad: byGroup.D - ht('D'),
      aib: 0,
      ts: 0,
      total,
    },
  };
}

/** The first problem of a first phase's body, as [errorCode, errorDesc]. */
function invoiceProblem(
  machine: EmecefMachine,
  b: Record<string, unknown>,
  ctx: ServiceContext,
): [string, string] | null {
  if (!nonEmptyString(b.ifu)) return ['2', 'L’IFU du vendeur est obligatoire'];
  if (machine.ifu !== null && b.ifu !== machine.ifu) return ['3', 'L’IFU du vendeur ne correspond pas à la machine'];
  if (typeof b.type !== 'string' || !INVOICE_TYPES.includes(b.type))
    return ['4', `Le type de facture doit être l’un de : ${INVOICE_TYPES.join(', ')}`];
  if (!nonEmptyString(field(b.operator, 'name'))) return ['5', 'Le nom de l’opérateur est obligatoire'];
  if (!Array.isArray(b.items) || b.items.length === 0) return ['6', 'La facture doit avoir au moins un article'];
  for (const [index, item] of b.items.entries()) {
    const at = `Article ${index + 1}`;
    if (!nonEmptyString(field(item, 'name'))) return ['6', `${at} : le nom est obligatoire`];
    const price = field(item, 'price');
    if (!Number.isInteger(price) || (price as number) < 0) return ['6', `${at} : le prix doit être un entier positif`];
    if (!positiveNumber(field(item, 'quantity'))) return ['6', `${at} : la quantité doit être positive`];
    const group = field(item, 'taxGroup');
    if (typeof group !== 'string' || !TAX_GROUPS.includes(group))
      return ['7', `${at} : groupe de taxe inconnu (${String(group)})`];
  }
  if (b.payment !== undefined) {
    if (!Array.isArray(b.payment)) return ['8', 'Les paiements doivent être une liste'];
    for (const p of b.payment) {
      const name = field(p, 'name');
      if (typeof name !== 'string' || !PAYMENT_NAMES.includes(name))
        return ['8', `Mode de paiement inconnu : ${String(name)}`];
      if (!Number.isInteger(field(p, 'amount'))) return ['8', 'Le montant d’un paiement doit être un entier'];
    }
  }
  if (b.client !== undefined && !isObject(b.client)) return ['9', 'Le client doit être un objet'];
  if (REFUND_TYPES.includes(b.type)) {
    if (!nonEmptyString(b.reference))
      return ['10', 'La référence de la facture d’origine est obligatoire pour un avoir'];
    const wanted = normalizeCode(b.reference);
    const original = ctx.store.data.emecef.invoices.find(
      (i) => i.state === 'confirmed' && normalizeCode(i.confirmation!.codeMECeFDGI) === wanted,
    );
    if (!original) return ['10', 'La facture d’origine est introuvable'];
  }
  return null;
}

const normalizeCode = (code: string) => code.replace(/-/g, '').toUpperCase();

function details(machine: EmecefMachine, uid: string, ctx: ServiceContext): Reply {
  const record = ctx.store.data.emecef.invoices.find((i) => i.uid === uid && i.nim === machine.nim);
  if (!record) return error(404, '20', 'Facture introuvable');
  return { status: 200, body: { ...(record.request as object), uid, state: record.state } };
}

function finish(machine: EmecefMachine, uid: string, action: 'confirm' | 'cancel', ctx: ServiceContext): Reply {
  const record = ctx.store.data.emecef.invoices.find((i) => i.uid === uid && i.nim === machine.nim);
  if (!record) return error(404, '20', 'Facture introuvable');
  if (record.state === 'cancelled') return error(400, '21', 'La facture a été annulée');
  if (action === 'cancel') {
    if (record.state === 'confirmed') return error(400, '22', 'La facture est déjà confirmée');
    record.state = 'cancelled';
    ctx.store.save();
    return {
      status: 200,
      body: { dateTime: dateTime(ctx.now), qrCode: '', codeMECeFDGI: '', counters: '', nim: machine.nim },
    };
  }
  if (!record.confirmation) {
    machine.total += 1;
    machine.byType[record.type] = (machine.byType[record.type] ?? 0) + 1;
    const code = mecefCode();
    record.confirmation = {
      codeMECeFDGI: code,
      qrCode: `F;${machine.nim};${normalizeCode(code)};${record.ifu};${compactDateTime(ctx.now)}`,
      counters: `${machine.byType[record.type]}/${machine.total} ${record.type}`,
      nim: machine.nim,
      dateTime: dateTime(ctx.now),
    };
    record.state = 'confirmed';
    ctx.store.save();
  }
  return { status: 200, body: record.confirmation };
}

/** 24 letters and digits in six groups of four. */
function mecefCode(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const chars = [...randomBytes(24)].map((b) => alphabet[b % alphabet.length]).join('');
  return chars.match(/.{4}/g)!.join('-');
}

const pad = (n: number) => String(n).padStart(2, '0');
const dateTime = (d: Date) =>
  `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
const compactDateTime = (d: Date) =>
  `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}`;
