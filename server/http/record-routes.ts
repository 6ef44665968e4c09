import type { Router } from 'express';
import type { z } from 'zod';
import type { Permission } from '../../shared/permissions.js';
import { ROUTES, route } from '../../shared/routes.js';
import type { Actor } from '../services/actor.js';
import { NotFound } from '../domain/errors.js';
import { actorOf } from './actor.js';
import { routeId } from './query.js';
import { can } from './middleware/auth.js';
import { flash, redirect } from './respond.js';
import { validate } from './validation.js';
import { signedIn, type SignedInRequest } from './signed-in.js';

/** The `load` of a record's routes: its row from the route's :id, or the 404 page. */
export function recordLoader<T>(find: (id: number) => Promise<T | undefined>): (id: unknown) => Promise<T> {
  return async (id) => {
    const row = await find(routeId(id));
    if (!row) throw new NotFound();
    return row;
  };
}

/** The areas whose records are archived, restored and deleted the same way. */
export type ArchivableArea =
  | 'clients'
  | 'suppliers'
  | 'categories'
  | 'products'
  | 'locations'
  | 'cashDesks'
  | 'treasuryAccounts'
  | 'expenseCategories';

/**
 * POST :id/archive, POST :id/restore and DELETE :id of an archivable record: same guard, same
 * refusal handling, same redirects (the record after archive/restore, the list after a delete)
 * and French toasts everywhere.
 */
export function lifecycleRoutes(
  r: Router,
  spec: {
    area: ArchivableArea;
    permission: Permission;
    load: (id: unknown) => Promise<{ id: number | string; name: string }>;
    setActive: (id: number, active: boolean, actor: Actor) => Promise<void>;
    remove: (id: number, actor: Actor) => Promise<void>;
    /** "Client", "Catégorie"… and the feminine agreement of "archivé(e)". */
    noun: string;
    feminine?: boolean;
  },
): void {
  const e = spec.feminine ? 'e' : '';
  const { area } = spec;
  const show = (id: number | string) => route(`${area}.show`, { id });
  r.post(
    ROUTES[`${area}.archive`],
    can(spec.permission),
    signedIn(async (req, res) => {
      const row = await spec.load(req.params.id);
      await spec.setActive(Number(row.id), false, actorOf(req));
      flash(req, 'success', `${spec.noun} ${row.name} archivé${e}.`);
      redirect(res, show(row.id));
    }),
  );
  r.post(
    ROUTES[`${area}.restore`],
    can(spec.permission),
    signedIn(async (req, res) => {
      const row = await spec.load(req.params.id);
      await spec.setActive(Number(row.id), true, actorOf(req));
      flash(req, 'success', `${spec.noun} ${row.name} réactivé${e}.`);
      redirect(res, show(row.id));
    }),
  );
  r.delete(
    ROUTES[`${area}.show`],
    can(spec.permission),
    signedIn(async (req, res) => {
      const row = await spec.load(req.params.id);
      await spec.remove(Number(row.id), actorOf(req));
      flash(req, 'success', `${spec.noun} ${row.name} supprimé${e}.`);
      redirect(res, route(`${area}.index`));
    }),
  );
}

/**
 * POST (create) and PUT :id (update) of a record's form: guard, load (update), validate with the
 * form's schema, save through the service, the French toast ("Client X créé.", "Caisse X
 * enregistrée.") and the record's page.
 */
export function saveRoutes<S extends z.ZodType<{ name: string }>>(
  r: Router,
  spec: {
    area: ArchivableArea;
    permissions: { create: Permission; update: Permission };
    load: (id: unknown) => Promise<{ id: number | string }>;
    schema: (req: SignedInRequest) => S | Promise<S>;
    create: (input: z.infer<S>, req: SignedInRequest) => Promise<number>;
    update: (id: number, input: z.infer<S>, req: SignedInRequest) => Promise<void>;
    noun: string;
    feminine?: boolean;
  },
): void {
  const e = spec.feminine ? 'e' : '';
  const { area } = spec;
  r.post(
    ROUTES[`${area}.index`],
    can(spec.permissions.create),
    signedIn(async (req, res) => {
      const input = validate(await spec.schema(req), req.body);
      const id = await spec.create(input, req);
      flash(req, 'success', `${spec.noun} ${input.name} créé${e}.`);
      redirect(res, route(`${area}.show`, { id }));
    }),
  );
  r.put(
    ROUTES[`${area}.show`],
    can(spec.permissions.update),
    signedIn(async (req, res) => {
      const row = await spec.load(req.params.id);
      const input = validate(await spec.schema(req), req.body);
      await spec.update(Number(row.id), input, req);
      flash(req, 'success', `${spec.noun} ${input.name} enregistré${e}.`);
      redirect(res, route(`${area}.show`, { id: row.id }));
    }),
  );
}
