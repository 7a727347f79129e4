import { z } from 'zod';
import { isIpAddress } from './credentials';

/**
 * The security settings' sessions and API keys (ADR 011): schemas of the calls
 * in ./security-calls.ts.
 */

/** The idle timeout a main user may set for the agent's portal users (PCI DSS 8.2.8 asks ≤ 15). */
export const PORTAL_IDLE_MINUTES = { min: 5, max: 240 } as const;
/** How long a password re-entry stays valid on its session for e-mail, password and factor changes. */
export const REAUTH_VALID_MINUTES = 5;
/** Scoped keys per agent and environment, beside the credential's default key. */
export const API_KEYS_MAX = 10;
/** The longest overlap of an old secret after a rotation: 7 days. */
export const ROTATION_GRACE_MAX_HOURS = 168;

/**
 * SNAP service groups and what each scope lets a key call: `read` the inquiries and statuses,
 * `write` what moves money or creates something (modules/snap/scopes.ts maps each path).
 */
export const API_KEY_SCOPES = [
  'balance:read',
  'transfer:read',
  'transfer:write',
  'va:read',
  'va:write',
  'qris:read',
  'qris:write',
  /** The undelivered callbacks (`/snap/v1.0/callback/undelivered`). */
  'callback:read',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const sessionItem = z.object({
  id: z.number(),
  userId: z.number(),
  username: z.string(),
  name: z.string(),
  current: z.boolean(),
  device: z.string(),
  ip: z.string(),
  /** `local`, a two-letter country code, or '' (unknown). */
  place: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});
export type SessionItem = z.infer<typeof sessionItem>;

export const sessionsResponse = z.object({
  items: z.array(sessionItem),
  /** The agent's idle timeout in minutes, null for the installation's default. */
  idleMinutes: z.number().nullable(),
  defaultIdleMinutes: z.number(),
  /** Only the main user sets it. */
  idleEditable: z.boolean(),
});

/** A staff member's own sessions: `userId`/`username`/`name` are the staff member's. */
export const staffSessionsResponse = z.object({
  items: z.array(sessionItem),
  /** Fixed for staff (PCI DSS 8.2.8). */
  idleMinutes: z.number(),
});

export const endSessionRequest = z.object({
  id: z.number({ error: 'sessions.notFound' }).int().positive(),
});

export const idleTimeoutRequest = z.object({
  minutes: z
    .number({ error: 'sessions.idle.invalid' })
    .int('sessions.idle.invalid')
    .min(PORTAL_IDLE_MINUTES.min, 'sessions.idle.invalid')
    .max(PORTAL_IDLE_MINUTES.max, 'sessions.idle.invalid')
    .nullable(),
});

export const reauthRequest = z.object({
  password: z
    .string({ error: 'sessions.reauth.passwordRequired' })
    .min(1, 'sessions.reauth.passwordRequired')
    .max(200),
});
export const reauthResponse = z.object({ validUntil: z.string() });

export const apiKeyItem = z.object({
  /** null: the credential's own client id (the default key, all scopes). */
  id: z.number().nullable(),
  name: z.string(),
  clientId: z.string(),
  scopes: z.array(z.string()),
  allowIp: z.array(z.string()),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string().nullable(),
  /** The old secret after a rotation is still accepted until then. */
  previousValidUntil: z.string().nullable(),
  expired: z.boolean(),
});
export type ApiKeyItem = z.infer<typeof apiKeyItem>;

export const apiKeysResponse = z.object({ items: z.array(apiKeyItem), max: z.number() });

const ipList = z
  .array(z.string().max(45))
  .max(6, 'credentials.ip.tooMany')
  .refine((ips) => ips.every(isIpAddress), 'credentials.ip.invalid')
  .refine(
    (ips) => new Set(ips.map((ip) => ip.toLowerCase())).size === ips.length,
    'credentials.ip.duplicate',
  );

export const createApiKeyRequest = z.object({
  name: z
    .string({ error: 'apiKeys.nameRequired' })
    .trim()
    .min(1, 'apiKeys.nameRequired')
    .max(60, 'apiKeys.nameTooLong'),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: 'apiKeys.scopeInvalid' }))
    .min(1, 'apiKeys.scopeRequired'),
  /** ISO date-time; null: no expiry. Must be in the future (the server checks with its clock). */
  expiresAt: z.string().datetime({ offset: true, error: 'apiKeys.expiryInvalid' }).nullable(),
  allowIp: ipList,
});
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequest>;

/** The secret is in this answer only (shown once). */
export const apiKeySecretResponse = z.object({
  id: z.number(),
  clientId: z.string(),
  clientSecret: z.string(),
  previousValidUntil: z.string().nullable(),
});

export const rotateApiKeyRequest = z.object({
  id: z.number({ error: 'apiKeys.notFound' }).int().positive(),
  graceHours: z
    .number({ error: 'apiKeys.graceInvalid' })
    .int('apiKeys.graceInvalid')
    .min(0, 'apiKeys.graceInvalid')
    .max(ROTATION_GRACE_MAX_HOURS, 'apiKeys.graceInvalid'),
});

export const revokeApiKeyRequest = z.object({
  id: z.number({ error: 'apiKeys.notFound' }).int().positive(),
});
