import { API_TOKEN_LIMITS } from '../../services/accounts/throttle.js';

/** The request budget of a token, in French, for the document and the reference page. */
export const API_LIMITS_TEXT = `Chaque jeton a droit à ${API_TOKEN_LIMITS.token.limit} requêtes par minute ; au-delà, la réponse est 429 avec l’en-tête Retry-After (secondes à attendre).`;
