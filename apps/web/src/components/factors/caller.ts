import { type Envelope, RC } from '@gerbang/shared';
import type { AnyCall } from '@gerbang/shared/contract/call';
import { client } from '../../lib/api';
import { i18next, loadCatalogParts } from '../../lib/i18n';
import { loadModals } from '../../lib/lazy-modals';

/**
 * How the factor components send a call: the portal's client (its session and CSRF token), or
 * the console's (the staff session's). Answers are read as the calls' contract says.
 */
export type Caller = (call: AnyCall, input?: unknown) => Promise<Envelope<any>>;

/**
 * The portal's client, silent: the components show refusals in place. Enrolling or removing a
 * factor needs a fresh password re-entry (rc 428, ADR 011): the password dialog opens once and
 * the call goes again.
 */
export const portalCaller: Caller = async (call, input) => {
  const send = () => client.call(call as never, input as never, { silent: true } as never);
  const res = await send();
  if (res.rc !== RC.REAUTH) return res;
  const [{ askReauth }] = await Promise.all([
    import('../reauth'),
    loadModals(),
    loadCatalogParts('security'),
  ]);
  return (await askReauth(i18next.t('sessions.reauth.title'))) ? send() : res;
};
