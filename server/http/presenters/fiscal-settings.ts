import { FISCAL_PROVIDERS, FISCAL_REGIMES, FORFAITAIRE_REGIMES, type FiscalDeskPoint } from '../../../shared/fiscal.js';
import { minorToInput } from '../../../shared/money.js';
import type { AuditItem } from '../../../shared/records.js';
import type { SettingsPages } from '../../../shared/pages/settings.js';
import { TAX_GROUPS, TAX_GROUP_CODES, isTaxGroup } from '../../../shared/tax-groups.js';
import { isFiscalRegime, FISCAL_ENVIRONMENT_FIELDS } from '../../services/fiscal/settings.js';
import type { FiscalScreen } from '../../services/fiscal/settings-screen.js';

type Props = SettingsPages['settings/company/Fiscal'];

/**
 * The screen's props. The key never leaves the server: the form's `api_key` is always empty, the
 * stored key is described by its state (none, masked, unreadable), FISCAL_API_KEY by its mask.
 */
export function presentFiscalScreen(
  screen: FiscalScreen,
  extra: { desks: FiscalDeskPoint[]; history: AuditItem[]; canManage: boolean; currency: string },
): Props {
  const { stored, settings } = screen;
  const env = settings.fromEnvironment;
  const locked: Props['locked'] = {};
  if (env.provider)
    locked.provider = { variable: FISCAL_ENVIRONMENT_FIELDS.provider, shown: FISCAL_PROVIDERS[settings.provider] };
  if (env.apiUrl) locked.api_url = { variable: FISCAL_ENVIRONMENT_FIELDS.apiUrl, shown: settings.apiUrl };
  if (env.apiKey) locked.api_key = { variable: FISCAL_ENVIRONMENT_FIELDS.apiKey, shown: screen.environmentKeyMask };
  if (env.taxId) locked.tax_id = { variable: FISCAL_ENVIRONMENT_FIELDS.taxId, shown: settings.seller.taxId };
  if (env.pointOfSale)
    locked.point_of_sale = { variable: FISCAL_ENVIRONMENT_FIELDS.pointOfSale, shown: settings.fallbackPointOfSale };
  return {
    fiscal: {
      provider: settings.provider,
      api_url: env.apiUrl ? settings.apiUrl : stored.api_url,
      api_key: '',
      clear_api_key: false,
      regime: isFiscalRegime(stored.regime) ? stored.regime : '',
      establishment: stored.establishment,
      default_tax_group: isTaxGroup(stored.default_tax_group) ? stored.default_tax_group : 'normal',
      b2c_threshold: stored.b2c_threshold ? minorToInput(stored.b2c_threshold, extra.currency) : '',
    },
    api_key: screen.apiKey,
    locked,
    tax_id: settings.seller.taxId,
    timeout_seconds: Math.round(settings.timeoutMs / 100) / 10,
    providers: (Object.keys(FISCAL_PROVIDERS) as Array<keyof typeof FISCAL_PROVIDERS>).map((value) => ({
      value,
      label: FISCAL_PROVIDERS[value],
    })),
    regimes: Object.entries(FISCAL_REGIMES).map(([value, label]) => ({ value, label })),
    forfaitaire_regimes: [...FORFAITAIRE_REGIMES],
    tax_groups: TAX_GROUP_CODES.map((value) => ({
      value,
      label: TAX_GROUPS[value].label,
      fne: TAX_GROUPS[value].fne,
      emecef: TAX_GROUPS[value].emecef,
    })),
    desks: extra.desks,
    can_manage: extra.canManage,
    history: extra.history,
  };
}
