/**
 * npm run reports:rebuild — recomputes the summary tables of the reports (report_sales_days and
 * report_stock_days with their running totals: migrations 202611241200 and 202611250200; report_sales_months:
 * 202611281000; report_sale_days and report_payment_days of Situation des ventes: 202611282000;
 * report_turnover_client_days: 202611282330) from the sales, payments, settlements, credit notes
 * and cancellations and from the stock ledger, in one transaction. The database's triggers keep
 * them up to date with every document; this is for a database restored or repaired by hand.
 * Uses DATABASE_URL like the server (default: the SQLite file under storage/).
 */
import { loadConfig } from '../server/config.js';
import { createDb } from '../server/db/connection.js';
import { migrateLatest } from '../server/db/migrate.js';
import { rebuildReportSummaries } from '../server/db/report-summaries.js';
import { rebuildMoneyDays } from '../server/db/money-days.js';
import { rebuildSalesSituationDays } from '../server/db/sales-situation-days.js';
import { rebuildTurnoverClientDays } from '../server/db/turnover-client-days.js';

const config = loadConfig();
const db = createDb(config.database);
const fmt = (n: number) => n.toLocaleString('fr-FR');
try {
  await migrateLatest(db);
  const started = Date.now();
  const counts = await rebuildReportSummaries(db);
  const situation = await db.transaction((trx) => rebuildSalesSituationDays(trx));
  console.log(
    `Situation des ventes reconstruite : factures ${fmt(situation.saleDays)} lignes par jour ; paiements ${fmt(situation.paymentDays)} lignes par jour ; transferts ${fmt(situation.transferDays)} lignes par jour.`,
  );
  console.log(
    `Résumé journalier de la trésorerie (money_days) reconstruit : ${fmt(await rebuildMoneyDays(db))} lignes.`,
  );
  console.log(
    `Chiffre d’affaires par jour et par client (report_turnover_client_days) reconstruit : ${fmt(await rebuildTurnoverClientDays(db))} lignes.`,
  );
  console.log(
    `Tables des éditions reconstruites en ${((Date.now() - started) / 1000).toFixed(1)} s : ventes ${fmt(counts.salesDays)} lignes par jour et ${fmt(counts.salesMonths)} par mois ; stock ${fmt(counts.stockDays)} lignes par jour (cumuls et stock au soir compris).`,
  );
} finally {
  await db.destroy();
}
