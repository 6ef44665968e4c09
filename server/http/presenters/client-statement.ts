import type { ClientStatementPrintProps, ClientStatementSection } from '../../../shared/client-statement.js';
import type { PrintMeta } from '../../../shared/print.js';
import { type ClientStatement, statementPage } from '../../services/receivables/statement.js';

/** Lines of the statement shown per page on the client's page (the running balance carries over). */
export const STATEMENT_PAGE_SIZE = 50;

/** The statement section of the client's page: totals and one page of lines. */
export function presentStatementSection(
  statement: ClientStatement,
  page: number,
  today: string,
): ClientStatementSection {
  return {
    from: statement.period.from,
    to: statement.period.to,
    totals: statement.totals,
    lines: statementPage(statement, page, STATEMENT_PAGE_SIZE),
    count: statement.count,
    truncated: statement.truncated,
    ends_today: statement.period.to >= today,
  };
}

/** The A4 printout: the client's header, the whole period. */
export function presentStatementPrint(
  meta: PrintMeta,
  client: Record<string, any>,
  statement: ClientStatement,
  today: string,
): ClientStatementPrintProps {
  return {
    ...meta,
    client: {
      code: client.code,
      name: client.name,
      phone: client.phone ?? '',
      address: client.address ?? '',
      city: client.city ?? '',
      tax_number: client.tax_number ?? '',
      balance: Number(client.balance),
      advance: Number(client.advance ?? 0),
    },
    from: statement.period.from,
    to: statement.period.to,
    totals: statement.totals,
    lines: statement.lines,
    count: statement.count,
    truncated: statement.truncated,
    ends_today: statement.period.to >= today,
  };
}
