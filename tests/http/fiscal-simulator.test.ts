import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFiscalSimulator } from '../../scripts/fiscal-simulator/index.js';
import { startTestFiscalSimulator, type TestFiscalSimulator } from '../support/fiscal-simulator.js';

/** The simulator itself, over HTTP: the shapes, the validation, the sequences and the fault switches. */

let sim: TestFiscalSimulator;
beforeAll(async () => {
  sim = await startTestFiscalSimulator();
});
afterAll(() => sim.close());
beforeEach(() => sim.reset());

async function call(url: string, method: string, body?: unknown, key = sim.key, timeoutMs = 5000) {
  const res = await fetch(url, {
    method,
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const sale = (over: Record<string, unknown> = {}) => ({
  invoiceType: 'sale',
  paymentMethod: 'cash',
  template: 'B2C',
  clientCompanyName: 'Client comptoir',
  pointOfSale: 'PDV-1',
  establishment: 'Siège',
  items: [
    { taxes: ['TVA'], reference: 'P1', description: 'Riz 25 kg', quantity: 3, amount: 10_000, measurementUnit: 'sac' },
    { taxes: ['TVAC'], description: 'Livraison', quantity: 1, amount: 2_000 },
  ],
  ...over,
});

const sign = (body: unknown, key?: string) => call(`${sim.fneUrl}/external/invoices/sign`, 'POST', body, key);

const emecefSale = (over: Record<string, unknown> = {}) => ({
  ifu: '0202376782504',
  type: 'FV',
  operator: { name: 'Awa' },
  items: [{ name: 'Riz 25 kg', price: 11_800, quantity: 2, taxGroup: 'B' }],
  payment: [{ name: 'ESPECES', amount: 23_600 }],
  ...over,
});

describe('FNE', () => {
  it('certifies a sale: NCC + year + 10-digit sequence, a verification URL, stickers going down, item ids', async () => {
    const first = await sign(sale());
    expect(first.status).toBe(200);
    const yy = String(new Date().getUTCFullYear()).slice(2);
    expect(first.body.reference).toBe(`9606123E${yy}0000000001`);
    expect(first.body.token).toMatch(new RegExp(`^${sim.url}/fne/verify/[0-9a-f-]{36}$`));
    expect(first.body.balance_sticker).toBe(999);
    expect(first.body.warning).toBe(false);
    expect(first.body.invoice.items).toHaveLength(2);
    expect(first.body.invoice).toMatchObject({ totalHT: 32_000, totalVAT: 5_400, totalTTC: 37_400 });
    const second = await sign(sale());
    expect(second.body.reference).toBe(`9606123E${yy}0000000002`);
    expect(second.body.balance_sticker).toBe(998);

    const verified = await fetch(first.body.token);
    expect((await verified.json()).reference).toBe(first.body.reference);
    const records = await sim.records();
    expect(records.fne.invoices.map((i) => i.reference)).toEqual([first.body.reference, second.body.reference]);
  });

  it('refuses like the DGI: a wrong key, no body, B2B without NCC, an unknown point of sale or tax code', async () => {
    expect(await sign(sale(), 'mauvaise-cle')).toMatchObject({ status: 401, body: { message: 'Invalid API Key' } });
    const empty = await fetch(`${sim.fneUrl}/external/invoices/sign`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${sim.key}` },
    });
    expect(empty.status).toBe(400);
    expect(await sign(sale({ template: 'B2B' }))).toMatchObject({
      status: 400,
      body: { message: 'clientNcc is required for a B2B invoice', error: 'bad_request', statusCode: 400 },
    });
    expect((await sign(sale({ pointOfSale: 'Caisse inconnue' }))).body.message).toBe('Point of sale is not valid');
    const badTax = await sign(sale({ items: [{ taxes: ['TVAX'], description: 'x', quantity: 1, amount: 1 }] }));
    expect(badTax.body.message).toBe('items[0].taxes: unknown tax TVAX');
    expect((await sim.records()).fne.invoices).toEqual([]);

    await sim.declare({ fne: ['Caisse 2'] });
    expect((await sign(sale({ pointOfSale: 'Caisse 2' }))).status).toBe(200);
  });

  it('refunds against the invoice’s item ids, never more than what is left', async () => {
    const invoice = (await sign(sale())).body.invoice;
    const [rice] = invoice.items as Array<{ id: string }>;
    const refund = (items: unknown) => call(`${sim.fneUrl}/external/invoices/${invoice.id}/refund`, 'POST', { items });
    const first = await refund([{ id: rice.id, quantity: 2 }]);
    expect(first.status).toBe(201);
    const yy = String(new Date().getUTCFullYear()).slice(2);
    expect(first.body.reference).toBe(`A9606123E${yy}0000000001`);
    expect(first.body.balance_sticker).toBe(998);
    expect((await refund([{ id: rice.id, quantity: 2 }])).body.message).toMatch(
      /exceeds the quantity left to refund \(1\)/,
    );
    expect((await refund([{ id: 'inconnu', quantity: 1 }])).body.message).toMatch(/not an item of this invoice/);
    expect((await call(`${sim.fneUrl}/external/invoices/nope/refund`, 'POST', { items: [] })).body.message).toBe(
      'Invoice not found',
    );
    const records = await sim.records();
    expect(records.fne.refunds).toHaveLength(1);
    expect(records.fne.refunds[0].totals).toEqual({ ht: 20_000, vat: 3_600, ttc: 23_600 });
  });
});

describe('e-MECeF', () => {
  it('certifies in two phases with counters per type, and a credit note names its original', async () => {
    const first = await call(`${sim.emecefUrl}/invoice`, 'POST', emecefSale());
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ tab: 23_600, hab: 20_000, vab: 3_600, total: 23_600 });
    const pending = await call(`${sim.emecefUrl}/invoice`, 'GET');
    expect(pending.body.pendingRequestsCount).toBe(1);
    const confirmed = await call(`${sim.emecefUrl}/invoice/${first.body.uid}/confirm`, 'PUT');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.codeMECeFDGI).toMatch(/^([A-Z0-9]{4}-){5}[A-Z0-9]{4}$/);
    expect(confirmed.body).toMatchObject({ counters: '1/1 FV', nim: 'TS01000001' });
    expect(confirmed.body.qrCode).toMatch(/^F;TS01000001;[A-Z0-9]{24};0202376782504;\d{14}$/);
    expect(confirmed.body.dateTime).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    // A confirmation resumed answers the same elements: still one invoice.
    const again = await call(`${sim.emecefUrl}/invoice/${first.body.uid}/confirm`, 'PUT');
    expect(again.body.codeMECeFDGI).toBe(confirmed.body.codeMECeFDGI);

    const noReference = await call(`${sim.emecefUrl}/invoice`, 'POST', emecefSale({ type: 'FA' }));
    expect(noReference).toMatchObject({ status: 400, body: { errorCode: '10' } });
    const credit = await call(
      `${sim.emecefUrl}/invoice`,
      'POST',
      emecefSale({ type: 'FA', reference: confirmed.body.codeMECeFDGI }),
    );
    const creditConfirmed = await call(`${sim.emecefUrl}/invoice/${credit.body.uid}/confirm`, 'PUT');
    expect(creditConfirmed.body.counters).toBe('1/2 FA');
    const records = await sim.records();
    expect(records.emecef.invoices.map((i) => [i.type, i.state])).toEqual([
      ['FV', 'confirmed'],
      ['FA', 'confirmed'],
    ]);
  });

  it('validates, caps the pending first phases, cancels, and names the machine from the token', async () => {
    expect((await call(`${sim.emecefUrl}/invoice`, 'POST', emecefSale(), 'faux-jeton')).status).toBe(401);
    const badGroup = await call(
      `${sim.emecefUrl}/invoice`,
      'POST',
      emecefSale({ items: [{ name: 'x', price: 100, quantity: 1, taxGroup: 'Z' }] }),
    );
    expect(badGroup).toMatchObject({ status: 400, body: { errorCode: '7' } });
    const badPayment = await call(
      `${sim.emecefUrl}/invoice`,
      'POST',
      emecefSale({ payment: [{ name: 'ESPECES', amount: 1 }] }),
    );
    expect(badPayment.body.errorCode).toBe('8');

    const uids: string[] = [];
    for (let i = 0; i < 10; i++) uids.push((await call(`${sim.emecefUrl}/invoice`, 'POST', emecefSale())).body.uid);
    expect((await call(`${sim.emecefUrl}/invoice`, 'POST', emecefSale())).body.errorCode).toBe('11');
    expect((await call(`${sim.emecefUrl}/invoice/${uids[0]}/cancel`, 'PUT')).status).toBe(200);
    expect((await call(`${sim.emecefUrl}/invoice/${uids[0]}/confirm`, 'PUT')).body.errorCode).toBe('21');
    expect((await call(`${sim.emecefUrl}/invoice`, 'POST', emecefSale())).status).toBe(200);

    await sim.declare({ emecef: [{ nim: 'TS01000099', token: 'jeton-caisse-2', ifu: '0202376782504' }] });
    const status = await call(`${sim.emecefUrl}/info/status`, 'GET', undefined, 'jeton-caisse-2');
    expect(status.body).toMatchObject({ status: true, nim: 'TS01000099', pendingRequestsCount: 0 });
    const otherIfu = await call(
      `${sim.emecefUrl}/invoice`,
      'POST',
      emecefSale({ ifu: '1111111111111' }),
      'jeton-caisse-2',
    );
    expect(otherIfu.body.errorCode).toBe('3');
  });
});

describe('fault switches', () => {
  it('answers 500 or 400 for the next N requests, then normally again; the control endpoints are never faulted', async () => {
    await sim.faults({ mode: '500', count: 2 });
    expect((await sign(sale())).status).toBe(500);
    expect((await sim.records()).fne.invoices).toEqual([]);
    expect((await sign(sale())).status).toBe(500);
    expect((await sign(sale())).status).toBe(200);
    await sim.faults({ mode: '400', count: 1 });
    expect(await call(`${sim.emecefUrl}/invoice`, 'POST', emecefSale())).toMatchObject({
      status: 400,
      body: { errorCode: '99' },
    });
  });

  it('after: process records the invoice, then fails: the dangerous case', async () => {
    await sim.faults({ mode: '500', count: 1, after: 'process' });
    expect((await sign(sale())).status).toBe(500);
    expect((await sim.records()).fne.invoices).toHaveLength(1);
  });

  it('times out (no answer) and drops the connection, before or after processing', async () => {
    await sim.faults({ mode: 'timeout', count: 1 });
    await expect(call(`${sim.fneUrl}/external/invoices/sign`, 'POST', sale(), sim.key, 300)).rejects.toThrow(
      /timeout|aborted/i,
    );
    await sim.faults({ mode: 'drop', count: 1 });
    await expect(sign(sale())).rejects.toThrow(/fetch failed/);
    expect((await sim.records()).fne.invoices).toHaveLength(0);
    await sim.faults({ mode: 'drop', count: 1, after: 'process' });
    await expect(sign(sale())).rejects.toThrow(/fetch failed/);
    expect((await sim.records()).fne.invoices).toHaveLength(1);
  });

  it('refuses connections for a while, then listens again on the same port', async () => {
    await sim.faults({ mode: 'refuse', ms: 400 });
    const error = await sign(sale()).catch((e: Error) => e);
    expect((error as Error & { cause?: { code?: string } }).cause?.code).toBe('ECONNREFUSED');
    await new Promise((r) => setTimeout(r, 600));
    expect((await sign(sale())).status).toBe(200);
  });
});

it('keeps its records in FISCAL_SIMULATOR_FILE: a restarted simulator continues the sequences', async () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fiscal-sim-')), 'records.json');
  const first = await startFiscalSimulator({ port: 0, file });
  const body = JSON.stringify(sale());
  const post = (url: string) =>
    fetch(`${url}/fne/external/invoices/sign`, {
      method: 'POST',
      headers: { Authorization: 'Bearer simulateur', 'Content-Type': 'application/json' },
      body,
    }).then((r) => r.json());
  const one = await post(first.url);
  await first.close();
  const second = await startFiscalSimulator({ port: 0, file });
  const two = await post(second.url);
  await second.close();
  expect(Number(two.reference.slice(-10))).toBe(Number(one.reference.slice(-10)) + 1);
  expect(two.balance_sticker).toBe(one.balance_sticker - 1);
});
