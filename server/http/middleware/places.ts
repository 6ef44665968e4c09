import type { NextFunction, Request, Response } from 'express';
import type { Knex } from 'knex';
import { NotFound } from '../../domain/errors.js';
import { type PlaceScope, allowsAccount, allowsAnyLocation } from '../../policies/places.js';
import {
  ACCOUNT_DOCUMENTS,
  type AccountDocument,
  type PlacedDocument,
  documentPlaces,
} from '../../services/places/scope.js';
import { declareGuard } from './auth.js';
import { routeId } from '../query.js';
import { DOCUMENT_TYPES } from '../../../shared/documents.js';
import { certifiedDocumentOf } from '../../services/fiscal/queue-queries.js';

/**
 * The places guard of a document route (`/:id`): the document of a place the user does not work in
 * answers the 404 page, exactly like a document that does not exist (nothing leaks: not its number,
 * not that it exists). `sides` names the places that let the user in — a transfer is seen by both
 * shops (`['from', 'to']`), received by the receiving one (`['to']`), cancelled by the sending one
 * (`['from']`). Put it after the permission guard: `r.get(path, can(…), requirePlace(db, 'entry'), …)`.
 */
export function requirePlace(db: Knex, kind: PlacedDocument, sides?: readonly string[]) {
  return declareGuard(
    async (req: Request, _res: Response, next: NextFunction) => {
      const scope = req.user?.places;
      if (!scope) return next(new NotFound());
      if (scope.all) return next();
      // Mounted with r.use on a record's path, it also sees `/create`: not an id, not its business.
      if (!/^\d+$/.test(String(req.params.id ?? ''))) return next();
      const places = await documentPlaces(db, kind, routeId(req.params.id as string));
      if (!places) return next(new NotFound());
      const ids = Object.entries(places)
        .filter(([side]) => !sides || sides.includes(side))
        .map(([, id]) => id);
      if (!allowsAnyLocation(scope, ids)) return next(new NotFound());
      next();
    },
    sides ? { kind: 'place', document: kind, sides } : { kind: 'place', document: kind },
  );
}

/**
 * The same rule for a document named in a form's body (the sale a credit note corrects): throws
 * NotFound when it does not exist or stands in a place the user does not work in.
 */
export async function assertPlace(db: Knex, scope: PlaceScope, kind: PlacedDocument, id: number): Promise<void> {
  if (scope.all) return;
  const places = await documentPlaces(db, kind, id);
  if (!places || !allowsAnyLocation(scope, Object.values(places))) throw new NotFound();
}

/**
 * The places guard of a certification's routes (File de certification, `/:id`): its document's
 * place decides, exactly as on the document's own page — 404 when there is no such row or the
 * document stands where the user does not work.
 */
export function requireCertificationPlace(db: Knex) {
  return declareGuard(
    async (req: Request, _res: Response, next: NextFunction) => {
      const scope = req.user?.places;
      if (!scope) return next(new NotFound());
      if (!/^\d+$/.test(String(req.params.id ?? ''))) return next();
      const document = await certifiedDocumentOf(db, routeId(req.params.id as string));
      if (!document) return next(new NotFound());
      await assertPlace(db, scope, DOCUMENT_TYPES[document.type].places.guard, document.id);
      next();
    },
    { kind: 'place', document: 'fiscalCertification' },
  );
}

/**
 * The places guard of a treasury account's routes (`/:id`, its edit, archive, ledger export): an
 * account the user does not work on (a cash desk's through its location, a bank or a wallet through
 * the user's accounts — `whereAllowedAccount`) answers 404 like an unknown one.
 */
export function requireAccount(db: Knex) {
  return declareGuard(
    async (req: Request, _res: Response, next: NextFunction) => {
      const scope = req.user?.places;
      if (!scope) return next(new NotFound());
      if (scope.all || !/^\d+$/.test(String(req.params.id ?? ''))) return next();
      await assertAccount(db, scope, routeId(req.params.id as string));
      next();
    },
    { kind: 'place', document: 'treasuryAccount' },
  );
}

/**
 * The places guard of a document whose place is its treasury account(s) (ACCOUNT_DOCUMENTS: a
 * settlement, a cash operation — seen from either side —, a closing): 404 when it does not exist or
 * none of its accounts is the user's; a document with no account at all stands in no place.
 */
export function requireAccountDocument(db: Knex, kind: AccountDocument) {
  return declareGuard(
    async (req: Request, _res: Response, next: NextFunction) => {
      const scope = req.user?.places;
      if (!scope) return next(new NotFound());
      if (!/^\d+$/.test(String(req.params.id ?? ''))) return next();
      const spec = ACCOUNT_DOCUMENTS[kind];
      const row = await db(spec.table)
        .where({ id: routeId(req.params.id as string) })
        .first<string[], Record<string, unknown> | undefined>([...spec.columns]);
      if (!row) return next(new NotFound());
      if (scope.all) return next();
      const ids = spec.columns
        .map((c) => row[c])
        .filter((v) => v !== null && v !== undefined)
        .map(Number);
      if (ids.length === 0) return next();
      const accounts = await db('treasury_accounts').whereIn('id', ids).select('id', 'kind', 'location_id');
      if (!accounts.some((a) => allowsAccount(scope, a))) return next(new NotFound());
      next();
    },
    { kind: 'place', document: kind },
  );
}

/**
 * The places guard of a cash desk's routes (`/:id`, its edit, archive…): the desk's account must be
 * the user's (`allowsAccount`: a desk ticked on their form, or, when they ticked none, a desk of
 * their locations); another answers 404 like an unknown one.
 */
export function requireDesk(db: Knex) {
  return declareGuard(
    async (req: Request, _res: Response, next: NextFunction) => {
      const scope = req.user?.places;
      if (!scope) return next(new NotFound());
      if (scope.all || !/^\d+$/.test(String(req.params.id ?? ''))) return next();
      const desk = await db('cash_desks as d')
        .leftJoin('treasury_accounts as a', 'a.cash_desk_id', 'd.id')
        .where('d.id', routeId(req.params.id as string))
        .first('a.id', 'd.location_id');
      if (!desk || !allowsAccount(scope, { id: desk.id ?? 0, kind: 'caisse', location_id: desk.location_id }))
        return next(new NotFound());
      next();
    },
    { kind: 'place', document: 'cashDesk' },
  );
}

/** The same rule for an account named by id (a ledger, a form's payment account): NotFound when unknown or not the user's. */
export async function assertAccount(db: Knex, scope: PlaceScope, id: number): Promise<void> {
  if (scope.all) return;
  const account = await db('treasury_accounts').where({ id }).first('id', 'kind', 'location_id');
  if (!account || !allowsAccount(scope, account)) throw new NotFound();
}
