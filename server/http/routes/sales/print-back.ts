import type { Request } from 'express';
import { route } from '../../../../shared/routes.js';
import { queryChoice } from '../../query.js';

/** Where a sale's printout goes back to: Annulations › Factures when opened from it (?retour=annulation). */
export function printBack(req: Request, fallback: string): string {
  return queryChoice(req.query, 'retour', ['', 'annulation'] as const, '') === 'annulation'
    ? route('sales.cancellations')
    : fallback;
}
