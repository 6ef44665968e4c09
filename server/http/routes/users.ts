import { Router } from 'express';
import { ROUTES, route } from '../../../shared/routes.js';
import { USER_SORTS, USER_STATUSES } from '../../../shared/users.js';
import { sendEmailChangedNotice } from '../../services/accounts/account-mails.js';
import {
  allLocationOptions,
  createManagedUser,
  findManagedUser,
  listUsers,
  roleOptions,
  sendManagedResetLink,
  setManagedUserActive,
  treasuryAccountOptions,
  updateManagedUser,
} from '../../services/accounts/manage-users.js';
import { actorOf } from '../actor.js';
import type { AppContext } from '../context.js';
import { can, requireAuth, requirePasswordConfirmed, requireVerified } from '../middleware/auth.js';
import { presentRoleFilter, presentUserFormOptions, presentUserRecord, presentUserRow } from '../presenters/users.js';
import { parseListParams, queryChoice, queryId } from '../query.js';
import { recordLoader } from '../record-routes.js';
import { flash, redirect } from '../respond.js';
import { userCreateSchema, userUpdateSchema } from '../schemas/users.js';
import { validate } from '../validation.js';
import { signedIn } from '../signed-in.js';
import { managesSettings } from '../../policies/settings.js';

const MANAGE = 'users.manage';

const userList = {
  sorts: USER_SORTS,
  defaultSort: 'name' as const,
  filters: (q: Record<string, unknown>) => ({
    status: queryChoice(q, 'status', USER_STATUSES, 'active'),
    role_id: queryId(q, 'role_id'),
  }),
};

/**
 * Paramètres › Utilisateurs (DESIGN.md §5): the list opens with menu.parametres.users; every change
 * needs users.manage and a password confirmed within the last 3 hours (requirePasswordConfirmed,
 * the confirm-password page) — asked when a form opens, and again at the change if it expired
 * meanwhile. Each change is audited by its service.
 */
export function userRoutes(ctx: AppContext): Router {
  const { db, mailer, config } = ctx;
  const r = Router();
  r.use(ROUTES['users.index'], requireAuth, requireVerified, can('menu.parametres.users'));
  const change = [can(MANAGE), requirePasswordConfirmed] as const;

  r.get(
    ROUTES['users.index'],
    signedIn(async (req, res) => {
      const { page, ...params } = parseListParams(req, userList);
      const rows = await listUsers(db, { ...params, page });
      await res.inertia.render('settings/users/Index', {
        users: { ...rows, data: rows.data.map(presentUserRow) },
        params,
        roles: presentRoleFilter(await roleOptions(db)),
        can_manage: managesSettings(req.user, 'users'),
      });
    }),
  );

  const formOptions = async () =>
    presentUserFormOptions(await roleOptions(db), await allLocationOptions(db), await treasuryAccountOptions(db));

  r.get(ROUTES['users.create'], ...change, async (_req, res) => {
    await res.inertia.render('settings/users/Form', {
      ...(await formOptions()),
      user: null,
      editable: true,
      can_manage: true,
    });
  });

  r.post(
    ROUTES['users.index'],
    ...change,
    signedIn(async (req, res) => {
      const input = validate(userCreateSchema, req.body);
      const id = await createManagedUser(
        db,
        mailer,
        config.appUrl,
        { ...input, password: input.password ?? null },
        actorOf(req),
      );
      flash(
        req,
        'success',
        input.onboarding === 'invite'
          ? `Utilisateur créé : une invitation à choisir son mot de passe a été envoyée à ${input.email}.`
          : 'Utilisateur créé : il devra changer son mot de passe à sa première connexion.',
      );
      redirect(res, route('users.show', { id }));
    }),
  );

  const load = recordLoader((id) => findManagedUser(db, id));
  const showUser = (editable: boolean) =>
    signedIn(async (req, res) => {
      const row = await load(req.params.id);
      await res.inertia.render('settings/users/Form', {
        ...(await formOptions()),
        user: presentUserRecord(row, req.user.row.id),
        editable,
        can_manage: managesSettings(req.user, 'users'),
      });
    });
  r.get(ROUTES['users.show'], showUser(false));
  r.get(ROUTES['users.edit'], ...change, showUser(true));

  r.put(
    ROUTES['users.show'],
    ...change,
    signedIn(async (req, res) => {
      const row = await load(req.params.id);
      const input = validate(userUpdateSchema, req.body);
      const result = await updateManagedUser(db, Number(row.id), input, actorOf(req));
      // The previous address hears of the change (as when a person changes it in their profile).
      if (result.emailChanged)
        await sendEmailChangedNotice(mailer, config.appUrl, {
          name: input.name,
          previousEmail: result.previousEmail,
          newEmail: input.email,
        });
      flash(req, 'success', 'Utilisateur enregistré.');
      redirect(res, route('users.show', { id: Number(row.id) }));
    }),
  );

  r.post(
    ROUTES['users.deactivate'],
    ...change,
    signedIn(async (req, res) => {
      const row = await load(req.params.id);
      await setManagedUserActive(db, Number(row.id), false, actorOf(req));
      flash(req, 'success', `${row.name} est désactivé : ses sessions sont fermées et il ne peut plus se connecter.`);
      redirect(res, route('users.show', { id: Number(row.id) }));
    }),
  );

  r.post(
    ROUTES['users.reactivate'],
    ...change,
    signedIn(async (req, res) => {
      const row = await load(req.params.id);
      await setManagedUserActive(db, Number(row.id), true, actorOf(req));
      flash(req, 'success', `${row.name} est réactivé : il peut de nouveau se connecter.`);
      redirect(res, route('users.show', { id: Number(row.id) }));
    }),
  );

  r.post(
    ROUTES['users.resetLink'],
    ...change,
    signedIn(async (req, res) => {
      const row = await load(req.params.id);
      const { email } = await sendManagedResetLink(db, mailer, config.appUrl, Number(row.id), actorOf(req));
      flash(req, 'success', `Un lien pour choisir un nouveau mot de passe a été envoyé à ${email}.`);
      redirect(res, route('users.show', { id: Number(row.id) }));
    }),
  );

  return r;
}
