import {
  SIMULATOR_DEFAULTS,
  startFiscalSimulator,
  type FaultSetting,
  type FiscalSimulatorOptions,
  type SimulatorRecords,
} from '../../scripts/fiscal-simulator/index.js';

/**
 * The fiscal simulator (scripts/fiscal-simulator) for a test file: started on a free port, driven
 * over HTTP like any caller would (fault switches, records, declarations). `close()` in afterAll.
 */
export interface TestFiscalSimulator {
  url: string;
  /** FISCAL_API_URL for FNE. */
  fneUrl: string;
  /** FISCAL_API_URL for e-MECeF. */
  emecefUrl: string;
  /** A key both services accept. */
  key: string;
  faults(setting: Partial<FaultSetting>): Promise<void>;
  records(): Promise<SimulatorRecords>;
  reset(): Promise<void>;
  declare(points: { fne?: string[]; emecef?: Array<{ nim: string; token: string; ifu?: string }> }): Promise<void>;
  close(): Promise<void>;
}

export async function startTestFiscalSimulator(
  options: Partial<FiscalSimulatorOptions> = {},
): Promise<TestFiscalSimulator> {
  const simulator = await startFiscalSimulator({ port: 0, ...options });
  const control = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const res = await fetch(`${simulator.url}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<unknown>;
  };
  return {
    url: simulator.url,
    fneUrl: `${simulator.url}/fne`,
    emecefUrl: `${simulator.url}/emecef/api`,
    key: (options.keys ?? SIMULATOR_DEFAULTS.keys)[0],
    faults: async (setting) => void (await control('POST', '/__faults', setting)),
    records: async () => (await control('GET', '/__records')) as SimulatorRecords,
    reset: async () => void (await control('POST', '/__reset', {})),
    declare: async (points) => void (await control('POST', '/__points-of-sale', points)),
    close: () => simulator.close(),
  };
}
