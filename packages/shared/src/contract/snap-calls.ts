import { CREDENTIAL_ACCESS } from './access-rules';
import { defineCall } from './call';
import {
  apiLogPage,
  apiLogQuery,
  providerKeyState,
  publicKeyState,
  uploadPublicKeySchema,
} from './snap';

/**
 * The portal side of the SNAP partner API: the partner's RSA public key on the
 * credential card (read; upload through the credential OTP flow: `control/create_otp` with
 * action `snapKey` first) and the API log of the agent's own calls. The rules are the credential
 * page's: reading needs credential READ, uploading credential UPDATE too.
 */
export const snapCalls = {
  publicKey: defineCall({
    method: 'GET',
    path: '/control/snap_public_key',
    access: CREDENTIAL_ACCESS.read,
    response: publicKeyState,
  }),
  /** The key and the OTP confirmation; a wrong key is refused before the code is spent. */
  uploadPublicKey: defineCall({
    method: 'POST',
    path: '/control/snap_public_key',
    access: CREDENTIAL_ACCESS.change,
    request: uploadPublicKeySchema,
    response: publicKeyState,
  }),
  /** The public key that verifies Gerbang's SNAP payment notifications (the same for everyone). */
  providerKey: defineCall({
    method: 'GET',
    path: '/control/snap_provider_key',
    access: CREDENTIAL_ACCESS.read,
    response: providerKeyState,
  }),
  /** The agent's calls in the session's environment, newest first, a page at a time. */
  apiLog: defineCall({
    method: 'GET',
    path: '/control/snap_api_log',
    access: CREDENTIAL_ACCESS.read,
    query: apiLogQuery,
    response: apiLogPage,
  }),
};
