import { z } from 'zod';
import { code, flag, longText, text } from '../../services/records/fields.js';

/** The product form's schema is the one each row of a products import is checked with. */
export { productSchema } from '../../services/products/schema.js';

export const categorySchema = z.object({
  code: code('code'),
  name: text('nom', 120, { required: true }),
  description: longText('description', 500),
  active: flag(true),
});
