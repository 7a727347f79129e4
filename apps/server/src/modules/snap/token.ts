import { randomBytes } from 'node:crypto';
import type { PartnerRouteDefinition } from '../../http/partner-route';
import { writeAudit } from '../../platform/audit/audit';
import { SERVICE, SnapError } from './codes';
import {
  assertKeyLive,
  assertTimestamp,
  assertWhitelisted,
  partnerByClientId,
  type SnapPartner,
  sha256,
  TOKEN_TTL_SECONDS,
  takeRateSlot,
  touchKey,
} from './guard';
import { parseBody, sendFailure, sendSnap } from './pipeline';
import { accessTokenRequest } from './schemas';
import { verifyTokenSignature } from './signature';

export const ACCESS_TOKEN_PATH = '/snap/v1.0/access-token/b2b';

/**
 * POST /snap/v1.0/access-token/b2b: X-CLIENT-KEY (the client id), X-TIMESTAMP and X-SIGNATURE =
 * SHA256withRSA over `clientId|X-TIMESTAMP` with the partner's private key, verified with the
 * public key registered on the credential page. Answers a bearer token valid 900 seconds; only
 * its SHA-256 is stored. Every issue is in the audit log (credential use).
 */
export const accessTokenRoute: PartnerRouteDefinition = {
  method: 'POST',
  url: ACCESS_TOKEN_PATH,
  access: {
    partnerApi: 'token',
    reason: 'SNAP access token: the partner proves its key with an RSA signature',
  },
  onError: (call, error) => sendFailure(call, SERVICE.accessToken, error, null, null),
  handler: async (call) => {
    let partner: SnapPartner | null = null;
    try {
      const header = (name: string) => {
        const value = call.req.headers[name.toLowerCase()];
        const text = (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
        if (text === '') throw new SnapError('invalidMandatoryField', name);
        return text;
      };
      const timestamp = header('X-TIMESTAMP');
      const clientId = header('X-CLIENT-KEY');
      const signature = header('X-SIGNATURE');
      partner = await partnerByClientId(call.services, clientId);
      if (!partner) throw new SnapError('unauthorized', 'Unknown client');
      assertKeyLive(call.services, partner);
      assertWhitelisted(partner, call.ip);
      assertTimestamp(call.services, timestamp);
      if (!partner.publicKey) throw new SnapError('unauthorized', 'No public key registered');
      if (!verifyTokenSignature(partner.publicKey, clientId, timestamp, signature)) {
        throw new SnapError('unauthorized', 'Signature');
      }
      await takeRateSlot(call.services, partner);
      parseBody(accessTokenRequest, call.rawBody);
      const accessToken = randomBytes(32).toString('base64url');
      const now = call.services.now();
      await call.services.db
        .insertInto('snap_tokens')
        .values({
          token_hash: sha256(accessToken),
          agent_id: partner.agentId,
          environment: partner.environment,
          client_id: clientId,
          expires_at: new Date(now.getTime() + TOKEN_TTL_SECONDS * 1000),
          created_at: now,
          api_key_id: partner.key?.id ?? null,
        })
        .execute();
      await touchKey(call.services, partner);
      await writeAudit(call.services.db, {
        at: now,
        agentId: partner.agentId,
        userId: null,
        username: null,
        action: 'snap_access_token',
        target: clientId,
        detail: { expires_in: TOKEN_TTL_SECONDS, api_key_id: partner.key?.id ?? null },
        ip: call.ip,
        userAgent: String(call.req.headers['user-agent'] ?? '').slice(0, 200),
        environment: partner.environment,
      });
      return sendSnap(
        call,
        SERVICE.accessToken,
        'success',
        { accessToken, tokenType: 'Bearer', expiresIn: String(TOKEN_TTL_SECONDS) },
        { partner, externalId: null },
      );
    } catch (error) {
      return sendFailure(call, SERVICE.accessToken, error, partner, null);
    }
  },
};
