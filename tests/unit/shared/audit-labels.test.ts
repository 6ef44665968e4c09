import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, AUDIT_SUBJECT_LABELS } from '../../../shared/audit.js';
import { PRINTOUTS } from '../../../shared/print.js';

const root = path.resolve(import.meta.dirname, '../../..');
function sources(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? sources(path.join(dir, e.name)) : /\.ts$/.test(e.name) ? [path.join(dir, e.name)] : [],
    );
}
const lines = sources('server').flatMap((file) =>
  fs
    .readFileSync(path.join(root, file), 'utf8')
    .split('\n')
    .map((line, i) => ({ at: `${file}:${i + 1}`, line })),
);
const literals = (line: string) => [...line.matchAll(/'([a-z_]+\.[a-z_]+)'/g)].map((m) => m[1]);

/** Support › Journaux shows every audit entry in French: each action and each subject type the code records has its label. */
describe('the audit catalogue (shared/audit.ts)', () => {
  it('labels every action the server records (recordAudit, auditWrite, auditBackup)', () => {
    const recorded = new Map<string, string>();
    for (const { at, line } of lines) {
      const action = /\baction: (.*)/.exec(line)?.[1] ?? /\bauditBackup\([^,]+, (.*)/.exec(line)?.[1];
      if (action)
        for (const name of literals(action.split(/, (?:user|actor|subject|record)\b/)[0])) recorded.set(name, at);
    }
    expect(recorded.size).toBeGreaterThan(80); // the scan finds them (a rename of `action:` would empty it)
    for (const name of [
      'backup.restored',
      'api_token.created',
      'users.created',
      'credit_note.validated',
      'cash.closing_validated',
      'client.archived',
      'sale.counter_validated',
    ])
      expect(recorded.has(name)).toBe(true);
    expect([...recorded].filter(([name]) => !AUDIT_ACTION_LABELS[name]).map(([name, at]) => `${name} (${at})`)).toEqual(
      [],
    );
  });

  it('labels every subject type, printouts included', () => {
    const types = new Map<string, string>();
    for (const { at, line } of lines)
      for (const m of line.matchAll(/subject: \{ type: '([a-z_]+)'/g)) types.set(m[1], at);
    for (const printout of Object.keys(PRINTOUTS)) types.set(printout, 'shared/print.ts PRINTOUTS');
    expect(types.size).toBeGreaterThan(25);
    expect([...types].filter(([type]) => !AUDIT_SUBJECT_LABELS[type]).map(([type, at]) => `${type} (${at})`)).toEqual(
      [],
    );
  });
});
