import type { Knex } from 'knex';
import { hashPassword } from '../../auth/passwords.js';
import { insertReturningId, nowIso } from '../../db/dialect.js';

export interface NewUser {
  name: string;
  first_name?: string | null;
  email: string;
  password: string;
  roleNames?: string[];
  verified?: boolean;
}

/** Creates a user (and their role links) in one transaction; e-mail is stored lower-case. */
export async function createUser(db: Knex | Knex.Transaction, input: NewUser): Promise<number> {
  // Hashing takes a while: done before the transaction, which then holds its locks briefly.
  const passwordHash = await hashPassword(input.password);
  return db.transaction((trx) => insertUser(trx, input, passwordHash));
}

/** The inserts of createUser, inside the caller's transaction, with the password already hashed. */
export async function insertUser(
  trx: Knex.Transaction,
  input: Omit<NewUser, 'password'>,
  passwordHash: string,
): Promise<number> {
  const now = nowIso();
  const id = await insertReturningId(trx, 'users', {
    name: input.name.trim(),
    first_name: input.first_name?.trim() || null,
    email: input.email.trim().toLowerCase(),
    password_hash: passwordHash,
    email_verified_at: input.verified ? now : null,
    active: true,
    created_at: now,
    updated_at: now,
  });
  if (input.roleNames?.length) {
    const roles = await trx('roles').whereIn('name', input.roleNames).select('id', 'name');
    const missing = input.roleNames.filter((n) => !roles.some((r) => r.name === n));
    if (missing.length) throw new Error(`Rôle inconnu : ${missing.join(', ')}`);
    await trx('user_roles').insert(roles.map((r) => ({ user_id: id, role_id: r.id })));
  }
  return id;
}
