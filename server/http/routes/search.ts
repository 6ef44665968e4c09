import { Router } from 'express';
import type { AppContext } from '../context.js';
import { ROUTES } from '../../../shared/routes.js';
import { globalSearch } from '../../services/search/global-search.js';
import { SEARCHED_DOCUMENTS } from '../../services/search/document-series.js';
import { searchScope } from '../../policies/index.js';
import { jsonGuard } from '../middleware/json-guard.js';
import { presentGlobalSearch } from '../presenters/search.js';
import { queryText } from '../query.js';
import { signedIn } from '../signed-in.js';

/** The header's global search: JSON, grouped, filtered by what the user may open. */
export function searchRoutes(ctx: AppContext): Router {
  const { db } = ctx;
  const r = Router();
  r.get(
    ROUTES.search,
    jsonGuard(),
    signedIn(async (req, res) => {
      const user = req.user;
      const found = await globalSearch(db, {
        q: queryText(req.query as Record<string, unknown>, 'q'),
        scope: { ...searchScope(user, SEARCHED_DOCUMENTS), places: user.places },
      });
      res.set('Cache-Control', 'no-store').json(presentGlobalSearch(found, user.permissions));
    }),
  );
  return r;
}
