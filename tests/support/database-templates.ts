import type { TestProject } from 'vitest/node';
import { buildTemplates, type DbKind, testDatabases } from './databases.js';

/**
 * Migrates the run's template databases once, before any test file (globalSetup of both vitest
 * configs): freshDatabase copies them, where each file used to run every migration again. Built
 * from the working tree's migrations at every run, so a new or changed migration is in the very
 * next run; dropped when the run ends.
 */
export default function databaseTemplates(project: TestProject) {
  return provideTemplates(project, testDatabases());
}

/** Builds the templates of these databases and hands them to the run's test files; returns the teardown. */
export async function provideTemplates(project: TestProject, kinds: readonly DbKind[]) {
  const { templates, drop } = await buildTemplates(kinds);
  project.provide('databaseTemplates', templates);
  return drop;
}
