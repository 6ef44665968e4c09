/**
 * npm run fiscal:simulator — both DGI services on this machine, for development and demos.
 * FISCAL_SIMULATOR_PORT (4545), FISCAL_SIMULATOR_HOST (127.0.0.1), FISCAL_SIMULATOR_FILE (keep the
 * records in that JSON file across restarts), FISCAL_SIMULATOR_KEYS (accepted keys, comma
 * separated: simulateur), FISCAL_SIMULATOR_POINTS_OF_SALE (FNE points of sale, comma separated: PDV-1).
 */
import { SIMULATOR_DEFAULTS, startFiscalSimulator } from './index.js';

const list = (value: string | undefined, fallback: readonly string[]) =>
  value?.trim()
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [...fallback];

const port = Number(process.env.FISCAL_SIMULATOR_PORT ?? 4545);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`FISCAL_SIMULATOR_PORT : un numéro de port, pas « ${process.env.FISCAL_SIMULATOR_PORT} ».`);
  process.exit(1);
}
const keys = list(process.env.FISCAL_SIMULATOR_KEYS, SIMULATOR_DEFAULTS.keys);
const simulator = await startFiscalSimulator({
  port,
  host: process.env.FISCAL_SIMULATOR_HOST || '127.0.0.1',
  file: process.env.FISCAL_SIMULATOR_FILE || null,
  keys,
  pointsOfSale: list(process.env.FISCAL_SIMULATOR_POINTS_OF_SALE, SIMULATOR_DEFAULTS.pointsOfSale),
});
console.log(`Simulateur FNE / e-MECeF à l’écoute sur ${simulator.url}
  FNE      FISCAL_API_URL=${simulator.url}/fne
  e-MECeF  FISCAL_API_URL=${simulator.url}/emecef/api
  Clé(s) acceptée(s) : ${keys.join(', ')}
  Pannes   POST ${simulator.url}/__faults {"mode":"500","count":1}   Enregistrements : GET ${simulator.url}/__records`);

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void simulator.close().then(() => process.exit(0)));
