import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { route } from '../../shared/routes.js';
import type { Client } from './app.js';

type Visit = Awaited<ReturnType<Client['visit']>>;

/**
 * Prints a preview as its « Imprimer » does (components/print/usePrintCount): the page's print
 * token and a key — the same key for a retried request — sent to route('prints.record').
 */
export function sendPrint(client: Client, preview: Visit, key: string = randomUUID()) {
  return client.post(
    route('prints.record'),
    { token: preview.body.props.print_token, key },
    { Accept: 'application/json' },
  );
}

/**
 * A document printed through its print route: the preview (GET, which counts nothing), then the
 * print. Answers the preview with `props.copy` set to the copy the paper carries; a refused preview
 * (303, the user may not reprint) comes back as it is.
 */
export async function printOut(client: Client, url: string): Promise<Visit> {
  const preview = await client.visit(url);
  if (preview.status !== 200) return preview;
  const printed = await sendPrint(client, preview);
  expect(printed.status, `impression de ${url}`).toBe(200);
  preview.body.props.copy = printed.body.copy;
  return preview;
}
