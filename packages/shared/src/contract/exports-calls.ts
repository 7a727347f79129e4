import { z } from 'zod';
import { defineCall, RAW_ANSWER } from './call';

/** The export list's download links (spec 03 §7.1 "public CSV download URL (id, token)"). */
export const exportCalls = {
  /** The file itself; the export list hands out the link with its token. */
  download: defineCall({
    method: 'GET',
    path: '/export/download',
    access: {
      public: true,
      reason:
        'Spec 03 §7.1 "public CSV download URL (id, token)": the token is the credential, an HMAC over the job, its agent and user and an expiry (modules/exports/tokens.ts); it is handed out only to the logged-in owner by the export list.',
    },
    query: z.object({
      id: z.string().regex(/^\d{1,18}$/, 'data.errors.exportLinkInvalid'),
      token: z.string().max(200, 'data.errors.exportLinkInvalid'),
      format: z.enum(['csv', 'xlsx'], { message: 'data.errors.exportLinkInvalid' }).default('csv'),
    }),
    response: RAW_ANSWER,
  }),
};
