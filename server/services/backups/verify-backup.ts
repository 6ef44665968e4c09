import type { Knex } from 'knex';
import { BackupFileError, withBackupCopy } from '../../db/backup.js';
import { unknownMigrations } from '../../db/migrate.js';
import { verifyAuditChain } from '../audit/record-audit.js';
import { checkStock } from '../stock/check-stock.js';
import { checkCash } from '../treasury/check-cash.js';
import { verifyMoneyChains } from '../treasury/ledger.js';
import type { BackupTarget } from './catalogue.js';
import { formatCount } from '../../../shared/quantity.js';

/**
 * Verifies a backup file on a copy, never on the live database: the structural check first
 * (SQLite integrity_check / a trial restore of the dump into a temporary database), then on that
 * copy the checks the ledgers promise (DESIGN.md §8): stock levels rebuilt from the stock ledger,
 * treasury balances rebuilt from the money ledger and its hash chains, the audit log's hash chain, and the version (no migration this application does not know).
 */
export interface BackupVerification {
  ok: boolean;
  message: string;
}

/** One ledger check on the copy: null when it holds, else what is wrong (French). */
type LedgerCheck = (copy: Knex) => Promise<{ ok: true; summary: string } | { ok: false; problem: string }>;

const versionCheck: LedgerCheck = async (copy) => {
  const unknown = await unknownMigrations(copy);
  if (unknown.length)
    return {
      ok: false,
      problem: `elle vient d’une version plus récente de l’application (migration ${unknown[0]} inconnue)`,
    };
  if (!(await copy.schema.hasTable('users')))
    return { ok: false, problem: 'ce n’est pas une base SDSTOCK WEB (aucune table des utilisateurs)' };
  return { ok: true, summary: '' };
};

const stockCheck: LedgerCheck = async (copy) => {
  const report = await checkStock(copy);
  if (report.differences.length || report.negativeCmup.length) {
    const parts: string[] = [];
    if (report.differences.length)
      parts.push(
        formatCount(
          report.differences.length,
          'niveau de stock en désaccord avec le grand livre',
          'niveaux de stock en désaccord avec le grand livre',
        ),
      );
    if (report.negativeCmup.length)
      parts.push(formatCount(report.negativeCmup.length, 'CMUP négatif', 'CMUP négatifs'));
    return { ok: false, problem: parts.join(', ') };
  }
  return { ok: true, summary: `stock cohérent (${formatCount(report.movements, 'mouvement')})` };
};

/** Treasury balances rebuilt from the money ledger, and each account's hash chain (npm run check:cash). */
const cashCheck: LedgerCheck = async (copy) => {
  // A backup older than the money ledger has none to check.
  if (!(await copy.schema.hasTable('money_movements'))) return { ok: true, summary: '' };
  const report = await checkCash(copy);
  if (report.differences.length)
    return {
      ok: false,
      problem: formatCount(
        report.differences.length,
        'solde de trésorerie en désaccord avec le grand livre',
        'soldes de trésorerie en désaccord avec le grand livre',
      ),
    };
  const broken = await verifyMoneyChains(copy);
  if (broken.length)
    return { ok: false, problem: `grand livre de trésorerie altéré (${broken[0].accountName} : ${broken[0].reason})` };
  return { ok: true, summary: `trésorerie cohérente (${formatCount(report.movements, 'mouvement')})` };
};

const auditCheck: LedgerCheck = async (copy) => {
  const broken = await verifyAuditChain(copy);
  if (broken !== null) return { ok: false, problem: `journal d’audit altéré (entrée n° ${broken})` };
  return { ok: true, summary: 'journal d’audit intact' };
};

/** The checks run on every copy, in order; a new ledger adds its check here. */
export const LEDGER_CHECKS: LedgerCheck[] = [versionCheck, stockCheck, cashCheck, auditCheck];

export async function verifyBackupFile(db: Knex, target: BackupTarget, file: string): Promise<BackupVerification> {
  try {
    return await withBackupCopy(db, target.database, file, async (copy) => {
      const summaries = ['intégrité vérifiée'];
      for (const check of LEDGER_CHECKS) {
        const result = await check(copy);
        if (!result.ok) return { ok: false, message: `Sauvegarde refusée : ${result.problem}.` };
        if (result.summary) summaries.push(result.summary);
      }
      const text = summaries.join(', ');
      return { ok: true, message: `${text.charAt(0).toUpperCase()}${text.slice(1)}.` };
    });
  } catch (err) {
    if (err instanceof BackupFileError) return { ok: false, message: err.message };
    return { ok: false, message: `La vérification a échoué : ${(err as Error).message.slice(0, 200)}` };
  }
}
