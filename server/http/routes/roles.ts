import { Router } from 'express';
import type { AppContext } from '../context.js';
import { ROUTES, route } from '../../../shared/routes.js';
import {
  createRoleFromForm,
  deleteRole,
  duplicateRole,
  getRole,
  listRoles,
  updateRole,
} from '../../services/roles/manage-roles.js';
import { subjectHistory } from '../../services/audit/history.js';
import { actorOf } from '../actor.js';
import { presentHistory } from '../presenters/audit.js';
import { can, requireAuth, requirePasswordConfirmed, requireVerified } from '../middleware/auth.js';
import { routeId } from '../query.js';
import { flash, redirect } from '../respond.js';
import { roleSchema } from '../schemas/roles.js';
import { validate } from '../validation.js';
import { signedIn, type SignedInRequest } from '../signed-in.js';
import { managesSettings } from '../../policies/settings.js';

/**
 * Paramètres › Rôles et permissions (/admin/role-permissions). Opening the screens needs
 * menu.parametres.roles; every change needs roles.manage and a password confirmed within the last
 * 3 hours (requirePasswordConfirmed). A manager is asked for it when opening the screens already,
 * so a matrix being ticked is never lost to the confirmation page.
 */
const MANAGE = 'roles.manage';

export function roleRoutes(ctx: AppContext): Router {
  const { db } = ctx;
  const r = Router();
  r.use(ROUTES['roles.index'], requireAuth, requireVerified, can('menu.parametres.roles'));
  const canManage = (req: SignedInRequest) => managesSettings(req.user, 'roles');
  const confirmedIfManager = signedIn((req, res, next) =>
    canManage(req) ? requirePasswordConfirmed(req, res, next) : next(),
  );
  const change = [can(MANAGE), requirePasswordConfirmed];

  r.get(
    ROUTES['roles.index'],
    confirmedIfManager,
    signedIn(async (req, res) => {
      res.inertia.render('settings/roles/Index', { roles: await listRoles(db), can_manage: canManage(req) });
    }),
  );

  r.post(
    ROUTES['roles.index'],
    ...change,
    signedIn(async (req, res) => {
      res.locals.refusalBack = () => route('roles.index');
      const input = validate(roleSchema, req.body);
      const id = await createRoleFromForm(db, actorOf(req), input);
      flash(req, 'success', `Rôle « ${input.name} » créé : cochez ses permissions.`);
      redirect(res, route('roles.show', { id }));
    }),
  );

  r.get(
    ROUTES['roles.show'],
    confirmedIfManager,
    signedIn(async (req, res) => {
      const role = await getRole(db, routeId(req.params.id));
      const history = presentHistory(await subjectHistory(db, 'role', role.id), req.user.company.currency);
      res.inertia.render('settings/roles/Edit', { role, can_manage: canManage(req), history });
    }),
  );

  r.put(
    ROUTES['roles.show'],
    ...change,
    signedIn(async (req, res) => {
      const id = routeId(req.params.id);
      res.locals.refusalBack = () => route('roles.show', { id });
      const input = validate(roleSchema, req.body);
      await updateRole(db, actorOf(req), id, input);
      flash(
        req,
        'success',
        `Rôle « ${input.name} » enregistré. Ses utilisateurs ont ses nouvelles permissions dès leur prochaine page.`,
      );
      redirect(res, route('roles.show', { id }));
    }),
  );

  r.post(
    ROUTES['roles.duplicate'],
    ...change,
    signedIn(async (req, res) => {
      const id = routeId(req.params.id);
      res.locals.refusalBack = () => route('roles.show', { id });
      const copy = await duplicateRole(db, actorOf(req), id);
      flash(req, 'success', 'Rôle dupliqué : renommez la copie et ajustez ses permissions.');
      redirect(res, route('roles.show', { id: copy }));
    }),
  );

  r.delete(
    ROUTES['roles.show'],
    ...change,
    signedIn(async (req, res) => {
      const id = routeId(req.params.id);
      res.locals.refusalBack = () => route('roles.show', { id });
      const name = await deleteRole(db, actorOf(req), id);
      flash(req, 'success', `Rôle « ${name} » supprimé.`);
      redirect(res, route('roles.index'));
    }),
  );

  return r;
}
