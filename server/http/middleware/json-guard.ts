import type { NextFunction, Request, Response } from 'express';
import type { Permission } from '../../../shared/permissions.js';
import { mayAny } from '../../policies/index.js';
import { declareGuard } from './auth.js';

/**
 * Guard of the JSON endpoints (pickers, header search): JSON errors (401/403), never a redirect or
 * an HTML page. With permissions, the user needs one of them; without, any verified user passes
 * (the endpoint filters what it answers).
 */
export function jsonGuard(permissions?: readonly Permission[]) {
  return declareGuard(
    (req: Request, res: Response, next: NextFunction) => {
      if (!req.user) return res.status(401).json({ message: 'Session expirée : veuillez vous reconnecter.' });
      if (!req.user.row.email_verified_at || (permissions && !mayAny(req.user, permissions))) {
        return res.status(403).json({ message: 'Vous n’avez pas la permission de rechercher ces fiches.' });
      }
      next();
    },
    permissions ? { kind: 'any', permissions } : { kind: 'auth' },
  );
}
