import type { NextFunction, Request, Response } from 'express';
import type { Knex } from 'knex';
import type { Permission } from '../../../../shared/permissions.js';
import type { PrintMeta } from '../../../../shared/stock-pages.js';
import { getCompany } from '../../../services/company/get-company.js';
import { addDays, businessDate, isIsoDate } from '../../../domain/dates.js';
import { presentPrintCompany } from '../../presenters/stock.js';
import { queryText } from '../../query.js';
import { HttpError } from '../../errors.js';
import { NotFound } from '../../../domain/errors.js';
import type { Actor } from '../../../services/actor.js';

export async function printMeta(db: Knex, req: Request, backUrl: string): Promise<PrintMeta> {
  const company = await getCompany(db);
  return {
    company: presentPrintCompany(company),
    printed_at: new Date().toISOString(),
    printed_by: req.user!.row.name,
    auto_print: queryText(req.query, 'print', 2) === '1',
    back_url: backUrl,
  };
}
