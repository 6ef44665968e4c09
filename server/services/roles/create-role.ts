import type { Knex } from 'knex';
import { isKnownPermission } from '../../../shared/permissions.js';
import { insertReturningId, nowIso } from '../../db/dialect.js';

export interface NewRole {
  name: string;
  description?: string;
  isAdmin?: boolean;
  permissions: readonly string[];
}

/** Creates a role with its grants; unknown permission names are refused. */
export async function createRole(db: Knex | Knex.Transaction, input: NewRole): Promise<number> {
  const unknown = input.permissions.filter((p) => !isKnownPermission(p));
  if (unknown.length) throw new Error(`Permission inconnue : ${unknown.join(', ')}`);
  return db.transaction(async (trx) => {
    const now = nowIso();
    const id = await insertReturningId(trx, 'roles', {
      name: input.name,
      description: input.description ?? '',
      is_admin: input.isAdmin ?? false,
      created_at: now,
      updated_at: now,
    });
    const grants = [...new Set(input.permissions)].map((permission_name) => ({ role_id: id, permission_name }));
    for (let i = 0; i < grants.length; i += 200) await trx('role_permissions').insert(grants.slice(i, i + 200));
    return id;
  });
}
