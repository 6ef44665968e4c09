import type { ImportPreview } from '../../../shared/imports.js';
import type { StoredBatch } from '../../services/tabular/import-batches.js';

export const PREVIEW_ERROR_ROWS = 500;
export const PREVIEW_VALID_ROWS = 100;

/** What the preview page shows: counts, every row in error (capped) and the first valid rows. */
export function presentPreview(batch: StoredBatch): ImportPreview {
  const errors = batch.results.filter((r) => r.action === 'error');
  const valid = batch.results.filter((r) => r.action !== 'error');
  const shownErrors = errors.slice(0, PREVIEW_ERROR_ROWS);
  const shownValid = valid.slice(0, PREVIEW_VALID_ROWS);
  return {
    id: batch.id,
    file_name: batch.file_name,
    row_count: batch.results.length,
    error_count: errors.length,
    create_count: valid.filter((r) => r.action === 'create').length,
    update_count: valid.filter((r) => r.action === 'update').length,
    applied: batch.applied_at !== null,
    rows: [...shownErrors, ...shownValid].sort((a, b) => a.line - b.line),
    hidden_rows: batch.results.length - shownErrors.length - shownValid.length,
    new_categories: batch.new_categories,
  };
}
