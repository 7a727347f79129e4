import type { PartnerArea } from '../../http/partner-route';
import { NO_SERVICE, SERVICE, type ServiceCode } from './codes';
import { sendSnap } from './pipeline';
import { SNAP_SERVICES } from './services';
import { ACCESS_TOKEN_PATH } from './token';

/**
 * Everything under /snap that no route takes answers in the SNAP shape (JSON, X-TIMESTAMP), so an
 * off-the-shelf client parses it instead of failing on a plain-text 404:
 * - a known path with another method: HTTP 405 `405<service>00` "Requested Function Is Not
 *   Supported" (the standard's case for a function the provider does not offer), `Allow` naming
 *   the path's method;
 * - an unknown path: HTTP 404 `4040002` "Invalid Routing" — the standard's System-category 404
 *   for a request that reaches no service; service `00`, as no service is known. (404xx00 is
 *   "Invalid Transaction Status" and 404xx01 "Transaction Not Found": a client could read either
 *   as an answer about its transaction.)
 * Nothing is logged in the API log: no partner is known before a route's checks run.
 */

const serviceByPath: ReadonlyMap<string, ServiceCode> = new Map<string, ServiceCode>([
  [ACCESS_TOKEN_PATH, SERVICE.accessToken],
  ...SNAP_SERVICES.map((s): [string, ServiceCode] => [s.path, s.service]),
]);

export const snapArea: PartnerArea = {
  prefix: '/snap',
  unmatched: async (call, allowed) => {
    const opts = { partner: null, externalId: null };
    if (allowed.length === 0) return sendSnap(call, NO_SERVICE, 'invalidRouting', {}, opts);
    const path = call.req.url.split('?')[0] ?? '';
    const service = serviceByPath.get(path) ?? NO_SERVICE;
    return sendSnap(
      call,
      service,
      'functionNotSupported',
      {},
      {
        ...opts,
        headers: { allow: allowed.join(', ') },
      },
    );
  },
};
