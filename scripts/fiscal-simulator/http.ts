import type { IncomingMessage, ServerResponse } from 'node:http';

/** What a handler answers: a status and a JSON body (the simulator speaks JSON only, like both services). */
export interface Reply {
  status: number;
  body: unknown;
}

/** A parsed request, as the handlers of both services see it. */
export interface SimulatorRequest {
  method: string;
  /** The path without the query string. */
  path: string;
  /** The Bearer token, '' when none. */
  token: string;
  /** The JSON body; `undefined` when there was none, `null` when it was not JSON. */
  body: unknown;
}

const MAX_BODY_BYTES = 1_000_000;

export async function readRequest(req: IncomingMessage): Promise<SimulatorRequest> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) break;
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  let body: unknown = undefined;
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  const auth = req.headers.authorization ?? '';
  const token = /^Bearer\s+(.+)$/i.exec(auth)?.[1]?.trim() ?? '';
  const path = (req.url ?? '/').split('?')[0];
  return { method: (req.method ?? 'GET').toUpperCase(), path, token, body };
}

/**
 * Every answer closes its connection: a caller never reuses a socket the simulator is about to drop
 * or refuse, so each fault hits the request it was set for.
 */
export function sendReply(res: ServerResponse, reply: Reply): void {
  const text = JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    Connection: 'close',
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** A plain object's field, or undefined (request bodies are untrusted). */
export function field(value: unknown, name: string): unknown {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)[name]
    : undefined;
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export const nonEmptyString = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

export const positiveNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;
