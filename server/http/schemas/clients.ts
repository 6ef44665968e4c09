/** The client form's schema is the one each row of a clients import is checked with. */
export { clientSchema } from '../../services/clients/schema.js';
