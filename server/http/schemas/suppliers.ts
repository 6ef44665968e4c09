import { z } from 'zod';
import { code, flag, longText, optionalEmail, phone, text } from '../../services/records/fields.js';

export const supplierSchema = z.object({
  code: code('code'),
  name: text('nom', 160, { required: true }),
  phone: phone(),
  email: optionalEmail(),
  address: longText('adresse', 255),
  tax_number: text('numéro de contribuable', 80),
  active: flag(true),
});
