import type { Request } from 'express';
import type { Actor } from '../services/actor.js';

/** The signed-in user as the actor of a service call (route behind requireAuth). */
export function actorOf(req: Request): Actor {
  const user = req.user!;
  return { id: user.row.id, name: user.row.name, ip: req.ip ?? null };
}
