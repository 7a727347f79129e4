import { z } from 'zod';
import { STATEMENT_ACCESS } from './access-rules';
import { defineCall, RAW_ANSWER } from './call';
import {
  delivery,
  deliveryIdRequest,
  deliveryRequest,
  statementCreated,
  statementDownloadQuery,
  statementFile,
  statementRequest,
} from './statements';

/** Balance statements (ADR 020): the balance page's access rule for every call. */
export { STATEMENT_ACCESS };

export const statementCalls = {
  /** Asks for a statement file; the job loop writes it (a busy month is 100k+ lines). */
  create: defineCall({
    method: 'POST',
    path: '/statements',
    access: STATEMENT_ACCESS,
    request: statementRequest,
    response: statementCreated,
  }),
  /** The user's latest statement files, with download links for the ready ones. */
  list: defineCall({
    method: 'GET',
    path: '/statements',
    access: STATEMENT_ACCESS,
    response: z.array(statementFile),
  }),
  download: defineCall({
    method: 'GET',
    path: '/statements/download',
    access: {
      public: true,
      reason:
        'A mailed statement link opens without a session: the token is the credential, an HMAC over the file, its agent and an expiry (modules/statements/tokens.ts), handed out only to the owner (the page, or the mail to their own address).',
    },
    query: statementDownloadQuery,
    response: RAW_ANSWER,
  }),
  deliveries: defineCall({
    method: 'GET',
    path: '/statements/deliveries',
    access: STATEMENT_ACCESS,
    response: z.array(delivery),
  }),
  saveDelivery: defineCall({
    method: 'POST',
    path: '/statements/deliveries',
    access: STATEMENT_ACCESS,
    request: deliveryRequest,
    response: delivery,
  }),
  stopDelivery: defineCall({
    method: 'POST',
    path: '/statements/deliveries/stop',
    access: STATEMENT_ACCESS,
    request: deliveryIdRequest,
    response: delivery,
  }),
};
