import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { down, up } from '../../../database/migrations/202612012126_mobile_money_references_normalised.js';
import { Refusal } from '../../../server/domain/errors.js';
import {
  duplicateReferences,
  registerMobileMoneyReferences,
  releaseMobileMoneyReferences,
} from '../../../server/services/treasury/mobile-money-references.js';
import { ROUTES } from '../../../shared/routes.js';
import { Client, type TestApp, createTestApp } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { idempotencyKey } from '../../support/stock.js';
import { deskAccount, expectCashConsistent, makeTreasuryAccount } from '../../support/treasury.js';

/**
 * Migration 202612012126 on a registry written before the ids were normalised (trimmed, upper
 * case only), on both databases: every stored id takes its normalised form; two ids that become
 * the same keep the oldest as holder and the others wait in mobile_money_reference_duplicates —
 * nothing deleted, the migration does not fail and says how many it found —; the live transfers
 * mobile money ↔ caisse are registered; a waiting entry takes the key over when the holder is
 * cancelled, so the id stays taken while a live document carries it; down gives the old registry back.
 */
describe.each(testDatabases())('migration: mobile-money ids normalised (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const registry = async () =>
    (
      await t
        .db('mobile_money_references')
        .orderBy('operator')
        .orderBy('reference')
        .select('operator', 'reference', 'document_type', 'document_id', 'document_number')
    ).map((r) => ({ ...r, document_id: Number(r.document_id) }));
  const legacy = (operator: string, reference: string, type: string, id: number, number: string, created: string) => ({
    operator,
    reference,
    document_type: type,
    document_id: id,
    document_number: number,
    created_at: `2026-03-${created}T10:00:00.000Z`,
  });

  it('rewrites the registry to the normalised form, keeps double entries aside without deleting anything, registers the live Caisse transfers, and back', async () => {
    // A live transfer caisse → Orange Money of before the migration (its id typed with a space, never registered).
    const admin = new Client(t);
    await admin.login();
    const desk = await deskAccount(t.db, 'CAI02');
    const wallet = await makeTreasuryAccount(t.db, 'mobile_money', { operator: 'orange_money' });
    const post = (body: object) =>
      admin.post(
        ROUTES['cashOperations.index'],
        { idempotency_key: idempotencyKey(), ...body },
        { Referer: 'http://localhost/operations/caisse' },
      );
    expect(
      (await post({ kind: 'cash_in', amount: 5_000, to_account_id: desk, beneficiary: 'Le gérant' })).headers.location,
    ).toMatch(/\d+$/);
    const transfer = Number(
      (
        await post({
          kind: 'mobile_money',
          amount: 2_000,
          from_account_id: desk,
          to_account_id: wallet,
          reference: 'MP77',
        })
      ).headers.location
        .split('/')
        .pop(),
    );
    const transferNumber = (await t.db('cash_operations').where({ id: transfer }).first('number'))!.number;

    await down(t.db);
    await t
      .db('cash_operations')
      .where({ id: transfer })
      .update({ reference: 'mp 77', created_at: '2026-03-01T09:00:00.000Z' });
    await t.db('mobile_money_references').delete();
    await t
      .db('mobile_money_references')
      .insert([
        legacy('orange_money', 'MP77', 'sale', 9_001, 'VB-2026-009001', '05'),
        legacy('orange_money', 'MP 77', 'settlement', 9_002, 'REG-2026-009002', '03'),
        legacy('orange_money', 'MP\u200b88', 'settlement', 9_003, 'REG-2026-009003', '04'),
        legacy('orange_money', 'ＭＰ９９', 'sale', 9_004, 'VB-2026-009004', '06'),
        legacy('wave', 'MP 77', 'sale', 9_005, 'VB-2026-009005', '07'),
      ]);

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await up(t.db);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0][0])).toMatch(
        /^Identifiants mobile money : 2 enregistrements en double découverts .*REG-2026-009002 \(orange_money « MP 77 »\).*VB-2026-009001 \(orange_money « MP77 »\).*Rien n’a été supprimé/,
      );
    } finally {
      warn.mockRestore();
    }
    // The oldest registration of orange_money MP77 is the Caisse transfer (01/03): it holds the key.
    expect(await registry()).toEqual([
      {
        operator: 'orange_money',
        reference: 'MP77',
        document_type: 'cash_operation',
        document_id: transfer,
        document_number: transferNumber,
      },
      {
        operator: 'orange_money',
        reference: 'MP88',
        document_type: 'settlement',
        document_id: 9_003,
        document_number: 'REG-2026-009003',
      },
      {
        operator: 'orange_money',
        reference: 'MP99',
        document_type: 'sale',
        document_id: 9_004,
        document_number: 'VB-2026-009004',
      },
      {
        operator: 'wave',
        reference: 'MP77',
        document_type: 'sale',
        document_id: 9_005,
        document_number: 'VB-2026-009005',
      },
    ]);
    expect(await duplicateReferences(t.db)).toEqual([
      {
        operator: 'orange_money',
        reference: 'MP77',
        originalReference: 'MP 77',
        documentNumber: 'REG-2026-009002',
        holderNumber: transferNumber,
      },
      {
        operator: 'orange_money',
        reference: 'MP77',
        originalReference: 'MP77',
        documentNumber: 'VB-2026-009001',
        holderNumber: transferNumber,
      },
    ]);
    // The documents themselves are untouched.
    expect((await t.db('cash_operations').where({ id: transfer }).first('reference'))!.reference).toBe('mp 77');
    await expectCashConsistent(t.db);

    // The id stays taken, in any disguise, while a live document carries it.
    const take = (reference: string) =>
      t.db
        .transaction((trx) =>
          registerMobileMoneyReferences(trx, [{ operator: 'orange_money', reference, field: 'reference' }], {
            type: 'sale',
            id: 9_100,
            number: 'VB-2026-009100',
          }),
        )
        .then(
          () => null,
          (e) => (e as Refusal).errors.reference,
        );
    const release = (type: string, id: number) =>
      t.db.transaction((trx) => releaseMobileMoneyReferences(trx, { type, id }));
    expect(await take('mp\u00ad77')).toMatch(
      new RegExp(`« MP77 » est déjà enregistrée par l’opération de caisse ${transferNumber}`),
    );
    // The holder cancelled: the next oldest (the settlement of 03/03) takes the key over, then the sale of 05/03.
    expect(await release('cash_operation', transfer)).toBe(0);
    expect(await take('MP 77')).toMatch(/déjà enregistrée par le règlement REG-2026-009002/);
    // A waiting entry whose document is cancelled waits no more.
    expect(await release('sale', 9_001)).toBe(0);
    expect(await duplicateReferences(t.db)).toEqual([]);
    expect(await release('settlement', 9_002)).toBe(1);
    expect(await take('ＭＰ７７')).toBeNull();
    expect(
      (await t
        .db('mobile_money_references')
        .where({ operator: 'orange_money', reference: 'MP77' })
        .first('document_number'))!.document_number,
    ).toBe('VB-2026-009100');

    // Down: the registry the code before knew (no Caisse operation), the double entries back under their old key.
    await t.db('mobile_money_reference_duplicates').insert({
      operator: 'wave',
      reference: 'MP77',
      original_reference: 'MP 77 ',
      document_type: 'sale',
      document_id: 9_006,
      document_number: 'VB-2026-009006',
      created_at: '2026-03-08T10:00:00.000Z',
    });
    await down(t.db);
    expect((await registry()).filter((r) => r.operator === 'wave').map((r) => r.reference)).toEqual(['MP 77 ', 'MP77']);
    // Up again: the transfer, still live (only its registration was released above), is older than the sale that took its id since.
    const again = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await up(t.db);
    } finally {
      again.mockRestore();
    }
    expect((await duplicateReferences(t.db)).map((d) => [d.operator, d.documentNumber, d.holderNumber])).toEqual([
      ['orange_money', 'VB-2026-009100', transferNumber],
      ['wave', 'VB-2026-009006', 'VB-2026-009005'],
    ]);
  });
});
