import { usePage } from '@inertiajs/react';
import { useCallback } from 'react';
import type { CompanyProps } from '@shared/company';
import { formatMoney } from '@shared/money';

/**
 * The company's settings of the signed-in page (the `company` shared prop): currency, today's
 * business date in the company's time zone, VAT, negative stock. The one way a screen reads them —
 * never a `currency` prop passed down.
 */
export function useCompany(): CompanyProps {
  const { company } = usePage().props;
  // Guest pages (login, password reset) have no company settings and no amounts to show.
  if (!company) throw new Error('useCompany() sur une page sans utilisateur connecté');
  return company;
}

/** Formats an amount in minor units in the company currency (« 1 250 000 FCFA »). */
export function useMoney(): (minor: number) => string {
  const { currency } = useCompany();
  return useCallback((minor: number) => formatMoney(minor, currency), [currency]);
}
