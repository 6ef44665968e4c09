import { z } from 'zod';
import { CLIENT_KINDS, PRICE_LEVELS } from '../../../shared/clients.js';
import { choice, code, flag, longText, money, optionalEmail, phone, text, perCurrency } from '../records/fields.js';

/** A client as its form and each row of a clients import give it (French messages). */
export const clientSchema = perCurrency(function clientSchema(currency: string) {
  return z.object({
    code: code('code'),
    name: text('nom', 160, { required: true }),
    kind: choice('type', CLIENT_KINDS, { default: 'particulier' }),
    phone: phone(),
    email: optionalEmail(),
    address: longText('adresse', 255),
    city: text('ville', 120),
    tax_number: text('numéro de contribuable', 80),
    price_level: choice('niveau de prix', PRICE_LEVELS, { default: 'detail' }),
    credit_limit: money('plafond de crédit', currency, { limit: 'balance' }),
    active: flag(true),
  });
});
