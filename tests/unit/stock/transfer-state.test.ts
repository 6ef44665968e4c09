import { describe, expect, it } from 'vitest';
import {
  allowedTransferActions,
  canTransfer,
  planReception,
  transferActionRefusal,
} from '../../../server/domain/stock/transfer-state.js';
import { TRANSFER_STATUSES, TRANSFER_STATUS_LABELS } from '../../../shared/stock.js';

describe('transfer state machine', () => {
  it('allows reception and cancellation of a sent transfer only', () => {
    expect(allowedTransferActions('sent')).toEqual(['receive', 'cancel']);
    expect(canTransfer('sent', 'receive')).toBe(true);
    expect(canTransfer('sent', 'cancel')).toBe(true);
  });
  it('closes a transfer once received: never received twice, never cancelled', () => {
    for (const s of ['received', 'received_with_difference'] as const) {
      expect(allowedTransferActions(s)).toEqual([]);
      expect(canTransfer(s, 'receive')).toBe(false);
      expect(canTransfer(s, 'cancel')).toBe(false);
      expect(transferActionRefusal(s, 'receive')).toBe('Ce transfert a déjà été réceptionné.');
      expect(transferActionRefusal(s, 'cancel')).toBe(
        'Ce transfert a déjà été réceptionné : il ne peut plus être annulé. Pour renvoyer la marchandise, faites un transfert dans l’autre sens.',
      );
    }
  });
  it('is terminal once cancelled', () => {
    expect(allowedTransferActions('cancelled')).toEqual([]);
    expect(transferActionRefusal('cancelled', 'receive')).toMatch(/annulé/);
    expect(transferActionRefusal('cancelled', 'cancel')).toMatch(/annulé/);
  });
  it('has a French label for every status', () => {
    expect(TRANSFER_STATUSES.map((s) => TRANSFER_STATUS_LABELS[s])).toEqual([
      'Envoyé',
      'Reçu',
      'Reçu avec écart',
      'Annulé',
    ]);
  });
  it('answers every (status, action) pair consistently', () => {
    for (const s of TRANSFER_STATUSES)
      for (const a of ['receive', 'cancel'] as const)
        expect(transferActionRefusal(s, a) === null).toBe(canTransfer(s, a));
  });
});

describe('planReception', () => {
  const sent = [
    { productId: 1, quantitySent: 10 },
    { productId: 2, quantitySent: 5 },
  ];
  const labels = { 1: 'Riz 25 kg', 2: 'Huile 1 L' };

  it('is "received" when everything arrived', () => {
    const plan = planReception(sent, [
      { productId: 1, quantityReceived: 10 },
      { productId: 2, quantityReceived: 5, reason: 'ignoré' },
    ]);
    expect(plan.errors).toEqual({});
    expect(plan.status).toBe('received');
    expect(plan.lines.map((l) => [l.difference, l.reason])).toEqual([
      [0, null],
      [0, null],
    ]);
  });
  it('is "received_with_difference" when a quantity differs, with its reason', () => {
    const plan = planReception(sent, [
      { productId: 1, quantityReceived: 8, reason: ' 2 sacs déchirés ' },
      { productId: 2, quantityReceived: 6, reason: 'Un carton de trop' },
    ]);
    expect(plan.errors).toEqual({});
    expect(plan.status).toBe('received_with_difference');
    expect(plan.lines[0]).toMatchObject({ quantityReceived: 8, difference: -2, reason: '2 sacs déchirés' });
    expect(plan.lines[1]).toMatchObject({ difference: 1 });
  });
  it('splits what arrived from what was sent and a surplus the source never lost', () => {
    const plan = planReception(sent, [
      { productId: 1, quantityReceived: 8, reason: 'manquant' },
      { productId: 2, quantityReceived: 7, reason: 'Deux de trop' },
    ]);
    expect(plan.lines.map((l) => [l.quantityIn, l.surplus])).toEqual([
      [8, 0],
      [5, 2],
    ]);
    expect(
      planReception(sent, [
        { productId: 1, quantityReceived: 10 },
        { productId: 2, quantityReceived: 5 },
      ]).lines.map((l) => [l.quantityIn, l.surplus]),
    ).toEqual([
      [10, 0],
      [5, 0],
    ]);
  });
  it('accepts nothing received at all, with a reason', () => {
    const plan = planReception(
      [{ productId: 1, quantitySent: 3 }],
      [{ productId: 1, quantityReceived: 0, reason: 'Perdu' }],
    );
    expect(plan.errors).toEqual({});
    expect(plan.status).toBe('received_with_difference');
  });
  it('requires a reason for each difference', () => {
    const plan = planReception(
      sent,
      [
        { productId: 1, quantityReceived: 9, reason: '   ' },
        { productId: 2, quantityReceived: 5 },
      ],
      labels,
    );
    expect(plan.errors).toEqual({ 'lines.0.reason': 'Indiquez le motif de l’écart sur « Riz 25 kg » (-1).' });
  });
  it('requires a quantity for every sent line', () => {
    const plan = planReception(sent, [{ productId: 1, quantityReceived: 10 }], labels);
    expect(plan.errors['lines.1.quantity_received']).toBe('Indiquez la quantité reçue pour « Huile 1 L ».');
  });
  it('refuses negative or fractional quantities', () => {
    expect(
      planReception(
        sent,
        [
          { productId: 1, quantityReceived: -1 },
          { productId: 2, quantityReceived: 5 },
        ],
        labels,
      ).errors['lines.0.quantity_received'],
    ).toMatch(/entier positif ou nul/);
    expect(
      planReception(
        sent,
        [
          { productId: 1, quantityReceived: 1.5 },
          { productId: 2, quantityReceived: 5 },
        ],
        labels,
      ).errors['lines.0.quantity_received'],
    ).toMatch(/entier/);
  });
  it('refuses a product that was not sent and a product given twice', () => {
    expect(
      planReception(sent, [
        { productId: 1, quantityReceived: 10 },
        { productId: 2, quantityReceived: 5 },
        { productId: 3, quantityReceived: 1 },
      ]).errors.lines,
    ).toMatch(/ne fait pas partie/);
    expect(
      planReception(sent, [
        { productId: 1, quantityReceived: 10 },
        { productId: 1, quantityReceived: 4 },
        { productId: 2, quantityReceived: 5 },
      ]).errors.lines,
    ).toMatch(/deux fois/);
  });
});
