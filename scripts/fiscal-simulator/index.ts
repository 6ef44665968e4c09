import http, { type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { handleEmecef } from './emecef.js';
import { FaultSwitch, NO_FAULT, parseFaultSetting, type FaultMode } from './faults.js';
import { handleFne, type ServiceContext } from './fne.js';
import { isObject, nonEmptyString, readRequest, sendReply, type Reply, type SimulatorRequest } from './http.js';
import {
  SimulatorStore,
  type EmecefInvoiceRecord,
  type FneInvoiceRecord,
  type FneRefundRecord,
  type SimulatorConfig,
} from './state.js';

export type { FaultMode, FaultSetting } from './faults.js';
export type { EmecefInvoiceRecord, FneInvoiceRecord, FneRefundRecord } from './state.js';

/** What GET /__records answers. */
export interface SimulatorRecords {
  fne: { invoices: FneInvoiceRecord[]; refunds: FneRefundRecord[]; stickerBalance: number };
  emecef: { invoices: EmecefInvoiceRecord[] };
}

/**
 * A local stand-in for both DGI services (FNE under /fne, e-MECeF under /emecef/api), for
 * development, demos and the tests: real HTTP, their request and answer shapes, their validation,
 * and switches to make them fail (POST /__faults). Control endpoints, never faulted:
 * - POST /__faults {mode, count?, after?, delayMs?, ms?} (faults.ts), GET /__faults;
 * - GET /__records: every invoice and refund each side recorded;
 * - POST /__reset: back to the start (records, sequences, stickers, declarations, faults);
 * - POST /__points-of-sale {fne?: string[], emecef?: [{nim, token, ifu?}]}, GET /__points-of-sale.
 */
export interface FiscalSimulatorOptions {
  /** 0: any free port. */
  port: number;
  host?: string;
  /** Keep the records in this JSON file (read back at start): a restarted simulator remembers. */
  file?: string | null;
  keys?: string[];
  fneTaxId?: string;
  pointsOfSale?: string[];
  stickers?: number;
  defaultNim?: string;
}

export interface FiscalSimulator {
  /** http://host:port — FNE at `${url}/fne`, e-MECeF at `${url}/emecef/api`. */
  url: string;
  port: number;
  close(): Promise<void>;
}

export const SIMULATOR_DEFAULTS = {
  keys: ['simulateur'],
  fneTaxId: '9606123E',
  pointsOfSale: ['PDV-1'],
  stickers: 1000,
  defaultNim: 'TS01000001',
} as const satisfies Omit<SimulatorConfig, 'keys' | 'pointsOfSale'> & { keys: string[]; pointsOfSale: string[] };

export async function startFiscalSimulator(options: FiscalSimulatorOptions): Promise<FiscalSimulator> {
  const config: SimulatorConfig = {
    keys: options.keys ?? [...SIMULATOR_DEFAULTS.keys],
    fneTaxId: options.fneTaxId ?? SIMULATOR_DEFAULTS.fneTaxId,
    pointsOfSale: options.pointsOfSale ?? [...SIMULATOR_DEFAULTS.pointsOfSale],
    stickers: options.stickers ?? SIMULATOR_DEFAULTS.stickers,
    defaultNim: options.defaultNim ?? SIMULATOR_DEFAULTS.defaultNim,
  };
  const host = options.host ?? '127.0.0.1';
  const store = new SimulatorStore(config, options.file ?? null);
  const faults = new FaultSwitch();
  const hanging = new Set<ServerResponse>();
  let baseUrl = '';
  let port = options.port;
  let closed = false;
  let reopenTimer: NodeJS.Timeout | null = null;

  const server = http.createServer((req, res) => {
    void (async () => {
      const request = await readRequest(req);
      if (request.path.startsWith('/__')) return answerControl(request, res);
      const fault = faults.take();
      if (fault.delayMs > 0) await sleep(fault.delayMs);
      if (fault.mode !== 'none' && fault.after === 'receive') return suffer(fault.mode, request, res);
      const ctx: ServiceContext = { store, baseUrl, now: new Date() };
      const reply = handleFne(request, ctx) ?? handleEmecef(request, ctx) ?? notFound(request);
      if (fault.mode !== 'none') return suffer(fault.mode, request, res);
      sendReply(res, reply);
    })().catch((error: unknown) => {
      if (!res.headersSent) sendReply(res, { status: 500, body: { message: String(error), statusCode: 500 } });
    });
  });
  // A held (timeout) request must stay open as long as the caller waits.
  server.requestTimeout = 0;

  function suffer(mode: FaultMode, request: SimulatorRequest, res: ServerResponse): void {
    const emecef = request.path.startsWith('/emecef');
    if (mode === '400')
      sendReply(res, {
        status: 400,
        body: emecef
          ? { errorCode: '99', errorDesc: 'Erreur simulée' }
          : { message: 'Simulated bad request', error: 'bad_request', statusCode: 400 },
      });
    else if (mode === '500')
      sendReply(res, {
        status: 500,
        body: { message: 'Internal server error', error: 'internal_error', statusCode: 500 },
      });
    else if (mode === 'timeout') {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
    } else res.socket?.destroy();
  }

  function answerControl(request: SimulatorRequest, res: ServerResponse): void {
    const { method, path, body } = request;
    if (path === '/__faults' && method === 'GET') return sendReply(res, { status: 200, body: faults.current() });
    if (path === '/__faults' && method === 'POST') {
      const setting = parseFaultSetting(body ?? {});
      if (typeof setting === 'string') return sendReply(res, { status: 400, body: { message: setting } });
      if (setting.mode === 'refuse') {
        faults.set({ ...NO_FAULT, delayMs: setting.delayMs });
        refuseFor(setting.ms);
      } else faults.set(setting);
      return sendReply(res, { status: 200, body: setting });
    }
    if (path === '/__records' && method === 'GET') {
      const { fne, emecef } = store.data;
      const records: SimulatorRecords = {
        fne: { invoices: fne.invoices, refunds: fne.refunds, stickerBalance: fne.stickerBalance },
        emecef: { invoices: emecef.invoices },
      };
      return sendReply(res, { status: 200, body: records });
    }
    if (path === '/__reset' && method === 'POST') {
      store.reset();
      faults.set(NO_FAULT);
      return sendReply(res, { status: 200, body: { reset: true } });
    }
    if (path === '/__points-of-sale') return sendReply(res, pointsOfSale(method, body));
    sendReply(res, notFound(request));
  }

  function pointsOfSale(method: string, body: unknown): Reply {
    const view = () => ({
      status: 200,
      body: {
        fne: store.data.fne.pointsOfSale,
        emecef: store.data.emecef.machines.map(({ nim, token, ifu }) => ({ nim, token, ifu })),
      },
    });
    if (method === 'GET') return view();
    if (method !== 'POST' || !isObject(body))
      return { status: 400, body: { message: 'Corps attendu : {fne?, emecef?}.' } };
    const fne = body.fne ?? [];
    const emecef = body.emecef ?? [];
    if (!Array.isArray(fne) || !fne.every(nonEmptyString))
      return { status: 400, body: { message: 'fne : une liste de noms.' } };
    if (!Array.isArray(emecef) || !emecef.every((m) => isObject(m) && nonEmptyString(m.nim) && nonEmptyString(m.token)))
      return { status: 400, body: { message: 'emecef : une liste de {nim, token, ifu?}.' } };
    for (const name of fne) if (!store.data.fne.pointsOfSale.includes(name)) store.data.fne.pointsOfSale.push(name);
    for (const m of emecef as Array<{ nim: string; token: string; ifu?: unknown }>) {
      const ifu = nonEmptyString(m.ifu) ? m.ifu : null;
      const known = store.data.emecef.machines.find((x) => x.token === m.token);
      if (known) Object.assign(known, { nim: m.nim, ifu });
      else store.data.emecef.machines.push({ nim: m.nim, token: m.token, ifu, total: 0, byType: {} });
    }
    store.save();
    return view();
  }

  /** The port stops listening (connections refused), then listens again. */
  function refuseFor(ms: number): void {
    server.close();
    reopenTimer = setTimeout(() => {
      reopenTimer = null;
      if (!closed) server.listen(port, host);
    }, ms);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  baseUrl = `http://${host}:${port}`;

  return {
    url: baseUrl,
    port,
    close: async () => {
      closed = true;
      if (reopenTimer) clearTimeout(reopenTimer);
      for (const res of hanging) res.socket?.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const notFound = (request: SimulatorRequest): Reply => ({
  status: 404,
  body: { message: `Cannot ${request.method} ${request.path}`, error: 'not_found', statusCode: 404 },
});
