import { randomBytes } from 'node:crypto';
import {
  API_KEY_SCOPES,
  API_KEYS_MAX,
  type ApiKeyItem,
  type CreateApiKeyRequest,
} from '@gerbang/shared';
import type { AuthContext } from '../../http/auth-context';
import { notFound, refused, validationError } from '../../http/errors';
import type { Services } from '../../http/services';
import type { UserActor } from '../../platform/actor';
import { userAuditEntry, writeAudit } from '../../platform/audit/audit';
import { requireReauth } from '../../platform/session/reauth';
import { clientIdFor, credentialRow, ensureCredentialRow } from './service';
import { encryptSecret } from './signing';

/**
 * Scoped SNAP API keys (ADR 011). Beside the credential's own client id (the
 * default key: all scopes, the credential's whitelist, no expiry), an agent may hold up to
 * API_KEYS_MAX keys per environment, each with its scopes, an optional expiry and IP list. The
 * secret is answered once and kept encrypted (the SNAP HMAC is keyed with the secret itself).
 * Every change asks a fresh re-authentication on the session (platform/session/reauth.ts) and
 * is audited without the secret.
 */
export type KeyActor = Pick<UserActor, 'auth' | 'ip' | 'userAgent'>;

const HOUR_MS = 3_600_000;
const newSecret = () => randomBytes(32).toString('base64url');

export async function listApiKeys(services: Services, auth: AuthContext) {
  const now = services.now();
  const [credential, keys] = await Promise.all([
    credentialRow(services.db, auth.agent.id, auth.environment),
    services.db
      .selectFrom('api_keys')
      .selectAll()
      .where('agent_id', '=', auth.agent.id)
      .where('environment', '=', auth.environment)
      .where('revoked_at', 'is', null)
      .orderBy('id')
      .execute(),
  ]);
  const items: ApiKeyItem[] = [];
  if (credential?.client_id) {
    items.push({
      id: null,
      name: credential.app_name,
      clientId: credential.client_id,
      scopes: [...API_KEY_SCOPES],
      allowIp: credential.allow_ip.split(',').filter((ip) => ip !== ''),
      expiresAt: null,
      lastUsedAt: null,
      createdAt: credential.secret_generated_at
        ? new Date(credential.secret_generated_at).toISOString()
        : null,
      previousValidUntil: null,
      expired: false,
    });
  }
  for (const k of keys) {
    const graceOpen = k.previous_valid_until && k.previous_valid_until.getTime() > now.getTime();
    items.push({
      id: Number(k.id),
      name: k.name,
      clientId: k.client_id,
      scopes: k.scopes.split(',').filter((s) => s !== ''),
      allowIp: k.allow_ip.split(',').filter((ip) => ip !== ''),
      expiresAt: k.expires_at ? k.expires_at.toISOString() : null,
      lastUsedAt: k.last_used_at ? k.last_used_at.toISOString() : null,
      createdAt: k.created_at.toISOString(),
      previousValidUntil: graceOpen ? (k.previous_valid_until?.toISOString() ?? null) : null,
      expired: k.expires_at !== null && k.expires_at.getTime() <= now.getTime(),
    });
  }
  return { items, max: API_KEYS_MAX };
}

/**
 * A new key. The count limit holds under parallel requests: the credential row is locked first
 * (`for update`), so two creations are counted one after the other, never both against the
 * same count.
 */
export async function createApiKey(
  services: Services,
  actor: KeyActor,
  input: CreateApiKeyRequest,
) {
  const { auth } = actor;
  const now = services.now();
  requireReauth(auth, now);
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) {
    throw validationError('apiKeys.expiryInvalid');
  }
  await ensureCredentialRow(services.db, auth.agent.id, auth.environment, now);
  const clientId = clientIdFor(auth.environment);
  const clientSecret = newSecret();
  const scopes = [...new Set(input.scopes)].sort();
  const id = await services.db.transaction().execute(async (trx) => {
    await trx
      .selectFrom('agent_credentials')
      .select('agent_id')
      .where('agent_id', '=', auth.agent.id)
      .where('environment', '=', auth.environment)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const count = await trx
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('agent_id', '=', auth.agent.id)
      .where('environment', '=', auth.environment)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= API_KEYS_MAX) {
      throw refused('apiKeys.tooMany', { max: API_KEYS_MAX });
    }
    const row = await trx
      .insertInto('api_keys')
      .values({
        agent_id: auth.agent.id,
        environment: auth.environment,
        name: input.name,
        client_id: clientId,
        secret_enc: encryptSecret(services.db, clientSecret),
        scopes: scopes.join(','),
        allow_ip: input.allowIp.join(','),
        expires_at: expiresAt,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  });
  await audit(services, actor, 'api_key_create', {
    id,
    client_id: clientId,
    name: input.name,
    scopes,
    allow_ip: input.allowIp,
    expires_at: expiresAt?.toISOString() ?? null,
  });
  return { id, clientId, clientSecret, previousValidUntil: null };
}

/**
 * A new secret; the old one stays valid for `graceHours` (0: it stops at once, at most 7 days),
 * both accepted meanwhile. A rotation during an open grace replaces the older secret: only the
 * last two are ever valid.
 */
export async function rotateApiKey(
  services: Services,
  actor: KeyActor,
  input: { id: number; graceHours: number },
) {
  const { auth } = actor;
  const now = services.now();
  requireReauth(auth, now);
  const clientSecret = newSecret();
  const previousValidUntil = new Date(now.getTime() + input.graceHours * HOUR_MS);
  const row = await services.db
    .updateTable('api_keys')
    .set((eb) => ({
      previous_secret_enc: eb.ref('secret_enc'),
      previous_valid_until: previousValidUntil,
      secret_enc: encryptSecret(services.db, clientSecret),
      rotated_at: now,
    }))
    .where('id', '=', input.id)
    .where('agent_id', '=', auth.agent.id)
    .where('environment', '=', auth.environment)
    .where('revoked_at', 'is', null)
    .returning(['id', 'client_id'])
    .executeTakeFirst();
  if (!row) throw notFound('apiKeys.notFound');
  await audit(services, actor, 'api_key_rotate', {
    id: input.id,
    client_id: row.client_id,
    grace_hours: input.graceHours,
    previous_valid_until: previousValidUntil.toISOString(),
  });
  return {
    id: input.id,
    clientId: row.client_id,
    clientSecret,
    previousValidUntil: input.graceHours > 0 ? previousValidUntil.toISOString() : null,
  };
}

/** Revokes a key: its tokens and both its secrets stop at once (the guard reads it per call). */
export async function revokeApiKey(services: Services, actor: KeyActor, id: number) {
  const { auth } = actor;
  const now = services.now();
  requireReauth(auth, now);
  const row = await services.db
    .updateTable('api_keys')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('agent_id', '=', auth.agent.id)
    .where('environment', '=', auth.environment)
    .where('revoked_at', 'is', null)
    .returning('client_id')
    .executeTakeFirst();
  if (!row) throw notFound('apiKeys.notFound');
  await audit(services, actor, 'api_key_revoke', { id, client_id: row.client_id });
}

function audit(
  services: Services,
  actor: KeyActor,
  action: string,
  detail: Record<string, unknown>,
) {
  const target = String(detail.client_id ?? '');
  return writeAudit(services.db, userAuditEntry(actor, services.now(), { action, target, detail }));
}
