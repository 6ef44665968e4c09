/*
 * Checked by `npm run typecheck` (tsc), never run: each @ts-expect-error line must fail to
 * compile. The contracts between server and client — page names and props, permission names,
 * route parameters, column names, the signed-in user — are types, so a typo is caught here
 * rather than at run time.
 */
import type { Response } from 'express';
import type { Knex } from 'knex';
import type { AuthUser, PageRegistry } from '../../shared/pages.js';
import type { Permission } from '../../shared/permissions.js';
import { route } from '../../shared/routes.js';
import type { UserContext } from '../../server/auth/user-context.js';
import { signedIn } from '../../server/http/signed-in.js';
import { may } from '../../server/policies/index.js';

export async function wrongPages(res: Response, props: PageRegistry['settings/users/Index']) {
  // @ts-expect-error no page is named « settings/user/Index »
  await res.inertia.render('settings/user/Index', props);
  // @ts-expect-error the users list has no « can_delete » prop
  await res.inertia.render('settings/users/Index', { ...props, can_delete: true });
  // @ts-expect-error a prop of the page is missing
  await res.inertia.render('settings/users/Index', { users: props.users, params: props.params, roles: props.roles });
  // @ts-expect-error the client's props of a page name only that page's props
  void props.can_create;
  await res.inertia.render('settings/users/Index', props);
}

export function wrongPermissions(user: UserContext, auth: AuthUser) {
  // @ts-expect-error no permission is named « client.create » (clients.create)
  may(user, 'client.create');
  // @ts-expect-error the signed-in user's permissions are catalogue names
  const typo: Permission = 'sales.cancel.all';
  // @ts-expect-error all_permissions holds Permission names only
  auth.all_permissions.includes('sale.create');
  // @ts-expect-error menu_permissions holds menu permissions only
  auth.menu_permissions.includes('clients.create');
  return [typo, may(user, 'clients.create'), auth.all_permissions.includes('sales.create')];
}

export function wrongRoutes() {
  // @ts-expect-error no route is named « client.show »
  route('client.show', { id: 1 });
  // @ts-expect-error clients.show takes :id, not :client
  route('clients.show', { client: 1 });
  // @ts-expect-error clients.show needs its :id
  route('clients.show');
  return route('clients.show', { id: 1 });
}

export async function wrongColumns(db: Knex) {
  // @ts-expect-error clients has no column « nom »
  await db('clients').where({ nom: 'X' });
  // @ts-expect-error a column not selected is not on the row
  void (await db('clients').select('id', 'name'))[0].phone;
}

export const handler = signedIn((req, res) => {
  // Behind signedIn the user is there: no « req.user! ».
  const id: number = req.user.row.id;
  // @ts-expect-error the user context has no « permission » (permissions)
  void req.user.permission;
  res.end(String(id));
});
