import { z } from 'zod';
import { CREDENTIAL_ACCESS } from './access-rules';
import { defineCall } from './call';
import {
  apiKeySecretResponse,
  apiKeysResponse,
  createApiKeyRequest,
  endSessionRequest,
  idleTimeoutRequest,
  reauthRequest,
  reauthResponse,
  revokeApiKeyRequest,
  rotateApiKeyRequest,
  sessionsResponse,
  staffSessionsResponse,
} from './security';

/**
 * The security settings' sessions and API keys. Every user sees and ends their
 * own sessions; a main user also its sub-users' (the handler decides whose); the idle timeout is
 * the main user's. API keys follow the credential page's rules (they are SNAP credentials).
 */
export const securityCalls = {
  sessions: defineCall({
    method: 'GET',
    path: '/security/sessions',
    access: {},
    response: sessionsResponse,
  }),
  endSession: defineCall({
    method: 'POST',
    path: '/security/sessions/end',
    access: {},
    request: endSessionRequest,
    response: z.object({ ended: z.number() }),
  }),
  endOtherSessions: defineCall({
    method: 'POST',
    path: '/security/sessions/end_others',
    access: {},
    response: z.object({ ended: z.number() }),
  }),
  setIdleTimeout: defineCall({
    method: 'POST',
    path: '/security/sessions/idle_timeout',
    access: { mainUserOnly: true },
    request: idleTimeoutRequest,
    response: z.object({ idleMinutes: z.number().nullable() }),
  }),
  reauth: defineCall({
    method: 'POST',
    path: '/auth/reauth',
    access: {},
    request: reauthRequest,
    response: reauthResponse,
  }),
  apiKeys: defineCall({
    method: 'GET',
    path: '/security/api_keys',
    access: CREDENTIAL_ACCESS.read,
    response: apiKeysResponse,
  }),
  createApiKey: defineCall({
    method: 'POST',
    path: '/security/api_keys/create',
    access: CREDENTIAL_ACCESS.change,
    request: createApiKeyRequest,
    response: apiKeySecretResponse,
  }),
  rotateApiKey: defineCall({
    method: 'POST',
    path: '/security/api_keys/rotate',
    access: CREDENTIAL_ACCESS.change,
    request: rotateApiKeyRequest,
    response: apiKeySecretResponse,
  }),
  revokeApiKey: defineCall({
    method: 'POST',
    path: '/security/api_keys/revoke',
    access: CREDENTIAL_ACCESS.change,
    request: revokeApiKeyRequest,
    response: z.null(),
  }),
};

const STAFF = { console: 'staff' } as const;

/**
 * A console staff member's own sessions (ADR 011): the list, ending one, ending all others, and the
 * staff password re-entry. Ending another session asks that re-entry, and step-up when the staff
 * member has a factor (ASVS 5.0 V7.5.2); the idle timeout is fixed.
 */
export const consoleSessionCalls = {
  sessions: defineCall({
    method: 'GET',
    path: '/console/security/sessions',
    access: STAFF,
    response: staffSessionsResponse,
  }),
  endSession: defineCall({
    method: 'POST',
    path: '/console/security/sessions/end',
    access: { ...STAFF, stepUp: true },
    request: endSessionRequest,
    response: z.object({ ended: z.number() }),
  }),
  /** The staff password re-entry: a proof on this staff session for 5 minutes (as `/auth/reauth`). */
  reauth: defineCall({
    method: 'POST',
    path: '/console/auth/reauth',
    access: STAFF,
    request: reauthRequest,
    response: reauthResponse,
  }),
  endOtherSessions: defineCall({
    method: 'POST',
    path: '/console/security/sessions/end_others',
    access: { ...STAFF, stepUp: true },
    response: z.object({ ended: z.number() }),
  }),
};
