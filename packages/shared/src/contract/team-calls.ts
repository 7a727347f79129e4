import { z } from 'zod';
import type { AccessRequirement } from '../domain/access-rule';
import {
  ACCOUNT_ACCESS,
  accountAllRequest,
  accountDeleteRequest,
  accountStoreRequest,
  groupModule,
  modulAccessQuery,
  modulAccessUserQuery,
  modulAccessUserSaveRequest,
  subAccount,
} from './account';
import { moduleAccess } from './auth';
import { defineCall } from './call';

/**
 * Spec 01 §6: account management is for a main user (no parent user) who is not a personal end
 * user, and not in sandbox. The action on account_management varies per call.
 */
const management = (action: 'READ' | 'ADD' | 'UPDATE'): AccessRequirement => ({
  ...ACCOUNT_ACCESS.management,
  permission: { module: 'account_management', action },
});

/** Sub-accounts and their permissions (spec 01 §2 "Account management", §7). */
export const teamCalls = {
  subAccounts: defineCall({
    method: 'POST',
    path: '/data/account_all',
    access: management('READ'),
    request: accountAllRequest,
    response: z.array(subAccount),
  }),
  /** Adds or edits: READ to reach the call; the server then requires ADD (new) or UPDATE (edit). */
  storeSubAccount: defineCall({
    method: 'POST',
    path: '/data/account_store',
    access: management('READ'),
    request: accountStoreRequest,
    response: z.null(),
  }),
  deleteSubAccount: defineCall({
    method: 'POST',
    path: '/data/account_delete',
    access: management('UPDATE'),
    request: accountDeleteRequest,
    response: z.null(),
  }),
  groupModules: defineCall({
    method: 'GET',
    path: '/data/modul_access',
    access: {},
    query: modulAccessQuery,
    response: z.array(groupModule),
  }),
  userAccess: defineCall({
    method: 'GET',
    path: '/data/modul_access_user',
    access: {},
    query: modulAccessUserQuery,
    response: z.array(moduleAccess),
  }),
  saveUserAccess: defineCall({
    method: 'POST',
    path: '/data/modul_access_user',
    access: management('UPDATE'),
    request: modulAccessUserSaveRequest,
    response: z.array(moduleAccess),
  }),
};
