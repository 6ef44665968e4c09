import type { NextFunction, Request, Response } from 'express';
import type { Knex } from 'knex';
import { NotFound } from '../../domain/errors.js';
import { type PlaceScope, allowsAnyLocation } from '../../policies/places.js';
import { type PlacedDocument, documentPlaces } from '../../services/places/scope.js';
import { routeId } from '../query.js';

/**
 * The places guard of a document route (`/:id`): the document of a place the user does not work in
 * answers the 404 page, exactly like a document that does not exist (nothing leaks: not its number,
 * not that it exists). `sides` names the places that let the user in — a transfer is seen by both
 * shops (`['from', 'to']`), received by the receiving one (`['to']`), cancelled by the sending one
 * (`['from']`). Put it after the permission guard: `r.get(path, can(…), requirePlace(db, 'entry'), …)`.
 */
export function requirePlace(db: Knex, kind: PlacedDocument, sides?: readonly string[]) {
  return async (req: Request, _res: Response, next: NextFunction) => {
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
  };
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
