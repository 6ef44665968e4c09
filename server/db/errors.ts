/**
 * Recognises a unique-constraint violation on either database, and on which column, so a race
 * that slipped past the service's own check still becomes a French message on the field.
 */
export function uniqueViolationColumn(err: unknown): string | null {
  if (typeof err !== 'object' || err === null) return null;
  const e = err as { code?: string; message?: string; constraint?: string; detail?: string };
  if (e.code === '23505') {
    const detail = /Key \(([^)]+)\)/.exec(e.detail ?? '');
    if (detail) return detail[1].split(',')[0].trim();
    const constraint = /^[a-z_]+?_([a-z_]+)_unique$/.exec(e.constraint ?? '');
    return constraint ? constraint[1] : '';
  }
  if (
    e.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    /UNIQUE constraint failed/.test(e.message ?? '')
  ) {
    const m = /UNIQUE constraint failed: [a-z_]+\.([a-z_]+)/.exec(e.message ?? '');
    return m ? m[1] : '';
  }
  return null;
}

/** A foreign key refused a delete: another table still references the row. */
export function isForeignKeyViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: string; message?: string };
  return (
    e.code === '23503' ||
    e.code === 'SQLITE_CONSTRAINT_FOREIGNKEY' ||
    /FOREIGN KEY constraint failed/.test(e.message ?? '')
  );
}
