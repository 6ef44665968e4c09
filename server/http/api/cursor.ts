import { ApiError } from './errors.js';

/**
 * The opaque cursor of the API's lists: the last id of the previous page, base64url-encoded with a
 * version mark (a program must pass it back as received, never build it).
 */
export function encodeCursor(afterId: number | null): string | null {
  return afterId === null ? null : Buffer.from(`v1:${afterId}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string | undefined): number | null {
  if (cursor === undefined || cursor === '') return null;
  const m = /^v1:([1-9]\d{0,14})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m || !Number.isSafeInteger(Number(m[1])))
    throw new ApiError(422, 'Les paramètres de la requête ne sont pas valides.', {
      cursor: 'Le curseur n’est pas valide : reprenez celui de la réponse précédente.',
    });
  return Number(m[1]);
}
