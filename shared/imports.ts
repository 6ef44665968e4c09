/**
 * The preview of a spreadsheet import (clients, products): its columns and rows as the import
 * pages show them before anything is written.
 */

export interface ImportColumn {
  header: string;
  required: boolean;
  description: string;
}

export interface ImportPreviewRow {
  line: number;
  action: 'create' | 'update' | 'error';
  code: string;
  name: string;
  errors: string[];
}

export interface ImportPreview {
  id: string;
  file_name: string;
  row_count: number;
  error_count: number;
  create_count: number;
  update_count: number;
  applied: boolean;
  /** Rows shown: every row in error (up to a cap), then the first valid rows. */
  rows: ImportPreviewRow[];
  hidden_rows: number;
  /** Products only: categories the import will create. */
  new_categories: string[];
}
