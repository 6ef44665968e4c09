import { Router } from 'express';
import type { AppContext } from '../context.js';
import { creditNoteRoutes } from './sales/credit-notes.js';

/** Sales (issue 14): the sales tabs of Sortie de stock. */
export function salesRoutes(ctx: AppContext): Router {
  const r = Router();
  r.use(creditNoteRoutes(ctx));
  return r;
}
