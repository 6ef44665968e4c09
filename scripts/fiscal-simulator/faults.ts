/**
 * The fault switch: what the next service requests suffer (the control endpoints under /__ never
 * do). `count` requests, or every one while `count` is null; `after: 'process'` lets the request
 * be processed (the invoice recorded, the sequence moved) before the fault — the case where the
 * DGI certified and the caller never learns it.
 * - 400 / 500: an answer with that status, in the service's error shape;
 * - timeout: no answer at all, the connection left open until the caller gives up;
 * - drop: the connection destroyed without an answer;
 * - refuse: the port stops listening (connection refused) for `ms` milliseconds, then listens again.
 */
export const FAULT_MODES = ['none', '400', '500', 'timeout', 'drop', 'refuse'] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export interface FaultSetting {
  mode: FaultMode;
  /** How many service requests it hits; null: all of them until switched off. */
  count: number | null;
  after: 'receive' | 'process';
  /** Every service request waits this long before being handled (a slow DGI), fault or not. */
  delayMs: number;
  /** refuse: how long the port stays closed. */
  ms: number;
}

export const NO_FAULT: FaultSetting = { mode: 'none', count: null, after: 'receive', delayMs: 0, ms: 0 };

const DEFAULT_REFUSE_MS = 10_000;

/** Reads a POST /__faults body; a French message when it is not one. */
export function parseFaultSetting(body: unknown): FaultSetting | string {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return 'Corps attendu : {"mode": …}.';
  const b = body as Record<string, unknown>;
  const mode = b.mode ?? 'none';
  if (typeof mode !== 'string' || !(FAULT_MODES as readonly string[]).includes(mode))
    return `mode inconnu : ${String(mode)} (attendu : ${FAULT_MODES.join(', ')}).`;
  const count = b.count ?? null;
  if (count !== null && (!Number.isInteger(count) || (count as number) < 1)) return 'count : un entier ≥ 1, ou absent.';
  const after = b.after ?? 'receive';
  if (after !== 'receive' && after !== 'process') return 'after : « receive » ou « process ».';
  const delayMs = b.delayMs ?? 0;
  if (!Number.isInteger(delayMs) || (delayMs as number) < 0) return 'delayMs : un entier ≥ 0.';
  const ms = b.ms ?? DEFAULT_REFUSE_MS;
  if (!Number.isInteger(ms) || (ms as number) < 1) return 'ms : un entier ≥ 1.';
  return {
    mode: mode as FaultMode,
    count: count as number | null,
    after,
    delayMs: delayMs as number,
    ms: ms as number,
  };
}

/** The switch itself: `take()` says what the request now arriving suffers, and counts it. */
export class FaultSwitch {
  private setting: FaultSetting = NO_FAULT;

  set(setting: FaultSetting): void {
    this.setting = setting;
  }

  current(): FaultSetting {
    return this.setting;
  }

  take(): { mode: FaultMode; after: 'receive' | 'process'; delayMs: number } {
    const { mode, count, after, delayMs } = this.setting;
    if (mode !== 'none' && count !== null) {
      this.setting = count <= 1 ? { ...NO_FAULT, delayMs } : { ...this.setting, count: count - 1 };
    }
    return { mode, after, delayMs };
  }
}
