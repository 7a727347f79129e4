import {
  ACCOUNT_ACCESS,
  type AccessRequirement,
  accountAllRequest,
  accountDeleteRequest,
  accountStoreRequest,
  modulAccessQuery,
  modulAccessUserQuery,
  modulAccessUserSaveRequest,
} from '@gerbang/shared';
import { accessDenied } from '../../http/errors';
import { defineRoute, ok } from '../../http/route';
import { groupModules, saveUserAccess, userAccessList } from './permissions';
import { deleteSubAccount, listSubAccounts, storeSubAccount } from './subaccounts';

/**
 * Spec 01 §6: account management is for a main user (no parent user) who is not a personal end
 * user, and not in sandbox. The action on account_management varies per call.
 */
const management = (action: 'READ' | 'ADD' | 'UPDATE'): AccessRequirement => ({
  ...ACCOUNT_ACCESS.management,
  permission: { module: 'account_management', action },
});

/** Sub-accounts and their permissions (spec 01 §2 "Account management", §7). */
export const teamRoutes = [
  defineRoute({
    method: 'POST',
    url: '/data/account_all',
    access: management('READ'),
    body: accountAllRequest,
    handler: async ({ services, auth, body }) => {
      // The page sends its own user id; any other id is not the caller's list to read.
      if (body.iduser !== null && body.iduser !== auth.user.id) throw accessDenied();
      return ok(await listSubAccounts(services.db, auth));
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/data/account_store',
    // READ to reach the call; the handler then requires ADD (new) or UPDATE (edit).
    access: management('READ'),
    body: accountStoreRequest,
    handler: async (ctx) => {
      const outcome = await storeSubAccount(ctx);
      return ok(null, outcome === 'added' ? 'team.registered' : 'team.updated');
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/data/account_delete',
    access: management('UPDATE'),
    body: accountDeleteRequest,
    handler: async (ctx) => {
      await deleteSubAccount(ctx);
      return ok(null, 'team.deleted');
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/data/modul_access',
    access: {},
    query: modulAccessQuery,
    handler: async ({ services, auth, query }) => {
      // Only the caller's own group: group defaults of other groups are not this user's business.
      if (query.id_grup !== null && query.id_grup !== auth.agent.id_grup) throw accessDenied();
      return ok(await groupModules(services.db, auth.agent.id_grup));
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/data/modul_access_user',
    access: {},
    query: modulAccessUserQuery,
    handler: async (ctx) => ok(await userAccessList(ctx)),
  }),
  defineRoute({
    method: 'POST',
    url: '/data/modul_access_user',
    access: management('UPDATE'),
    body: modulAccessUserSaveRequest,
    handler: async (ctx) => ok(await saveUserAccess(ctx), 'team.accessSaved'),
  }),
];
