import { createHash, randomBytes } from 'node:crypto';
import {
  CALLBACK_EVENTS,
  type CallbackUrlItem,
  type CredentialData,
  type Environment,
  type Language,
  translate,
} from '@gerbang/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { refused } from '../../http/errors';
import type { Services } from '../../http/services';
import { writeAudit } from '../../platform/audit/audit';
import { maskEmail } from '../../platform/binding';
import { clearBudget } from '../../platform/guess-budget';
import { safeEqual } from '../../platform/session/tokens';
import { hashPassword } from '../auth/passwords';
import { encryptSecret } from './signing';
import { newTransactionPin, PIN_RULE } from './transaction-pin';

/**
 * The credential actions (spec 03 §7.2), as plain functions of the caller. Secrets are generated
 * here, returned once, and stored so that a database read cannot reveal them: the client secret
 * as its SHA-256 (256 random bits need no slow hash), the signature key encrypted (signing.ts),
 * the transaction PIN argon2-hashed. Every change is audited (never with a secret).
 */

export interface Actor {
  agentId: number;
  userId: number;
  username: string;
  name: string;
  environment: Environment;
  language: Language;
  ip: string;
  userAgent: string;
}

type Db = Kysely<Database>;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

async function audit(services: Services, actor: Actor, action: string, detail: object) {
  await writeAudit(services.db, {
    at: services.now(),
    agentId: actor.agentId,
    userId: actor.userId,
    username: actor.username,
    action,
    target: actor.username,
    detail: detail as Record<string, unknown>,
    ip: actor.ip,
    userAgent: actor.userAgent,
    environment: actor.environment,
  });
}

export async function credentialRow(db: Db, agentId: number, environment: Environment) {
  return db
    .selectFrom('agent_credentials')
    .selectAll()
    .where('agent_id', '=', agentId)
    .where('environment', '=', environment)
    .executeTakeFirst();
}

/** Creates the agent's credential row for the environment when there is none (no secrets yet). */
export async function ensureCredentialRow(
  db: Db,
  agentId: number,
  environment: Environment,
  now: Date,
) {
  await db
    .insertInto('agent_credentials')
    .values({ agent_id: agentId, environment, app_name: '', allow_ip: '', updated_at: now })
    .onConflict((oc) => oc.columns(['agent_id', 'environment']).doNothing())
    .execute();
}

export async function readCredential(
  services: Services,
  actor: Actor,
  email: string,
): Promise<CredentialData> {
  const row = await credentialRow(services.db, actor.agentId, actor.environment);
  const pin = await services.db
    .selectFrom('transaction_pins')
    .select('user_id')
    .where('user_id', '=', actor.userId)
    .executeTakeFirst();
  const ips = (row?.allow_ip ?? '').split(',').filter((ip) => ip !== '');
  return {
    app_name: row?.app_name ?? '',
    client_id: row?.client_id ?? null,
    has_secret: Boolean(row?.client_secret_hash),
    secret_generated_at: row?.secret_generated_at
      ? new Date(row.secret_generated_at).toISOString()
      : null,
    allow_ip: ips[0] ?? '',
    allow_ip_additional_1: ips[1] ?? '',
    allow_ip_additional_2: ips[2] ?? '',
    allow_ip_additional_3: ips[3] ?? '',
    allow_ip_additional_4: ips[4] ?? '',
    allow_ip_additional_5: ips[5] ?? '',
    is_using_signature: Boolean(row?.is_using_signature),
    previous_secret_until: stillOpen(row?.previous_client_secret_until, services.now()),
    previous_signature_until: stillOpen(row?.previous_signature_until, services.now()),
    has_pin: Boolean(pin),
    email: maskEmail(email),
  };
}

/** The end of a rotation's overlap while it still runs (ISO), else null. */
function stillOpen(until: Date | null | undefined, now: Date): string | null {
  if (!until) return null;
  const at = new Date(until);
  return at.getTime() > now.getTime() ? at.toISOString() : null;
}

export function clientIdFor(environment: Environment): string {
  return `${environment === 'production' ? 'GBP' : 'GBS'}-${randomBytes(9).toString('hex').toUpperCase()}`;
}

/** A notice to the chosen address that something changed; never carries a secret. */
async function notify(
  services: Services,
  actor: Actor,
  to: string,
  what: 'credential' | 'signature',
) {
  await services.mail.send({
    to,
    kind: 'credential_notice',
    subject: translate(actor.language, `credentials.mail.${what}Subject`),
    text: translate(actor.language, `credentials.mail.${what}Body`, {
      name: actor.name,
      environment: actor.environment,
    }),
  });
}

/**
 * New client id (kept when one exists) and client secret; the old secret stops working at once
 * (its hash is replaced in the same statement).
 */
export async function generateCredential(
  services: Services,
  actor: Actor,
  destination: string,
  graceHours = 0,
): Promise<{ client_id: string; client_secret: string }> {
  const now = services.now();
  await ensureCredentialRow(services.db, actor.agentId, actor.environment, now);
  const existing = await credentialRow(services.db, actor.agentId, actor.environment);
  const clientId = existing?.client_id ?? clientIdFor(actor.environment);
  const clientSecret = randomBytes(32).toString('base64url');
  // With an overlap the old secret keeps verifying SNAP service signatures until then;
  // without one it stops at once, as before.
  const overlapUntil =
    graceHours > 0 && existing?.client_secret_enc
      ? new Date(now.getTime() + graceHours * 3_600_000)
      : null;
  await services.db
    .updateTable('agent_credentials')
    .set((eb) => ({
      client_id: clientId,
      client_secret_hash: sha256(clientSecret),
      // The SNAP service signature is an HMAC keyed with the secret itself (modules/snap).
      client_secret_enc: encryptSecret(services.db, clientSecret),
      previous_client_secret_enc: overlapUntil ? eb.ref('client_secret_enc') : null,
      previous_client_secret_until: overlapUntil,
      secret_generated_at: now,
      updated_at: now,
    }))
    .where('agent_id', '=', actor.agentId)
    .where('environment', '=', actor.environment)
    .execute();
  await audit(
    services,
    actor,
    existing?.client_secret_hash ? 'credential_reset' : 'credential_generate',
    {
      client_id: clientId,
      notified: destination,
      overlap_until: overlapUntil?.toISOString() ?? null,
    },
  );
  await notify(services, actor, destination, 'credential');
  return { client_id: clientId, client_secret: clientSecret };
}

/**
 * The H2H check of a client id and secret: true only for the current secret of that client id
 * in that environment (a regenerated secret replaces the old one at once).
 */
export async function verifyClientCredential(
  db: Db,
  environment: Environment,
  clientId: string,
  clientSecret: string,
): Promise<{ agentId: number } | null> {
  const row = await db
    .selectFrom('agent_credentials')
    .select(['agent_id', 'client_secret_hash'])
    .where('client_id', '=', clientId)
    .where('environment', '=', environment)
    .executeTakeFirst();
  if (!row?.client_secret_hash) return null;
  return safeEqual(row.client_secret_hash, sha256(clientSecret)) ? { agentId: row.agent_id } : null;
}

/** A new 6-digit transaction PIN, mailed (never shown), stored argon2-hashed. */
export async function generatePin(
  services: Services,
  actor: Actor,
  destination: string,
): Promise<{ email: string }> {
  const pin = newTransactionPin();
  const pinHash = await hashPassword(pin);
  const now = services.now();
  const existed = await services.db
    .selectFrom('transaction_pins')
    .select('user_id')
    .where('user_id', '=', actor.userId)
    .executeTakeFirst();
  await services.db
    .insertInto('transaction_pins')
    .values({ user_id: actor.userId, pin_hash: pinHash, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ pin_hash: pinHash, updated_at: now }))
    .execute();
  // A new PIN starts with a fresh wrong-try budget.
  await clearBudget(services.db, PIN_RULE, actor.userId);
  await audit(services, actor, existed ? 'transaction_pin_reset' : 'transaction_pin_generate', {
    notified: destination,
  });
  await services.mail.send({
    to: destination,
    kind: 'transaction_pin',
    subject: translate(actor.language, 'credentials.mail.pinSubject'),
    text: translate(actor.language, 'credentials.mail.pinBody', { name: actor.name, pin }),
  });
  return { email: maskEmail(destination) };
}

/** The signature state a `kode` needs (spec 03 §4): ACTIVATED when inactive, RESET when active. */
export async function checkSignatureKode(
  services: Services,
  actor: Actor,
  kode: 'ACTIVATED' | 'RESET',
): Promise<void> {
  const row = await credentialRow(services.db, actor.agentId, actor.environment);
  const active = Boolean(row?.is_using_signature);
  if (kode === 'ACTIVATED' && active) throw refused('credentials.signature.alreadyActive');
  if (kode === 'RESET' && !active) throw refused('credentials.signature.notActive');
}

/** Activates or resets the signature: a new key, shown once, kept encrypted. */
export async function createSignature(
  services: Services,
  actor: Actor,
  kode: 'ACTIVATED' | 'RESET',
  destination: string,
  graceHours = 0,
): Promise<{ signature_key: string; is_using_signature: true }> {
  const now = services.now();
  await ensureCredentialRow(services.db, actor.agentId, actor.environment, now);
  const key = randomBytes(32).toString('hex');
  // A RESET with an overlap keeps the old key signing beside the new one (X-Signature-Previous)
  // until then; without one the old key stops at once, as before.
  const overlapUntil =
    kode === 'RESET' && graceHours > 0 ? new Date(now.getTime() + graceHours * 3_600_000) : null;
  const updated = await services.db
    .updateTable('agent_credentials')
    .set((eb) => ({
      is_using_signature: true,
      signature_key_enc: encryptSecret(services.db, key),
      previous_signature_key_enc: overlapUntil ? eb.ref('signature_key_enc') : null,
      previous_signature_until: overlapUntil,
      updated_at: now,
    }))
    .where('agent_id', '=', actor.agentId)
    .where('environment', '=', actor.environment)
    .where('is_using_signature', '=', kode === 'RESET')
    .returning('agent_id')
    .executeTakeFirst();
  if (!updated)
    throw refused(
      kode === 'RESET' ? 'credentials.signature.notActive' : 'credentials.signature.alreadyActive',
    );
  await audit(services, actor, kode === 'RESET' ? 'signature_reset' : 'signature_activate', {
    notified: destination,
    overlap_until: overlapUntil?.toISOString() ?? null,
  });
  await notify(services, actor, destination, 'signature');
  return { signature_key: key, is_using_signature: true };
}

/** App name and the IP whitelist (already validated: 1–6 addresses). */
export async function updateCredential(
  services: Services,
  actor: Actor,
  input: { appName: string; ips: string[] },
): Promise<CredentialData['allow_ip']> {
  const now = services.now();
  await ensureCredentialRow(services.db, actor.agentId, actor.environment, now);
  const before = await credentialRow(services.db, actor.agentId, actor.environment);
  const allowIp = input.ips.join(',');
  await services.db
    .updateTable('agent_credentials')
    .set({ app_name: input.appName, allow_ip: allowIp, updated_at: now })
    .where('agent_id', '=', actor.agentId)
    .where('environment', '=', actor.environment)
    .execute();
  await audit(services, actor, 'credential_update', {
    app_name: { from: before?.app_name ?? '', to: input.appName },
    allow_ip: { from: before?.allow_ip ?? '', to: allowIp },
  });
  return allowIp;
}

/** The event list with the agent's URLs (empty where none is set). */
export async function listCallbackUrls(
  db: Db,
  agentId: number,
  environment: Environment,
): Promise<{ items: CallbackUrlItem[]; generated: boolean }> {
  const rows = await db
    .selectFrom('callback_urls')
    .select(['idinfo', 'type_value'])
    .where('agent_id', '=', agentId)
    .where('environment', '=', environment)
    .execute();
  const byId = new Map(rows.map((r) => [r.idinfo, r.type_value]));
  return {
    items: CALLBACK_EVENTS.map((e) => ({
      idinfo: e.idinfo,
      type_info: e.type_info,
      type_value: byId.get(e.idinfo) ?? '',
    })),
    generated: rows.length > 0,
  };
}

/** Creates the agent's callback items (one per event type, no URL) where missing. */
export async function generateCallbackUrls(services: Services, actor: Actor): Promise<number> {
  const now = services.now();
  const inserted = await services.db
    .insertInto('callback_urls')
    .values(
      CALLBACK_EVENTS.map((e) => ({
        agent_id: actor.agentId,
        environment: actor.environment,
        idinfo: e.idinfo,
        type_info: e.type_info,
        type_value: '',
        updated_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['agent_id', 'environment', 'idinfo']).doNothing())
    .returning('idinfo')
    .execute();
  await audit(services, actor, 'callback_url_generate', { created: inserted.length });
  return inserted.length;
}

/**
 * A callback URL as the audit log keeps it: without query and fragment (they may carry a token
 * of the receiver); `?…` / `#…` mark that there was one.
 */
export function auditableUrl(raw: string): string {
  if (raw === '') return '';
  try {
    const url = new URL(raw);
    const query = url.search !== '';
    const fragment = url.hash !== '';
    url.search = '';
    url.hash = '';
    url.username = '';
    url.password = '';
    return `${url.href}${query ? '?…' : ''}${fragment ? '#…' : ''}`;
  } catch {
    return raw.replace(/[?#].*$/s, '').slice(0, 300);
  }
}

/** Sets (or clears, with '') the URL of one event type; the URL was checked by the caller. */
export async function setCallbackUrl(
  services: Services,
  actor: Actor,
  idinfo: number,
  url: string,
): Promise<void> {
  const event = CALLBACK_EVENTS.find((e) => e.idinfo === idinfo);
  if (!event) throw refused('credentials.errors.eventUnknown');
  const now = services.now();
  const before = await services.db
    .selectFrom('callback_urls')
    .select('type_value')
    .where('agent_id', '=', actor.agentId)
    .where('environment', '=', actor.environment)
    .where('idinfo', '=', idinfo)
    .executeTakeFirst();
  await services.db
    .insertInto('callback_urls')
    .values({
      agent_id: actor.agentId,
      environment: actor.environment,
      idinfo,
      type_info: event.type_info,
      type_value: url,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['agent_id', 'environment', 'idinfo'])
        .doUpdateSet({ type_value: url, updated_at: now }),
    )
    .execute();
  await audit(services, actor, 'callback_url_update', {
    type_info: event.type_info,
    from: auditableUrl(before?.type_value ?? ''),
    to: auditableUrl(url),
  });
}
