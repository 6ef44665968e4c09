import type { Knex } from 'knex';
import type { AppConfig } from '../../config.js';
import { nowIso } from '../../db/dialect.js';
import { inTransaction } from '../../db/transaction.js';
import { Refusal } from '../../domain/errors.js';
import {
  FISCAL_PROVIDERS,
  FORFAITAIRE_REGIMES,
  type FiscalProvider,
  type FiscalRegime,
} from '../../../shared/fiscal.js';
import { TAX_GROUPS, type TaxGroup } from '../../../shared/tax-groups.js';
import { type Actor, auditUser } from '../actor.js';
import { diffFields } from '../audit/diff.js';
import { recordAudit } from '../audit/record-audit.js';
import { UNREADABLE_SECRET, decryptSecret, encryptSecret } from './secret.js';

/** What Paramètres › Société › Facturation électronique sends (the key in clear, '' to keep the stored one). */
export interface FiscalSettingsInput {
  provider: FiscalProvider;
  api_url: string;
  api_key: string;
  clear_api_key: boolean;
  regime: FiscalRegime;
  establishment: string;
  default_tax_group: TaxGroup;
  /** Minor units; kept only for a regime in FORFAITAIRE_REGIMES (0 otherwise). */
  b2c_threshold: number;
}

/** The stored columns the audit compares (the key apart: it is never written to the log). */
const FIELDS = [
  'fiscal_provider',
  'fiscal_api_url',
  'fiscal_regime',
  'fiscal_establishment',
  'default_tax_group',
  'fiscal_b2c_threshold',
] as const;

/** The audit's words for the key: whether one is stored, never its value nor its mask. */
const KEY_STORED = 'Clé enregistrée';
const KEY_REPLACED = 'Nouvelle clé';

/**
 * Saves the certification settings in one transaction, audited with what changed. A field an
 * environment variable sets is left as stored (the variable wins; the screen shows it locked).
 * Refused, with the field's French message and nothing written: a provider without a seller's
 * NCC / IFU, an API URL or (FNE) a key; a default tax group the provider has no code for; a stored
 * key that no longer decrypts while a provider is chosen and no new one is typed.
 */
export async function updateFiscalSettings(
  db: Knex,
  config: Pick<AppConfig, 'appKey' | 'fiscal'>,
  actor: Actor,
  input: FiscalSettingsInput,
): Promise<void> {
  const env = config.fiscal;
  await inTransaction(db, async (trx) => {
    const before = await trx('company_settings')
      .where({ id: 1 })
      .first('tax_number', 'fiscal_api_key', ...FIELDS);
    if (!before) throw new Refusal({ _form: 'Paramètres de la société absents : relancez les migrations.' });

    const provider = env.provider ?? input.provider;
    const apiUrl = env.apiUrl ?? input.api_url;
    // The company's key once saved: null when the stored one no longer decrypts and is kept as is.
    const storedKey = before.fiscal_api_key ? decryptSecret(config.appKey, before.fiscal_api_key) : '';
    const keyAfter = input.api_key || (input.clear_api_key ? '' : storedKey);
    const errors: Record<string, string> = {};
    if (provider !== 'none') {
      const name = FISCAL_PROVIDERS[provider];
      if (!(env.taxId ?? before.tax_number))
        errors.provider = `Renseignez d’abord le N° contribuable (NCC / IFU) de la société dans l’onglet Société : ${name} l’exige sur chaque document.`;
      if (!apiUrl) errors.api_url = 'Saisissez l’adresse de l’API communiquée par la DGI.';
      // With FISCAL_API_KEY set, the environment's key is the one used: the stored one does not matter.
      if (env.apiKey === undefined) {
        if (keyAfter === null) errors.api_key = UNREADABLE_SECRET;
        else if (provider === 'fne' && !keyAfter)
          errors.api_key = 'Saisissez la clé d’API fournie par la DGI (espace contribuable FNE).';
      }
      if (TAX_GROUPS[input.default_tax_group][provider] === null)
        errors.default_tax_group = `Le groupe « ${TAX_GROUPS[input.default_tax_group].label} » n’existe pas pour ${name} : choisissez-en un autre.`;
    }
    if (Object.keys(errors).length) throw new Refusal(errors);

    const after = {
      fiscal_provider: env.provider === undefined ? input.provider : before.fiscal_provider,
      fiscal_api_url: env.apiUrl === undefined ? input.api_url : before.fiscal_api_url,
      fiscal_regime: input.regime,
      fiscal_establishment: input.establishment,
      default_tax_group: input.default_tax_group,
      fiscal_b2c_threshold: FORFAITAIRE_REGIMES.includes(input.regime) ? input.b2c_threshold : 0,
    };
    const keyChange =
      env.apiKey === undefined && (input.api_key !== '' || (input.clear_api_key && before.fiscal_api_key));
    const changes = diffFields(before as unknown as Record<string, unknown>, { ...after }, FIELDS) ?? {
      before: {},
      after: {},
    };
    if (keyChange) {
      changes.before.fiscal_api_key = before.fiscal_api_key ? KEY_STORED : null;
      changes.after.fiscal_api_key = input.api_key ? KEY_REPLACED : null;
    }
    if (!Object.keys(changes.after).length) return;

    await trx('company_settings')
      .where({ id: 1 })
      .update({
        ...after,
        ...(keyChange ? { fiscal_api_key: input.api_key ? encryptSecret(config.appKey, input.api_key) : null } : {}),
        updated_at: nowIso(),
      });
    await recordAudit(trx, {
      action: 'fiscal_settings.updated',
      user: auditUser(actor),
      subject: { type: 'fiscal_settings', id: 1, label: 'Facturation électronique' },
      details: changes,
      ip: actor.ip,
    });
  });
}
