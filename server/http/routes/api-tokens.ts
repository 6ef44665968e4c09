import { Router } from 'express';
import { API_TOKEN_EXPIRIES } from '../../../shared/api.js';
import { ROUTES } from '../../../shared/routes.js';
import { apiTokenSchema } from '../../services/api-tokens/schema.js';
import { createApiToken, listApiTokens, revokeApiToken } from '../../services/api-tokens/tokens.js';
import { openApiDocument } from '../api/openapi.js';
import { actorOf } from '../actor.js';
import type { AppContext } from '../context.js';
import { can, requireAuth, requirePasswordConfirmed, requireVerified } from '../middleware/auth.js';
import { presentAbilities, presentApiToken } from '../presenters/api-tokens.js';
import { routeId } from '../query.js';
import { flash, redirect } from '../respond.js';
import { validate } from '../validation.js';
import { signedIn } from '../signed-in.js';
import { managesSettings } from '../../policies/settings.js';

/**
 * Paramètres › API: a user's personal access tokens for the REST API, and its reference. Opening
 * the screen needs menu.parametres.api; creating a token needs api_tokens.manage and a password
 * confirmed within 3 hours, as does revoking one (one's own; another user's needs api_tokens.manage).
 * Holders of api_tokens.manage see every user's tokens.
 */
export function apiTokenRoutes(ctx: AppContext): Router {
  const { db, config } = ctx;
  const r = Router();
  const PATH = ROUTES['apiTokens.index'];
  r.use(PATH, requireAuth, requireVerified, can('menu.parametres.api'));

  r.get(
    PATH,
    signedIn(async (req, res) => {
      const user = req.user;
      const seeAll = managesSettings(user, 'apiTokens');
      const created = req.session.newApiToken ?? null;
      delete req.session.newApiToken;
      const tokens = await listApiTokens(db, seeAll ? null : user.row.id);
      await res.inertia.render('settings/api/Index', {
        tokens: tokens.map((t) => presentApiToken(t, user.row.id)),
        abilities: presentAbilities(user.permissions),
        expiries: API_TOKEN_EXPIRIES.map((e) => ({ value: String(e.days), label: e.label })),
        new_token: created,
        can: { create: seeAll, see_all: seeAll },
        base_url: config.appUrl,
      });
    }),
  );

  r.get(
    ROUTES['apiTokens.reference'],
    signedIn(async (req, res) => {
      await res.inertia.render('settings/api/Reference', {
        document: openApiDocument(req.user.company.currency, config.appUrl),
        base_url: config.appUrl,
      });
    }),
  );

  r.post(
    PATH,
    can('api_tokens.manage'),
    requirePasswordConfirmed,
    signedIn(async (req, res) => {
      const input = validate(apiTokenSchema, req.body);
      const { id, token } = await createApiToken(db, req.user, input, actorOf(req));
      req.session.newApiToken = { id, name: input.name, token };
      flash(req, 'success', `Le jeton « ${input.name} » est créé. Copiez-le maintenant : il ne sera plus affiché.`);
      redirect(res, PATH);
    }),
  );

  r.post(
    ROUTES['apiTokens.revoke'],
    requirePasswordConfirmed,
    signedIn(async (req, res) => {
      const id = routeId(req.params.id);
      await revokeApiToken(db, id, actorOf(req), { anyOwner: managesSettings(req.user, 'apiTokens') });
      flash(req, 'success', 'Le jeton est révoqué : il ne permet plus aucune requête.');
      redirect(res, PATH);
    }),
  );

  return r;
}
