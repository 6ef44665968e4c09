import { minorToInput } from '../../../shared/money.js';
import { insertInChunks } from '../../db/bulk.js';
import { nowIso, toBool } from '../../db/dialect.js';
import { withSearchName } from '../../db/search.js';
import { auditUser } from '../actor.js';
import { recordAudit } from '../audit/record-audit.js';
import type { ImportSpec } from '../tabular/import-flow.js';
import { normalizeHeader } from '../tabular/read.js';
import { CLIENT_FIELDS, type ClientInput, WALK_IN_NO_CREDIT } from './clients.js';
import { clientSchema } from './schema.js';
import { formatCount } from '../../../shared/quantity.js';

type Key = (typeof CLIENT_FIELDS)[number];

const KIND_VALUES: Record<string, string> = {
  particulier: 'particulier',
  p: 'particulier',
  entreprise: 'entreprise',
  e: 'entreprise',
  societe: 'entreprise',
};
const LEVEL_VALUES: Record<string, string> = {
  detail: 'detail',
  d: 'detail',
  gros: 'gros',
  g: 'gros',
  grossiste: 'gros',
};

/** The clients import: its columns, and how its rows create or update clients. */
export const CLIENT_IMPORT: ImportSpec<Key, ClientInput, null, undefined, { created: number; updated: number }> = {
  kind: 'clients',
  template: { fileName: 'modele-import-clients', sheetName: 'Clients' },
  noun: { one: 'le client', many: 'les clients' },
  columns: [
    {
      key: 'code',
      header: 'Code',
      description: 'Code du client. Un code existant met le client à jour ; vide : un nouveau code est attribué.',
    },
    {
      key: 'name',
      header: 'Nom',
      aliases: ['Raison sociale', 'Nom du client', 'Client'],
      required: true,
      description: 'Nom ou raison sociale (obligatoire).',
    },
    { key: 'kind', header: 'Type', description: 'particulier ou entreprise (particulier par défaut).' },
    {
      key: 'phone',
      header: 'Téléphone',
      aliases: ['Tel', 'Tél', 'Telephone', 'Contact'],
      description: 'Numéro de téléphone.',
    },
    {
      key: 'email',
      header: 'E-mail',
      aliases: ['Email', 'Courriel', 'Adresse e-mail'],
      description: 'Adresse e-mail.',
    },
    { key: 'address', header: 'Adresse', description: 'Adresse.' },
    { key: 'city', header: 'Ville', description: 'Ville.' },
    {
      key: 'tax_number',
      header: 'N° contribuable',
      aliases: ['Numéro contribuable', 'NCC', 'NIF', 'IFU', 'NINEA'],
      description: 'Numéro de contribuable (NCC, NIF, IFU…).',
    },
    {
      key: 'price_level',
      header: 'Niveau de prix',
      aliases: ['Tarif'],
      description: 'détail ou gros (détail par défaut).',
    },
    {
      key: 'credit_limit',
      header: 'Plafond de crédit',
      aliases: ['Plafond', 'Crédit autorisé'],
      description: 'Montant entier, 0 par défaut.',
    },
    { key: 'active', header: 'Actif', description: 'oui ou non (oui par défaut).' },
  ],
  schema: clientSchema,
  prepare: async () => null,
  currentValues: (row, currency) => {
    const values: Record<string, unknown> = {};
    for (const f of CLIENT_FIELDS) values[f] = row[f];
    return { ...values, active: toBool(row.active), credit_limit: minorToInput(Number(row.credit_limit), currency) };
  },
  cellValue: (key, value) => {
    if (key === 'kind' && value) return KIND_VALUES[normalizeHeader(value)] ?? value;
    if (key === 'price_level' && value) return LEVEL_VALUES[normalizeHeader(value)] ?? value;
    return value;
  },
  checkExisting: (input, existing, _rights, errors) => {
    if (!toBool(existing.row.is_walk_in)) return;
    if (input.credit_limit !== 0) errors.push(WALK_IN_NO_CREDIT);
    if (!input.active) errors.push('Le CLIENT COMPTANT ne peut pas être archivé.');
  },
  write: async (trx, { creates, updates, batch, actor }) => {
    const now = nowIso();
    const newRows = creates.map(({ input }) =>
      withSearchName({ ...input, balance: 0, is_walk_in: false, created_at: now, updated_at: now }),
    );
    await insertInChunks(trx, 'clients', newRows);
    for (const { input, existing } of updates) {
      await trx('clients')
        .where({ id: existing!.id })
        .update(withSearchName({ ...input, updated_at: now }));
    }
    await recordAudit(trx, {
      action: 'clients.imported',
      user: auditUser(actor),
      subject: { type: 'import', id: batch.id, label: batch.file_name },
      details: {
        note: `${formatCount(newRows.length, 'créé')}, ${updates.length} mis à jour`,
        created: newRows.map((r) => r.code),
        updated: updates.map((u) => u.input.code),
      },
      ip: actor.ip,
    });
    return { created: newRows.length, updated: updates.length };
  },
};
