import { z } from 'zod';
import type { ConsoleAction, ConsoleModule } from '../domain/console-access';
import { defineCall, RAW_ANSWER } from './call';
import {
  advanceRequestRow,
  clockRequest,
  consoleLoginAnswer,
  consoleLoginRequest,
  consoleSessionAnswer,
  demoState,
  downtimeRequest,
  failingCallbacksRow,
  merchantAccessRequest,
  merchantPage,
  merchantRow,
  merchantsQuery,
  newsArticle,
  newsRequest,
  nmidApproveRequest,
  nmidRequestRow,
  noBody,
  publishRequest,
  queueCounts,
  rateRequest,
  reasonRequest,
  registrationRow,
  registrationsQuery,
  statusQuery,
} from './console';

/** A console permission: the staff member holds `action` on `module` (the server decides). */
const may = (module: ConsoleModule, action: ConsoleAction) => ({
  console: { module, action },
});

/**
 * The provider console's calls. Every one reads only the staff session (never a
 * merchant's); `:id` is the row's id.
 */
export const consoleCalls = {
  /** Whether a staff session exists, and the CSRF token the console's POSTs carry. */
  session: defineCall({
    method: 'GET',
    path: '/console/auth/session',
    access: {
      public: true,
      reason: 'the console login page asks whether a staff session exists',
      console: 'anonymous',
    },
    response: consoleSessionAnswer,
  }),
  login: defineCall({
    method: 'POST',
    path: '/console/auth/login',
    access: { public: true, reason: 'staff log in to the console here', console: 'anonymous' },
    request: consoleLoginRequest,
    response: consoleLoginAnswer,
  }),
  logout: defineCall({
    method: 'POST',
    path: '/console/auth/logout',
    access: { console: 'staff', halfSession: ['verify', 'enrol'] },
    request: noBody,
    response: z.null(),
  }),
  /** Each queue's count (null for a queue the staff member may not read). */
  queues: defineCall({
    method: 'GET',
    path: '/console/queues',
    access: { console: 'staff' },
    response: queueCounts,
  }),
  registrations: defineCall({
    method: 'GET',
    path: '/console/registrations',
    access: may('console_registrations', 'READ'),
    query: registrationsQuery,
    response: z.array(registrationRow),
  }),
  /** One document (`:kind` ktp, npwp or akta) of a registration, shown inline; audited. */
  registrationDocument: defineCall({
    method: 'GET',
    path: '/console/registrations/:id/documents/:kind',
    access: may('console_registrations', 'READ'),
    response: RAW_ANSWER,
  }),
  approveRegistration: defineCall({
    method: 'POST',
    path: '/console/registrations/:id/approve',
    access: may('console_registrations', 'UPDATE'),
    request: noBody,
    response: registrationRow,
  }),
  rejectRegistration: defineCall({
    method: 'POST',
    path: '/console/registrations/:id/reject',
    access: may('console_registrations', 'UPDATE'),
    request: reasonRequest,
    response: registrationRow,
  }),
  advance: defineCall({
    method: 'GET',
    path: '/console/advance',
    access: may('console_advance', 'READ'),
    query: statusQuery,
    response: z.array(advanceRequestRow),
  }),
  /** Approves and pays the advance into the merchant's balance. */
  approveAdvance: defineCall({
    method: 'POST',
    path: '/console/advance/:id/approve',
    access: may('console_advance', 'UPDATE'),
    request: noBody,
    response: advanceRequestRow,
  }),
  rejectAdvance: defineCall({
    method: 'POST',
    path: '/console/advance/:id/reject',
    access: may('console_advance', 'UPDATE'),
    request: reasonRequest,
    response: advanceRequestRow,
  }),
  nmid: defineCall({
    method: 'GET',
    path: '/console/nmid',
    access: may('console_nmid', 'READ'),
    query: statusQuery,
    response: z.array(nmidRequestRow),
  }),
  /** One photo (`:which`) of an NMID request, shown inline; audited. */
  nmidImage: defineCall({
    method: 'GET',
    path: '/console/nmid/:id/images/:which',
    access: may('console_nmid', 'READ'),
    response: RAW_ANSWER,
  }),
  /** Approves with the NMID the registry gave, and issues the merchant's static QRIS. */
  approveNmid: defineCall({
    method: 'POST',
    path: '/console/nmid/:id/approve',
    access: may('console_nmid', 'UPDATE'),
    request: nmidApproveRequest,
    response: nmidRequestRow,
  }),
  rejectNmid: defineCall({
    method: 'POST',
    path: '/console/nmid/:id/reject',
    access: may('console_nmid', 'UPDATE'),
    request: reasonRequest,
    response: nmidRequestRow,
  }),
  failingCallbacks: defineCall({
    method: 'GET',
    path: '/console/callbacks/failing',
    access: may('console_callbacks', 'READ'),
    response: z.array(failingCallbacksRow),
  }),
  merchants: defineCall({
    method: 'GET',
    path: '/console/merchants',
    access: may('console_merchants', 'READ'),
    query: merchantsQuery,
    response: z.array(merchantRow),
  }),
  merchant: defineCall({
    method: 'GET',
    path: '/console/merchants/:id',
    access: may('console_merchants', 'READ'),
    response: merchantPage,
  }),
  /** The API access and portal login switches; answers the merchant's page. */
  merchantAccess: defineCall({
    method: 'POST',
    path: '/console/merchants/:id/access',
    access: may('console_merchants', 'UPDATE'),
    request: merchantAccessRequest,
    response: merchantPage,
  }),
  /** Ends every open portal session of the merchant's users: they answer 401 at once. */
  endMerchantSessions: defineCall({
    method: 'POST',
    path: '/console/merchants/:id/end_sessions',
    access: may('console_merchants', 'UPDATE'),
    request: reasonRequest,
    response: z.object({ ended: z.number() }),
  }),
  news: defineCall({
    method: 'GET',
    path: '/console/news',
    access: may('console_content', 'READ'),
    response: z.array(newsArticle),
  }),
  createNews: defineCall({
    method: 'POST',
    path: '/console/news',
    access: may('console_content', 'UPDATE'),
    request: newsRequest,
    response: z.object({ id: z.number() }),
  }),
  updateNews: defineCall({
    method: 'POST',
    path: '/console/news/:id',
    access: may('console_content', 'UPDATE'),
    request: newsRequest,
    response: z.object({ id: z.number() }),
  }),
  publishNews: defineCall({
    method: 'POST',
    path: '/console/news/:id/publish',
    access: may('console_content', 'UPDATE'),
    request: publishRequest,
    response: z.object({ id: z.number(), is_published: z.boolean() }),
  }),
};

/**
 * Demo mode only (never registered in production): the simulator's clock, the simulated banks'
 * nightly downtime and the remittance selling rates. Each answers the demo state.
 */
export const consoleDemoCalls = {
  state: defineCall({
    method: 'GET',
    path: '/console/demo',
    access: may('console_demo', 'READ'),
    response: demoState,
  }),
  downtime: defineCall({
    method: 'POST',
    path: '/console/demo/downtime',
    access: may('console_demo', 'UPDATE'),
    request: downtimeRequest,
    response: demoState,
  }),
  rates: defineCall({
    method: 'POST',
    path: '/console/demo/rates',
    access: may('console_demo', 'UPDATE'),
    request: rateRequest,
    response: demoState,
  }),
  /** Sets the server's one clock (`at`), or puts it back on real time (`at: null`). */
  clock: defineCall({
    method: 'POST',
    path: '/console/demo/clock',
    access: may('console_demo', 'UPDATE'),
    request: clockRequest,
    response: z.object({ now: z.string() }),
  }),
};
