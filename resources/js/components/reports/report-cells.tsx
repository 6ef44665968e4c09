import type { ReactNode } from 'react';
import { Link } from '@inertiajs/react';
import { formatAmount, formatMoney } from '@shared/money';
import type { ReportColumn, ReportRow } from '@shared/reports';
import { Badge, type BadgeTone } from '@/components/data/StatusBadge';
import { formatDate, formatQty, formatQuantity, formatRate } from '@/components/data/format';
import { useCompany } from '@/hooks/useCompany';

/**
 * How a report cell reads, on screen and on paper alike (the report frame, shared/reports.ts):
 * money in the company currency (true minus), a quantity with its row's unit, a date, a margin
 * rate (basis points → « 12,5 % »), a status badge, text — a link when the column says so.
 */
export function cellText(column: ReportColumn, row: ReportRow, currency: string, bareMoney = false): string {
  const v = row[column.id];
  if (v === null || v === undefined || v === '' || typeof v === 'boolean') return '';
  switch (column.kind) {
    case 'money':
      // bareMoney: the amount alone, its currency said once in the column's header (wide tables on screen).
      return bareMoney ? formatAmount(Number(v), currency) : formatMoney(Number(v), currency);
    case 'count':
      return formatQty(Number(v));
    case 'quantity':
      return typeof v === 'number' ? formatQuantity(v, typeof row.unit === 'string' ? row.unit : null) : String(v);
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(String(v)) ? formatDate(String(v)) : String(v);
    case 'rate':
      return typeof v === 'number' ? formatRate(v) : String(v);
    default:
      return String(v);
  }
}

const TONE: Record<string, BadgeTone> = {
  success: 'success',
  warning: 'warning',
  danger: 'danger',
  secondary: 'secondary',
  info: 'info',
};

export function ReportCellView({
  column,
  row,
  currency: currencyProp,
  print = false,
  bareMoney = false,
}: {
  column: ReportColumn;
  row: ReportRow;
  /** Left out: the company currency (useCompany). */
  currency?: string;
  print?: boolean;
  bareMoney?: boolean;
}): ReactNode {
  const company = useCompany();
  const text = cellText(column, row, currencyProp ?? company.currency, bareMoney);
  if (!text)
    return column.kind === 'money' ||
      column.kind === 'quantity' ||
      column.kind === 'count' ||
      column.kind === 'rate' ? (
      <span className="text-body-secondary">—</span>
    ) : null;
  if (column.kind === 'status' && !print) return <Badge tone={TONE[String(row.tone)] ?? 'secondary'}>{text}</Badge>;
  if (column.link && typeof row.url === 'string' && !print) return <Link href={row.url}>{text}</Link>;
  if (row.muted && column.kind === 'money') return <s>{text}</s>;
  return text;
}

export const isNumeric = (column: ReportColumn) =>
  column.kind === 'money' || column.kind === 'count' || column.kind === 'quantity' || column.kind === 'rate';
