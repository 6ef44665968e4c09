import type { TestProject } from 'vitest/node';
import { provideTemplates } from '../../support/database-templates.js';

/** The browser suite's globalSetup: its servers run on SQLite only, copied from one migrated template. */
export default function databaseTemplate(project: TestProject) {
  return provideTemplates(project, ['sqlite']);
}
