import type { Actor } from '../services/actor.js';
import type { SignedInRequest } from './signed-in.js';

/** The signed-in user as the actor of a service call (route behind requireAuth). */
export function actorOf(req: SignedInRequest): Actor {
  const user = req.user;
  return { id: user.row.id, name: user.row.name, ip: req.ip ?? null };
}
