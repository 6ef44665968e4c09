/** The one route walker lives beside the router (the drill uses it too). */
export { registeredRoutes } from '../../server/http/route-walker.js';
