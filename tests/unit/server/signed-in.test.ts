import type { NextFunction, Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import type { UserContext } from '../../../server/auth/user-context.js';
import { signedIn } from '../../../server/http/signed-in.js';

const res = {} as Response;
const next: NextFunction = () => undefined;

describe('signedIn', () => {
  it('hands the handler the signed-in user and its answer', async () => {
    const user = { row: { id: 7 } } as UserContext;
    const handler = signedIn(async (req) => req.user.row.id);
    await expect(handler({ user } as Request, res, next)).resolves.toBe(7);
  });

  it('throws on a request without a user (a route declared without requireAuth)', () => {
    const handler = signedIn(() => 'served');
    expect(() => handler({ method: 'GET', path: '/x' } as Request, res, next)).toThrow(/requireAuth/);
  });
});
