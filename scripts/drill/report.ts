/** The drill's table: one row per thing tried, what held, and the verdict. */

export type Verdict = 'ok' | 'ÉCHEC' | 'non couvert';

export interface Row {
  step: string;
  subject: string;
  tried: string;
  held: string;
  verdict: Verdict;
  /** Every failure of the row (the table shows the first ones). */
  details?: string[];
}

export class Report {
  readonly rows: Row[] = [];
  constructor(private readonly live: ((row: Row) => void) | null = null) {}

  add(row: Row): Row {
    this.rows.push(row);
    this.live?.(row);
    return row;
  }
  ok(step: string, subject: string, tried: string, held: string) {
    return this.add({ step, subject, tried, held, verdict: 'ok' });
  }
  fail(step: string, subject: string, tried: string, held: string) {
    return this.add({ step, subject, tried, held, verdict: 'ÉCHEC' });
  }
  notCovered(step: string, subject: string, why: string) {
    return this.add({ step, subject, tried: '—', held: why, verdict: 'non couvert' });
  }
  /** ok when `failures` is empty, otherwise ÉCHEC with the first failures named. */
  check(step: string, subject: string, tried: string, held: string, failures: string[]) {
    if (failures.length === 0) return this.ok(step, subject, tried, held);
    const shown = failures.slice(0, 3).join(' ; ');
    return this.add({
      step,
      subject,
      tried,
      held: `${shown}${failures.length > 3 ? ` (… ${failures.length - 3} de plus)` : ''}`,
      verdict: 'ÉCHEC',
      details: failures,
    });
  }
  get failed(): boolean {
    return this.rows.some((r) => r.verdict === 'ÉCHEC');
  }
}

const width = (s: string) => [...s].length;
const pad = (s: string, n: number) => s + ' '.repeat(Math.max(0, n - width(s)));
const clip = (s: string, n: number) => (width(s) > n ? `${[...s].slice(0, n - 1).join('')}…` : s);

/** A plain-text table (a terminal or a CI log), widest columns clipped. */
export function formatTable(rows: Row[]): string {
  const cols: Array<[keyof Row, string, number]> = [
    ['step', 'Étape', 14],
    ['subject', 'Sujet', 44],
    ['tried', 'Essayé', 46],
    ['held', 'Tenu', 90],
    ['verdict', 'Verdict', 11],
  ];
  const w = cols.map(([k, title, max]) =>
    Math.min(max, Math.max(width(title), ...rows.map((r) => width(String(r[k]))))),
  );
  const line = (cells: string[]) => `| ${cells.map((c, i) => pad(clip(c, w[i]), w[i])).join(' | ')} |`;
  const out = [line(cols.map(([, t]) => t)), `|${w.map((n) => '-'.repeat(n + 2)).join('|')}|`];
  for (const r of rows) out.push(line(cols.map(([k]) => String(r[k]))));
  return out.join('\n');
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export const ms = (n: number) => `${n.toFixed(1)} ms`;
