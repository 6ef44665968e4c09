import type { AnyEndpoint } from '../endpoint.js';
import { clientEndpoints } from './clients.js';
import { invoiceEndpoints } from './invoices.js';
import { settlementEndpoints } from './settlements.js';
import { productEndpoints } from './products.js';
import { treasuryEndpoints } from './treasury.js';

/**
 * Every operation of /api/v1, in the order of the reference. A new resource (invoices,
 * settlements, treasury movements) is one file of `endpoint({...})` declarations listed here.
 */
export const API_ENDPOINTS: readonly AnyEndpoint[] = [
  ...productEndpoints,
  ...clientEndpoints,
  ...invoiceEndpoints,
  ...settlementEndpoints,
  ...treasuryEndpoints,
];
