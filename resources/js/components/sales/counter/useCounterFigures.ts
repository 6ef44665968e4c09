import { useMemo } from 'react';
import type { CounterClient } from '@shared/pages/sales/counter';
import { DiscountExceeded, discountAmount, documentTotals } from '@shared/document-totals';
import { LIMITS, LimitExceeded, limitMessage } from '@shared/limits';
import { formatMoney, parseMoneyInput } from '@shared/money';
import { PaymentMismatch, allocatePayments, levelPrice } from '@shared/sales';
import { lineVatRate } from '@shared/vat';
import { useCompany } from '@/hooks/useCompany';
import { type CounterForm, type LineFigures, entryOf } from './counter-form';

const unreadable = (kind: CounterForm['discount_kind']) =>
  kind === 'percent' ? 'Pourcentage illisible.' : 'Montant illisible.';

/**
 * The counter's live figures, exactly as the server computes them: each line at the typed price or
 * the client's level less its discount, the sale's discount, the totals (shared documentTotals),
 * and the payments — mobile money at its amount, cash for the rest — with the change (shared
 * allocatePayments).
 */
export function useCounterFigures(data: CounterForm, client: CounterClient) {
  const { currency, vat } = useCompany();
  const items = data.lines;

  const figures = useMemo(
    () =>
      items.map((l): LineFigures => {
        const level = levelPrice(l, client.price_level);
        const typed = l.price.trim() === '' ? level : parseMoneyInput(l.price, currency);
        const unitPrice = typed ?? level;
        const quantity = l.quantity ?? 0;
        const gross = quantity * unitPrice;
        const entry = entryOf(l.discount, l.discount_kind, currency);
        let discount = 0;
        let discountError: string | null = entry === null ? unreadable(l.discount_kind) : null;
        if (entry) {
          if (entry.kind === 'percent' && entry.value > 10_000) discountError = 'Une remise ne peut dépasser 100 %.';
          else discount = discountAmount(entry, gross);
          if (!discountError && discount > gross) discountError = 'La remise dépasse le montant de la ligne.';
        }
        const priceError =
          typed === null
            ? 'Prix illisible.'
            : typed > LIMITS.unitPrice
              ? `Le prix unitaire ne peut dépasser ${formatMoney(LIMITS.unitPrice, currency)}.`
              : null;
        const net = Math.max(0, gross - (discountError ? 0 : discount));
        return {
          unitPrice,
          edited: typed !== null && typed !== level,
          gross,
          discount: discountError ? 0 : discount,
          net,
          priceError,
          discountError,
          belowMin: l.min_price > 0 && quantity > 0 && net < l.min_price * quantity,
        };
      }),
    [items, client, currency],
  );
  const linesTotal = figures.reduce((s, f) => s + f.net, 0);
  const docEntry = entryOf(data.discount, data.discount_kind, currency);
  const docDiscountError =
    docEntry === null
      ? unreadable(data.discount_kind)
      : docEntry.kind === 'percent' && docEntry.value > 10_000
        ? 'Une remise ne peut dépasser 100 %.'
        : null;
  const docDiscount = docEntry && !docDiscountError ? discountAmount(docEntry, linesTotal) : 0;

  const totals = useMemo(() => {
    try {
      const t = documentTotals(
        items.map((l, i) => ({
          quantity: l.quantity ?? 0,
          unitPrice: figures[i].unitPrice,
          discount: figures[i].discount,
          vatRate: lineVatRate(l.tax_group, vat),
        })),
        docDiscount,
        vat,
      );
      return { total: t.totalTTC, ht: t.totalHT, vat: t.vat, error: null as string | null };
    } catch (err) {
      if (err instanceof DiscountExceeded)
        return {
          total: 0,
          ht: 0,
          vat: 0,
          error:
            err.line === null
              ? 'La remise sur la vente dépasse le montant des lignes.'
              : `Ligne ${err.line + 1} : la remise dépasse le montant de la ligne.`,
        };
      if (err instanceof LimitExceeded || err instanceof RangeError)
        return {
          total: 0,
          ht: 0,
          vat: 0,
          error: limitMessage('Le montant total de la vente', 'documentTotal', currency),
        };
      throw err;
    }
  }, [items, figures, docDiscount, vat, currency]);
  const total = totals.total;

  // Payments: mobile money at its amount, cash for the rest (empty cash field: the exact rest).
  const mobile = parseMoneyInput(data.mm_amount, currency) ?? 0;
  const typedCash = data.cash.trim() === '' ? null : parseMoneyInput(data.cash, currency);
  const cash = typedCash ?? Math.max(0, total - mobile);
  const payment = useMemo(() => {
    if (total === 0) return { change: 0, problem: null as string | null };
    try {
      const a = allocatePayments(total, [
        { method: 'especes', amount: cash },
        { method: 'mobile_money', amount: mobile },
      ]);
      return { change: a.change, problem: null };
    } catch (err) {
      if (!(err instanceof PaymentMismatch)) return { change: 0, problem: 'Montant illisible.' };
      if (err.reason === 'non_cash_exceeds')
        return {
          change: 0,
          problem: `Le mobile money dépasse le total de ${formatMoney(err.missing, currency)} : aucune monnaie n’est rendue sur ce mode.`,
        };
      return { change: 0, problem: `Il manque ${formatMoney(err.missing, currency)}.` };
    }
  }, [total, cash, mobile, currency]);

  return { figures, docDiscount, docDiscountError, totals, total, mobile, typedCash, cash, payment };
}
