/**
 * What every record ("Fichiers" and company places) has in common on its pages: the abilities of
 * the user on it, where it is used, and its audit history. Each area's types are in their own file
 * (shared/clients.ts, shared/products.ts, …); the pages' props in shared/pages/master-data.ts.
 */

export interface CrudAbilities {
  create: boolean;
  update: boolean;
  delete: boolean;
  export: boolean;
  import: boolean;
}

/** Whether a record may be deleted, or only archived, and why. */
export interface UsageInfo {
  deletable: boolean;
  archivable: boolean;
  /** French reasons: why it cannot be deleted ("il a un solde de 15 000 FCFA"). */
  reasons: string[];
  /** Why it cannot be archived, when it cannot. */
  archive_block: string | null;
}

export interface AuditChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

export interface AuditItem {
  id: number;
  occurred_at: string;
  user_name: string | null;
  action: string;
  action_label: string;
  changes: AuditChange[];
  note: string | null;
}
