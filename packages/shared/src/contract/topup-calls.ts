import { z } from 'zod';
import { TOPUP_ACCESS } from './access-rules';
import { defineCall } from './call';
import {
  topupBankListAnswer,
  topupRequest,
  topupResult,
  topupStatusAnswer,
  topupStatusQuery,
  userVaItem,
} from './topup';

/**
 * The top-up calls (spec 02 §2.5, §7; spec 03 §7.1): the agent's own deposit virtual accounts,
 * the provider's receiving bank accounts for a manual transfer, and the manual top-up itself.
 */
export const topupCalls = {
  userVas: defineCall({
    method: 'GET',
    path: '/data/user_list_va',
    access: TOPUP_ACCESS.page,
    // The spec's userId: read by nobody (the session names the user), and any value is accepted.
    query: z.object({ userId: z.unknown().optional() }),
    response: z.array(userVaItem),
  }),
  banks: defineCall({
    method: 'GET',
    path: '/data/bank_list',
    access: TOPUP_ACCESS.page,
    response: topupBankListAnswer,
  }),
  topup: defineCall({
    method: 'POST',
    path: '/transaction/topup',
    access: TOPUP_ACCESS.page,
    request: topupRequest,
    response: topupResult,
  }),
  /** Where one of the agent's own manual top-ups stands (the order view polls it). */
  status: defineCall({
    method: 'GET',
    path: '/transaction/topup_status',
    access: TOPUP_ACCESS.page,
    query: topupStatusQuery,
    response: topupStatusAnswer,
  }),
};
