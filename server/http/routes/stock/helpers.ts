import type { NextFunction, Request, Response } from 'express';
import type { Knex } from 'knex';
import type { Permission } from '../../../../shared/permissions.js';
import type { PrintMeta } from '../../../../shared/stock-pages.js';
import { HttpError } from '../../../errors.js';
import { getCompany } from '../../../services/company/get-company.js';
import { addDays, businessDate, isIsoDate } from '../../../services/stock/business-date.js';
import type { StockActor } from '../../../services/stock/common.js';
import { presentPrintCompany } from '../../presenters/stock.js';

export function actorOf(req: Request): StockActor {
  const user = req.user!;
  return { id: user.row.id, name: user.row.name, ip: req.ip ?? null };
}

export function has(req: Request, permission: Permission): boolean {
  return !!req.user?.permissions.has(permission);
}

/** At least one of the permissions (e.g. a print page reachable from two menus). */
export function canAny(...permissions: Permission[]) {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (req.user && permissions.some((p) => req.user!.permissions.has(p))) return next();
    next(new HttpError(403));
  };
}

/** Costs and CMUP: for users who see costs in reports or who receive goods (they type them). */
export function showCosts(req: Request): boolean {
  return has(req, 'reports.view_costs') || has(req, 'stock_entries.create') || has(req, 'inventory.validate');
}

export function routeId(value: unknown): number {
  const s = typeof value === 'string' ? value : '';
  if (!/^[1-9]\d{0,9}$/.test(s) || Number(s) > 2_147_483_647) throw new HttpError(404);
  return Number(s);
}

export function queryText(req: Request, key: string, max = 100): string {
  const v = (req.query as Record<string, unknown>)[key];
  const s = Array.isArray(v) ? v[0] : v;
  return typeof s === 'string' ? s.trim().slice(0, max) : '';
}

export function queryId(req: Request, key: string): string {
  const v = queryText(req, key, 12);
  return /^[1-9]\d{0,9}$/.test(v) ? v : '';
}

export function queryChoice<T extends string>(req: Request, key: string, allowed: readonly T[], fallback: T): T {
  const v = queryText(req, key, 40);
  return (allowed as readonly string[]).includes(v) ? (v as T) : fallback;
}

export function queryPage(req: Request, key = 'page'): number {
  const v = Number.parseInt(queryText(req, key, 9), 10);
  return Number.isFinite(v) && v > 0 ? v : 1;
}

export async function todayFor(db: Knex): Promise<string> {
  const row = await db('company_settings').where({ id: 1 }).first('time_zone');
  return businessDate(row?.time_zone ?? 'Africa/Abidjan');
}

/**
 * The period of a document list: ?from=&to= (valid dates, from ≤ to), else the last `days` days. A search by
 * number (`searching`) with no date chosen (none, or the default ones) looks at every date: an old
 * document typed by its number must be found. Empty from/to mean "no period".
 */
export function period(req: Request, today: string, days = 30, searching = ''): { from: string; to: string } {
  let from = queryText(req, 'from', 10);
  let to = queryText(req, 'to', 10);
  // The filter form sends back the default dates it was given: they do not count as a choice.
  const untouched = (!isIsoDate(from) && !isIsoDate(to)) || (from === addDays(today, -days) && to === today);
  if (searching.trim() && untouched) return { from: '', to: '' };
  if (!isIsoDate(to)) to = today;
  if (!isIsoDate(from)) from = addDays(to, -days);
  if (from > to) [from, to] = [to, from];
  return { from, to };
}

export async function printMeta(db: Knex, req: Request, backUrl: string): Promise<PrintMeta> {
  const company = await getCompany(db);
  return {
    company: presentPrintCompany(company),
    printed_at: new Date().toISOString(),
    printed_by: req.user!.row.name,
    auto_print: queryText(req, 'print', 2) === '1',
    back_url: backUrl,
  };
}

export async function currencyOf(db: Knex): Promise<string> {
  const row = await db('company_settings').where({ id: 1 }).first('currency');
  return row?.currency ?? 'XOF';
}
