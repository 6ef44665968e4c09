import type { Router } from 'express';
import { ROUTES, route } from '../../shared/routes.js';
import type { ImportArea } from '../policies/index.js';
import { importPermissions, importRights } from '../policies/index.js';
import {
  type ImportSpec,
  applyImport,
  importColumns,
  importTemplate,
  previewImport,
} from '../services/tabular/import-flow.js';
import { loadBatch } from '../services/tabular/import-batches.js';
import type { AppContext } from './context.js';
import { NotFound } from '../domain/errors.js';
import { actorOf } from './actor.js';
import { backTo } from './errors.js';
import { downloadGuard, exportFormat, importUpload, oneImportAtATime, sendFile, withFileErrors } from './files.js';
import { can } from './middleware/auth.js';
import { presentPreview } from './presenters/imports.js';
import { queryText } from './query.js';
import { flash, redirect } from './respond.js';
import { signedIn } from './signed-in.js';

/**
 * The http side of the one import flow, the same for every importable list: the import page (with
 * the preview of an uploaded batch), the template download, the upload (→ preview) and the apply
 * (→ the list with a toast). Opening any of them needs the area's import permissions.
 */
export function importRoutes<R>(
  r: Router,
  ctx: AppContext,
  spec: {
    area: ImportArea;
    importer: ImportSpec<any, any, any, any, R>;
    page: 'clients/Import' | 'products/Import' | 'stock/entries/OpeningImport';
    /** The toast after a successful apply. */
    done: (result: R) => string;
    /** Where a successful apply lands: the area's list unless told (the opening stock has none of its own). */
    doneUrl?: (result: R) => string;
  },
): void {
  const { db } = ctx;
  const { area, importer } = spec;
  const access = can(...importPermissions(area));

  r.get(
    ROUTES[`${area}.import`],
    access,
    signedIn(async (req, res) => {
      const previewId = queryText(req.query as Record<string, unknown>, 'preview');
      let preview = null;
      if (previewId) {
        const batch = await loadBatch(db, previewId, req.user.row.id, importer.kind);
        if (!batch) throw new NotFound();
        preview = presentPreview(batch);
      }
      await res.inertia.render(spec.page, {
        preview,
        columns: importColumns(importer),
        can_update: importRights(req.user, area).canUpdate,
      });
    }),
  );

  r.get(ROUTES[`${area}.importTemplate`], access, downloadGuard, async (req, res) => {
    sendFile(res, await importTemplate(db, importer, exportFormat(req)));
  });

  r.post(
    ROUTES[`${area}.import`],
    access,
    ...importUpload(),
    signedIn(async (req, res) => {
      const id = await withFileErrors(() =>
        previewImport(db, importer, req.importTable!, req.file!.originalname, actorOf(req), {
          ...importRights(req.user, area),
          places: req.user.places,
        }),
      );
      redirect(res, route(`${area}.import`, { preview: id }));
    }),
  );

  r.post(
    ROUTES[`${area}.importApply`],
    access,
    backTo(() => route(`${area}.import`)),
    oneImportAtATime('action'),
    signedIn(async (req, res) => {
      const result = await applyImport(db, importer, String(req.params.batch), actorOf(req), {
        ...importRights(req.user, area),
        places: req.user.places,
      });
      flash(req, 'success', spec.done(result));
      redirect(
        res,
        spec.doneUrl ? spec.doneUrl(result) : route(area === 'openingStock' ? 'entries.index' : `${area}.index`),
      );
    }),
  );
}
