import type { Knex } from 'knex';

/**
 * Mobile-money transaction ids in disguise (issue 34): the registry of ids
 * (mobile_money_references, primary key operator + reference) compared them trimmed and in upper
 * case only, so « MP12 » came back as « MP 12 », « MP\u200b12 », « ＭＰ１２ » or « MP\u00ad12 » and
 * was taken again. The code now stores and compares the NFKC form without any invisible character
 * (normaliseOperatorReference, server/domain/text.ts — copied below, as a migration must not
 * follow later changes of the code); the uniqueness lives on the registry's stored value, so the
 * stored values are rewritten to that form here. The Caisse's transfers mobile money ↔ caisse,
 * whose reference is the operator's transaction id, now register theirs too: the live ones are
 * added.
 *
 * Two ids that were different and become the same cannot both keep the key. Nothing is deleted
 * or merged: the documents and their money are untouched (money_movements are hash-chained, and
 * the documents' own reference columns are only what was printed), the oldest registration keeps
 * the key and every later one is kept in mobile_money_reference_duplicates, with the id as it was
 * stored. A new document still cannot take the id; when the holder is cancelled the next one takes
 * the key over (releaseMobileMoneyReferences). `npm run check:cash` lists them, and this migration
 * says how many it found, so that someone looks at those double entries — it never fails on them.
 */

const INVISIBLE = /[\p{White_Space}\p{Z}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
function normalise(reference: string): string {
  const folded = reference.normalize('NFKC').replace(INVISIBLE, '');
  return folded.toUpperCase().normalize('NFKC').replace(INVISIBLE, '');
}

interface Registration {
  operator: string;
  /** As stored now (the registry's key), or null for a Caisse operation not registered yet. */
  stored: string | null;
  original: string;
  reference: string;
  document_type: string;
  document_id: number;
  document_number: string;
  created_at: string;
}

const CHUNK = 500;

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('mobile_money_reference_duplicates', (t) => {
    t.increments('id').primary();
    t.string('operator', 20).notNullable();
    t.string('reference', 80).notNullable(); // normalised: the key its holder has in mobile_money_references
    t.string('original_reference', 80).notNullable(); // as it was stored before
    t.string('document_type', 30).notNullable();
    t.bigInteger('document_id').notNullable();
    t.string('document_number', 40).notNullable();
    t.string('created_at', 30).notNullable();
    t.index(['operator', 'reference']);
    t.index(['document_type', 'document_id']);
  });

  const registered: Registration[] = (
    await db('mobile_money_references').select(
      'operator',
      'reference',
      'document_type',
      'document_id',
      'document_number',
      'created_at',
    )
  ).map((r) => ({
    operator: r.operator,
    stored: r.reference,
    original: r.reference,
    reference: normalise(r.reference),
    document_type: r.document_type,
    document_id: Number(r.document_id),
    document_number: r.document_number,
    created_at: r.created_at,
  }));
  // The live transfers mobile money ↔ caisse, with the operator of their wallet.
  const transfers = await db('cash_operations as o')
    .join('treasury_accounts as a', function () {
      this.on((w) => w.on('a.id', 'o.from_account_id').orOn('a.id', 'o.to_account_id'));
    })
    .where('o.kind', 'mobile_money')
    .whereNot('o.status', 'cancelled')
    .where('a.kind', 'mobile_money')
    .whereNotNull('a.operator')
    .whereNot('o.reference', '')
    .select('o.id', 'o.number', 'o.reference', 'o.created_at', 'a.operator');
  for (const o of transfers) {
    const reference = normalise(o.reference);
    if (!reference || reference.length > 80) continue;
    registered.push({
      operator: o.operator,
      stored: null,
      original: String(o.reference).slice(0, 80),
      reference,
      document_type: 'cash_operation',
      document_id: Number(o.id),
      document_number: o.number,
      created_at: o.created_at,
    });
  }

  // One holder per (operator, id): the oldest registration.
  const groups = new Map<string, Registration[]>();
  for (const r of registered) {
    if (!r.reference) continue;
    const key = `${r.operator}\u0000${r.reference}`;
    const group = groups.get(key);
    if (group) group.push(r);
    else groups.set(key, [r]);
  }
  const holders: Registration[] = [];
  const waiting: Registration[] = [];
  for (const group of groups.values()) {
    group.sort((a, b) =>
      a.created_at === b.created_at
        ? a.document_type === b.document_type
          ? a.document_id - b.document_id
          : a.document_type < b.document_type
            ? -1
            : 1
        : a.created_at < b.created_at
          ? -1
          : 1,
    );
    holders.push(group[0]);
    waiting.push(...group.slice(1));
  }

  // The later ones leave the key first, so that each holder can take its new form.
  for (const r of waiting)
    if (r.stored !== null)
      await db('mobile_money_references').where({ operator: r.operator, reference: r.stored }).delete();
  for (let i = 0; i < waiting.length; i += CHUNK) {
    await db('mobile_money_reference_duplicates').insert(
      waiting.slice(i, i + CHUNK).map((r) => ({
        operator: r.operator,
        reference: r.reference,
        original_reference: r.original,
        document_type: r.document_type,
        document_id: r.document_id,
        document_number: r.document_number,
        created_at: r.created_at,
      })),
    );
  }
  for (const r of holders)
    if (r.stored !== null && r.stored !== r.reference)
      await db('mobile_money_references')
        .where({ operator: r.operator, reference: r.stored })
        .update({ reference: r.reference });
  const added = holders.filter((r) => r.stored === null);
  for (let i = 0; i < added.length; i += CHUNK) {
    await db('mobile_money_references').insert(
      added.slice(i, i + CHUNK).map((r) => ({
        operator: r.operator,
        reference: r.reference,
        document_type: r.document_type,
        document_id: r.document_id,
        document_number: r.document_number,
        created_at: r.created_at,
      })),
    );
  }

  if (waiting.length) {
    const shown = waiting.slice(0, 10).map((r) => `${r.document_number} (${r.operator} « ${r.original} »)`);
    console.warn(
      `Identifiants mobile money : ${waiting.length} enregistrement${waiting.length > 1 ? 's' : ''} en double découvert${waiting.length > 1 ? 's' : ''} une fois les identifiants normalisés — ${shown.join(', ')}${waiting.length > 10 ? '…' : ''}. Rien n’a été supprimé ; la liste complète : npm run check:cash.`,
    );
  }
}

export async function down(db: Knex): Promise<void> {
  // Back to the registry the code before this migration knows: no Caisse operation, every double entry under its old key.
  await db('mobile_money_references').where({ document_type: 'cash_operation' }).delete();
  const waiting = await db('mobile_money_reference_duplicates')
    .whereNot({ document_type: 'cash_operation' })
    .orderBy('id')
    .select('operator', 'original_reference', 'document_type', 'document_id', 'document_number', 'created_at');
  for (const r of waiting) {
    await db('mobile_money_references')
      .insert({
        operator: r.operator,
        reference: r.original_reference,
        document_type: r.document_type,
        document_id: r.document_id,
        document_number: r.document_number,
        created_at: r.created_at,
      })
      .onConflict(['operator', 'reference'])
      .ignore();
  }
  await db.schema.dropTable('mobile_money_reference_duplicates');
}
