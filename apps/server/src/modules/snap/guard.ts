import { createHash } from 'node:crypto';
import { type Environment, wibDate } from '@gerbang/shared';
import { sql } from 'kysely';
import { preparedMark } from '../../db/prepared-statements';
import type { Services } from '../../http/services';
import { GroupCommit, type Settled } from '../../platform/group-commit';
import { perOwner } from '../../platform/per-owner';
import { decryptSecret } from '../credentials/signing';
import { SnapError } from './codes';
import { parseSnapTimestamp, TIMESTAMP_SKEW_MS } from './signature';

/**
 * The checks every SNAP call passes before its service runs, each refusing with the standard's
 * code and changing nothing: who the partner is (client id or bearer token), the IP whitelist, the
 * timestamp window, the per-partner rate limit, and the X-EXTERNAL-ID of the day. The order is
 * the route's (pipeline.ts): nothing is counted or reserved for a caller that is not the partner.
 */

/** A partner: one agent's credential in one environment (sandbox and production are separate). */
export interface SnapPartner {
  agentId: number;
  environment: Environment;
  clientId: string;
  allowIp: string[];
  publicKey: string | null;
  clientSecretEnc: string | null;
  ratePerMinute: number;
  apiEnabled: boolean;
  /** The scoped key called with (api-keys.ts); null: the credential's default key, all scopes. */
  key: PartnerKey | null;
  /** The secret before the last rotation (the key's or the credential's), valid until then. */
  previousSecretEnc: string | null;
  previousValidUntil: Date | null;
}

/** A scoped API key's limits: its scopes and expiry. */
export interface PartnerKey {
  id: number;
  scopes: ReadonlySet<string>;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}

export const TOKEN_TTL_SECONDS = 900;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

function partnerQuery(services: Services) {
  return services.db
    .selectFrom('agent_credentials as c')
    .innerJoin('agents as a', 'a.id', 'c.agent_id')
    .select([
      'c.agent_id',
      'c.environment',
      'c.client_id',
      'c.allow_ip',
      'c.snap_public_key',
      'c.client_secret_enc',
      'c.snap_rate_per_minute',
      'c.previous_client_secret_enc',
      'c.previous_client_secret_until',
      'a.enable_api',
    ]);
}

type PartnerRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof partnerQuery>['executeTakeFirst']>>
>;

/** A key's row, joined beside the credential (left join: null columns for the default key). */
interface KeyColumns {
  key_id: number | null;
  key_client_id: string | null;
  key_secret_enc: string | null;
  key_previous_secret_enc: string | null;
  key_previous_valid_until: Date | null;
  key_scopes: string | null;
  key_allow_ip: string | null;
  key_expires_at: Date | null;
  key_last_used_at: Date | null;
}

const keyColumns = [
  'k.id as key_id',
  'k.client_id as key_client_id',
  'k.secret_enc as key_secret_enc',
  'k.previous_secret_enc as key_previous_secret_enc',
  'k.previous_valid_until as key_previous_valid_until',
  'k.scopes as key_scopes',
  'k.allow_ip as key_allow_ip',
  'k.expires_at as key_expires_at',
  'k.last_used_at as key_last_used_at',
] as const;

const ipList = (text: string) => text.split(',').filter((ip) => ip !== '');

/** The partner as a scoped key: its client id, secret and IP list (else the credential's). */
function partnerWithKey(row: PartnerRow & KeyColumns): SnapPartner {
  const partner = partnerOf(row);
  if (row.key_id === null || row.key_client_id === null || row.key_secret_enc === null) {
    return partner;
  }
  const keyIps = ipList(row.key_allow_ip ?? '');
  return {
    ...partner,
    clientId: row.key_client_id,
    clientSecretEnc: row.key_secret_enc,
    allowIp: keyIps.length > 0 ? keyIps : partner.allowIp,
    previousSecretEnc: row.key_previous_secret_enc,
    previousValidUntil: row.key_previous_valid_until
      ? new Date(row.key_previous_valid_until)
      : null,
    key: {
      id: Number(row.key_id),
      scopes: new Set(ipList(row.key_scopes ?? '')),
      expiresAt: row.key_expires_at ? new Date(row.key_expires_at) : null,
      lastUsedAt: row.key_last_used_at ? new Date(row.key_last_used_at) : null,
    },
  };
}

function partnerOf(row: PartnerRow): SnapPartner {
  return {
    agentId: Number(row.agent_id),
    environment: row.environment,
    clientId: row.client_id ?? '',
    allowIp: row.allow_ip.split(',').filter((ip) => ip !== ''),
    publicKey: row.snap_public_key,
    clientSecretEnc: row.client_secret_enc,
    ratePerMinute: row.snap_rate_per_minute,
    apiEnabled: row.enable_api,
    key: null,
    previousSecretEnc: row.previous_client_secret_enc,
    previousValidUntil: row.previous_client_secret_until
      ? new Date(row.previous_client_secret_until)
      : null,
  };
}

/** The partner of a client id (its environment is the credential's: GBP… or GBS…). */
export async function partnerByClientId(
  services: Services,
  clientId: string,
): Promise<SnapPartner | null> {
  if (clientId === '' || clientId.length > 64) return null;
  const row = await partnerQuery(services).where('c.client_id', '=', clientId).executeTakeFirst();
  if (row) return partnerOf(row);
  // Not the credential's own client id: a scoped key's (a revoked key is unknown).
  const keyed = await partnerQuery(services)
    .innerJoin('api_keys as k', (join) =>
      join.onRef('k.agent_id', '=', 'c.agent_id').onRef('k.environment', '=', 'c.environment'),
    )
    .select(keyColumns)
    .where('k.client_id', '=', clientId)
    .where('k.revoked_at', 'is', null)
    .executeTakeFirst();
  return keyed ? partnerWithKey(keyed) : null;
}

function tokenQuery(services: Services, tokenHash: string) {
  return (
    partnerQuery(services)
      .innerJoin('snap_tokens as t', (join) =>
        join.onRef('t.agent_id', '=', 'c.agent_id').onRef('t.environment', '=', 'c.environment'),
      )
      // The key the token was issued to, read fresh: a revoked key ends its tokens at once.
      .leftJoin('api_keys as k', (join) =>
        join.onRef('k.id', '=', 't.api_key_id').on('k.revoked_at', 'is', null),
      )
      .select(['t.client_id as token_client_id', 't.expires_at', 't.api_key_id'])
      .select(keyColumns)
      .where('t.token_hash', '=', tokenHash)
  );
}

type TokenRow = Awaited<ReturnType<ReturnType<typeof tokenQuery>['executeTakeFirst']>>;

const tokenReads = perOwner(
  (services: Services) =>
    new GroupCommit<string, TokenRow>(async (key, items) => {
      const row = await tokenQuery(services, key).executeTakeFirst();
      return items.map(() => ({ ok: true as const, value: row }));
    }),
);

/**
 * The token's row, read by one statement for the calls with the same token that arrive together
 * (a group keyed by the token's hash, platform/group-commit.ts): every read still starts after its
 * call arrived, so nothing is older than a read of its own would be.
 */
function readToken(services: Services, tokenHash: string): Promise<TokenRow> {
  return tokenReads(services).submit(tokenHash, tokenHash);
}

/**
 * The partner a live bearer token was issued to; null when unknown or expired. One statement
 * (token, credential and agent joined), read fresh on every call — not cached — so a changed
 * whitelist, a disabled API switch or a removed credential holds from the next call on.
 */
export async function partnerByToken(
  services: Services,
  accessToken: string,
): Promise<SnapPartner | null> {
  if (accessToken === '' || accessToken.length > 128) return null;
  const row = await readToken(services, sha256(accessToken));
  if (!row || new Date(row.expires_at).getTime() <= services.now().getTime()) return null;
  if (row.api_key_id !== null) {
    if (row.key_client_id !== row.token_client_id) return null;
    return partnerWithKey(row);
  }
  // A regenerated client id (never happens today) or a removed credential ends the token too.
  if (row.client_id !== row.token_client_id) return null;
  return partnerOf(row);
}

/** A scoped key past its expiry is refused (401xx00), at the token and at every call. */
export function assertKeyLive(services: Services, partner: SnapPartner): void {
  const expiresAt = partner.key?.expiresAt;
  if (expiresAt && expiresAt.getTime() <= services.now().getTime()) {
    throw new SnapError('unauthorized', 'API key expired');
  }
}

/** A scoped key calls only the services of its scopes; others 403xx01 Feature Not Allowed. */
export function assertScope(partner: SnapPartner, scope: string): void {
  if (partner.key && !partner.key.scopes.has(scope)) {
    throw new SnapError('featureNotAllowed', `[API key scope does not include ${scope}]`);
  }
}

/**
 * The secrets a service signature may be made with: the current one, and after a rotation the
 * previous one until its grace ends. A signature made with a previous secret past its grace is
 * told apart in the refusal (the partner sees why), still 401xx00.
 */
export function verifyWithKeySecrets(
  services: Services,
  partner: SnapPartner,
  verify: (secret: string) => boolean,
): void {
  if (verify(clientSecretOf(services, partner))) return;
  if (partner.previousSecretEnc && verify(decryptSecret(services.db, partner.previousSecretEnc))) {
    const until = partner.previousValidUntil?.getTime() ?? 0;
    if (until > services.now().getTime()) return;
    throw new SnapError('unauthorized', 'Client secret rotated; its grace period has ended');
  }
  throw new SnapError('unauthorized', 'Signature');
}

/** The key's last use, written at most once a minute (a busy key does not write every call). */
export async function touchKey(services: Services, partner: SnapPartner): Promise<void> {
  const key = partner.key;
  if (!key) return;
  const now = services.now();
  if (key.lastUsedAt && now.getTime() - key.lastUsedAt.getTime() < 60_000) return;
  await services.db
    .updateTable('api_keys')
    .set({ last_used_at: now })
    .where('id', '=', key.id)
    .execute();
}

/** IPv4-mapped IPv6 (`::ffff:1.2.3.4`) is the IPv4 address; case does not matter. */
export function normaliseIp(ip: string): string {
  const lower = ip.trim().toLowerCase();
  return lower.startsWith('::ffff:') && lower.includes('.') ? lower.slice(7) : lower;
}

/**
 * The whitelist the partner set on the credential page. An empty whitelist lets nobody in: the
 * page requires 1–6 addresses before a partner can call.
 */
export function assertWhitelisted(partner: SnapPartner, ip: string): void {
  if (!partner.apiEnabled) throw new SnapError('featureNotAllowed', '[API access is not enabled]');
  const caller = normaliseIp(ip);
  if (!partner.allowIp.some((allowed) => normaliseIp(allowed) === caller)) {
    throw new SnapError('featureNotAllowed', '[Client IP is not whitelisted]');
  }
}

export function assertTimestamp(services: Services, header: string): void {
  const at = parseSnapTimestamp(header);
  if (!at) throw new SnapError('invalidFieldFormat', 'X-TIMESTAMP');
  if (Math.abs(at.getTime() - services.now().getTime()) > TIMESTAMP_SKEW_MS) {
    throw new SnapError('unauthorized', 'X-TIMESTAMP is more than 5 minutes off');
  }
}

/** The client secret for the service HMAC; a secret from before SNAP existed must be renewed. */
export function clientSecretOf(services: Services, partner: SnapPartner): string {
  if (!partner.clientSecretEnc) {
    throw new SnapError('unauthorized', 'Regenerate the client secret to use this API');
  }
  return decryptSecret(services.db, partner.clientSecretEnc);
}

/** The rate window upsert: one count per call in the partner's current minute. */
function rateSlotInsert(services: Services, partner: SnapPartner, windowStart: Date) {
  return services.db
    .insertInto('snap_rate_windows')
    .values({
      agent_id: partner.agentId,
      environment: partner.environment,
      window_start: windowStart,
      calls: 1,
    })
    .onConflict((oc) =>
      oc.columns(['agent_id', 'environment']).doUpdateSet((eb) => ({
        calls: eb
          .case()
          .when('snap_rate_windows.window_start', '=', eb.ref('excluded.window_start'))
          .then(eb('snap_rate_windows.calls', '+', 1))
          .else(1)
          .end(),
        window_start: eb.ref('excluded.window_start'),
      })),
    )
    .returning(['calls', 'window_start']);
}

function tooManyRequests(windowStart: Date, now: number): SnapError {
  const resetAt = new Date(windowStart).getTime() + 60_000;
  const retryAfter = Math.max(1, Math.ceil((resetAt - now) / 1000));
  return new SnapError('tooManyRequests', undefined, { 'retry-after': String(retryAfter) });
}

/**
 * Counts the call in the partner's current minute (one upsert: parallel calls each see their own
 * count), refusing past the budget with the seconds until the next minute.
 */
export async function takeRateSlot(services: Services, partner: SnapPartner): Promise<void> {
  const now = services.now().getTime();
  const windowStart = new Date(Math.floor(now / 60_000) * 60_000);
  const row = await rateSlotInsert(services, partner, windowStart).executeTakeFirstOrThrow();
  if (row.calls > partner.ratePerMinute) throw tooManyRequests(row.window_start, now);
}

/**
 * The rate slot, then X-EXTERNAL-ID reserved for the partner's WIB day, in ONE statement: the
 * window upsert and, only for the calls within the budget, the external id insert (a data-
 * modifying CTE reading the upsert's count). A refused call (429) reserves nothing; a reuse of
 * the external id within the day (even while the first is running) is refused with 409xx00 and
 * does nothing else. The call still counts against the budget.
 *
 * Calls of one partner that arrive together share the statement (a group commit keyed by the
 * partner, ADR 009): every call used to update the partner's one window row in its own
 * transaction, so the partner's calls queued on that row lock, each held through its commit's
 * WAL flush. A group adds its size to the count and numbers its calls in arrival order; each call
 * is answered by its own number and its own external id.
 */
export function admitCall(
  services: Services,
  partner: SnapPartner,
  externalId: string,
  path: string,
): Promise<void> {
  return admissions(services).submit(`${partner.agentId}:${partner.environment}`, {
    partner,
    externalId,
    path,
  });
}

interface Admission {
  partner: SnapPartner;
  externalId: string;
  path: string;
}

const admissions = perOwner(
  (services: Services) =>
    new GroupCommit<Admission, void>((_key, items) => admitGroup(services, items)),
);

async function admitGroup(
  services: Services,
  items: readonly Admission[],
): Promise<Settled<void>[]> {
  const first = items[0] as Admission;
  const { agentId, environment } = first.partner;
  const at = services.now();
  const now = at.getTime();
  const windowStart = new Date(Math.floor(now / 60_000) * 60_000);
  const n = items.length;
  const { rows } = await sql<{
    ord: number;
    call_no: number;
    window_start: Date;
    reserved: boolean;
  }>`${preparedMark}
    with slot as (
      insert into snap_rate_windows as w (agent_id, environment, window_start, calls)
      values (${agentId}, ${environment}, ${windowStart.toISOString()}::timestamptz, ${n}::int)
      on conflict (agent_id, environment) do update set
        calls = case when w.window_start = excluded.window_start then w.calls + ${n}::int
          else ${n}::int end,
        window_start = excluded.window_start
      returning calls, window_start),
    calls as (
      select u.ord::int as ord, (slot.calls - ${n}::int + u.ord)::int as call_no, u.external_id,
        u.path, u.rate, slot.window_start
      from slot, unnest(${items.map((i) => i.externalId)}::text[], ${items.map((i) => i.path)}::text[],
        ${items.map((i) => i.partner.ratePerMinute)}::int[]) with ordinality as u(external_id, path, rate, ord)),
    reserved as (
      insert into snap_external_ids (agent_id, environment, day, external_id, path, created_at)
      select ${agentId}::int8, ${environment}::text, ${wibDate(at)}::date, c.external_id, c.path,
        ${at.toISOString()}::timestamptz
      from calls c where c.call_no <= c.rate order by c.ord
      on conflict do nothing
      returning external_id)
    select c.ord, c.call_no, c.window_start,
      exists (select 1 from reserved r where r.external_id = c.external_id) as reserved
    from calls c order by c.ord`.execute(services.db);
  // Two calls of one group with the same external id: the first one reserved it, not the second.
  const taken = new Set<string>();
  return items.map((item, index): Settled<void> => {
    const row = rows[index];
    if (!row) return { ok: false, error: new Error('admission row missing') };
    if (Number(row.call_no) > item.partner.ratePerMinute) {
      return { ok: false, error: tooManyRequests(new Date(row.window_start), now) };
    }
    if (!row.reserved || taken.has(item.externalId)) {
      return { ok: false, error: new SnapError('conflict') };
    }
    taken.add(item.externalId);
    return { ok: true, value: undefined };
  });
}
