import { describe, expect, it } from 'vitest';
import type { StatementEvent } from '../../../shared/client-statement.js';
import { runStatement, statementLabel } from '../../../server/domain/receivables/statement.js';

const ev = (over: Partial<StatementEvent> & Pick<StatementEvent, 'kind'>): StatementEvent => ({
  date: '2026-03-10',
  document_type: 'sale',
  document_id: 1,
  number: 'FAC-2026-000001',
  ref_number: '',
  method: '',
  operator: '',
  reference: '',
  amount: 0,
  debit: 0,
  credit: 0,
  ...over,
});

describe('statement of account: running balance', () => {
  it('starts from the opening balance, adds debits, takes off credits, line after line', () => {
    const { lines, totals } = runStatement(5_000, [
      ev({ kind: 'invoice', debit: 100_000 }),
      ev({
        kind: 'settlement',
        document_type: 'settlement',
        number: 'REG-2026-000001',
        method: 'especes',
        credit: 30_000,
      }),
      ev({
        kind: 'settlement',
        document_type: 'settlement',
        number: 'REG-2026-000002',
        method: 'mobile_money',
        operator: 'orange_money',
        reference: 'OM1',
        credit: 80_000,
      }),
      ev({ kind: 'settlement_cancel', document_type: 'settlement', number: 'REG-2026-000002', debit: 80_000 }),
    ]);
    expect(lines.map((l) => l.balance)).toEqual([105_000, 75_000, -5_000, 75_000]);
    expect(lines.map((l) => l.position)).toEqual([1, 2, 3, 4]);
    expect(totals).toEqual({ opening: 5_000, debit: 180_000, credit: 110_000, closing: 75_000 });
  });

  it('an empty period closes on its opening balance', () => {
    expect(runStatement(-2_500, [])).toEqual({
      lines: [],
      totals: { opening: -2_500, debit: 0, credit: 0, closing: -2_500 },
    });
  });

  it('a cash sale and its payment, an avoir and its refund leave the balance where it was', () => {
    const { lines, totals } = runStatement(0, [
      ev({ kind: 'counter_sale', number: 'VB-2026-000004', debit: 12_000 }),
      ev({ kind: 'sale_payment', number: 'VB-2026-000004', method: 'especes', credit: 12_000 }),
      ev({
        kind: 'credit_note',
        document_type: 'credit_note',
        number: 'AV-2026-000001',
        ref_number: 'VB-2026-000004',
        credit: 4_000,
      }),
      ev({
        kind: 'credit_note_refund',
        document_type: 'credit_note',
        number: 'AV-2026-000001',
        method: 'especes',
        debit: 4_000,
      }),
    ]);
    expect(lines.map((l) => l.balance)).toEqual([12_000, 0, -4_000, 0]);
    expect(totals.closing).toBe(0);
  });

  it('an advance spent on invoices moves nothing: its amount is only shown', () => {
    const { lines } = runStatement(50_000, [ev({ kind: 'advance_use', document_type: 'settlement', amount: 20_000 })]);
    expect(lines[0]).toMatchObject({ balance: 50_000, amount: 20_000, label: 'Imputation de l’acompte' });
  });

  it('names each line: method or operator, reference, the sale an avoir corrects', () => {
    expect(
      statementLabel(
        ev({ kind: 'settlement', method: 'mobile_money', operator: 'orange_money', reference: 'OM26.1234' }),
      ),
    ).toBe('Règlement · Orange Money (réf. OM26.1234)');
    expect(statementLabel(ev({ kind: 'settlement', method: 'cheque', reference: '0012345' }))).toBe(
      'Règlement · Chèque (réf. 0012345)',
    );
    expect(statementLabel(ev({ kind: 'sale_payment', method: 'especes' }))).toBe('Paiement à la vente · Espèces');
    expect(statementLabel(ev({ kind: 'credit_note', ref_number: 'VB-2026-000004' }))).toBe('Avoir sur VB-2026-000004');
    expect(statementLabel(ev({ kind: 'invoice' }))).toBe('Facture');
    expect(statementLabel(ev({ kind: 'sale_cancel' }))).toBe('Annulation de la vente');
  });
});
