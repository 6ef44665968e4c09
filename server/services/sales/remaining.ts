/**
 * `saleRemaining` (shared/sales.ts) in SQL, for one row of the sales table aliased `alias`: sum it
 * to total what is owed (Σ of each sale's remaining, each never below zero). Plain CASE: the same
 * on SQLite and PostgreSQL. Defined beside the triggers of Situation des ventes, which sum it too.
 */
export { saleRemainingSql } from '../../db/sales-situation-days.js';
