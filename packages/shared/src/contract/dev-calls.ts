import { z } from 'zod';
import { defineCall } from './call';
import {
  devClockAnswer,
  devClockRequest,
  mailboxQuery,
  outboxMail,
  simulatorRenameAnswer,
  simulatorRenameRequest,
} from './dev';
import {
  simulatorPayRequest,
  simulatorPayResult,
  simulatorSettleRequest,
  simulatorSettleResult,
} from './payins';
import { simulatorIssueRequest, simulatorIssueResult } from './payins-simulator';

const PAYER_SIMULATOR = {
  public: true,
  reason:
    'demo/test-only payer simulator (a payer is not a portal user); not registered in production',
} as const;

/**
 * The demo and test pages' calls: registered in demo and test mode only, never in production (the
 * simulator's service functions refuse there as well).
 */
export const devCalls = {
  /** The mail outbox, newest first (OTP and reset mails for people and browser tests). */
  mailbox: defineCall({
    method: 'GET',
    path: '/dev/mailbox',
    access: { public: true, reason: 'demo-only dev mailbox; not registered in production' },
    query: mailboxQuery,
    response: z.array(outboxMail),
  }),
  /** Moves the server's one clock; needs the test key (registered only when one is set). */
  clock: defineCall({
    method: 'POST',
    path: '/dev/clock',
    access: { public: true, reason: 'test-only clock; needs the test key; never in production' },
    request: devClockRequest,
    response: devClockAnswer,
  }),
  /** Pays a VA, a QRIS payload, a retail code, a checkout or a bank account as a payer would. */
  simulatorPay: defineCall({
    method: 'POST',
    path: '/dev/simulator/pay',
    access: PAYER_SIMULATOR,
    request: simulatorPayRequest,
    response: simulatorPayResult,
  }),
  /** Runs settlement now (`all`: whatever the settlement date). */
  simulatorSettle: defineCall({
    method: 'POST',
    path: '/dev/simulator/settle',
    access: PAYER_SIMULATOR,
    request: simulatorSettleRequest,
    response: simulatorSettleResult,
  }),
  /** Renames a simulated account: the rail's inquiry answers the new name. */
  simulatorRenameAccount: defineCall({
    method: 'POST',
    path: '/dev/simulator/rename_account',
    access: PAYER_SIMULATOR,
    request: simulatorRenameRequest,
    response: simulatorRenameAnswer,
  }),
  /** Issues something to pay (a VA, a QRIS, a retail code, a checkout) for an agent by username. */
  simulatorIssue: defineCall({
    method: 'POST',
    path: '/dev/simulator/issue',
    access: {
      public: true,
      reason: 'demo/test-only issuing for the payer simulator; not registered in production',
    },
    request: simulatorIssueRequest,
    response: simulatorIssueResult,
  }),
};
