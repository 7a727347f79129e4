import { CALLBACK_EVENTS, callbackEventOf, type Environment } from '@gerbang/shared';
import { findPayinChannel } from '@gerbang/shared/domain/payin-channels';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { GroupCommit } from '../../platform/group-commit';
import { perOwner } from '../../platform/per-owner';
import { decryptSecret } from './signing';

/**
 * Where a callback row goes and how it is signed: the agent's URL for the row's
 * event type and, when the agent's signature is active, its signature key in plain text (kept
 * encrypted at rest, signing.ts). Null when the agent has no URL for that event.
 *
 * `typeCallback` is the row's `type_callback` (payment, settlement, topup, disbursement,
 * deposit_return, …) or an event code (VA_PAID, …). A pay-in `payment` is VA, QRIS or retail by
 * its channel: pass the row's `request_raw` as `requestRaw` so its `channel` decides (without it,
 * VA_PAID). The URL is not re-checked here: the sender calls `assertPublicCallbackUrl` at send.
 */
export async function callbackTargetFor(
  db: Kysely<Database>,
  agentId: number,
  environment: Environment,
  typeCallback: string,
  requestRaw?: string | null,
  /** The time of the attempt: the previous key during a rotation's overlap is given until then. */
  now?: Date,
): Promise<CallbackTarget | null> {
  const idinfo = idinfoOf(typeCallback, requestRaw);
  if (idinfo === null) return null;
  return targetOf(db, await readTarget(db, { agentId, environment, idinfo }), now);
}

/**
 * The same answer as `callbackTargetFor`, with ONE read for the calls of the same agent,
 * environment and event that arrive together (the sender's deliveries in flight, ADR 009's group
 * commit): every read starts after its calls arrived, so none is older than a call of its own.
 */
export async function callbackTargetShared(
  db: Kysely<Database>,
  agentId: number,
  environment: Environment,
  typeCallback: string,
  requestRaw: string | null,
  now: Date,
): Promise<CallbackTarget | null> {
  const idinfo = idinfoOf(typeCallback, requestRaw);
  if (idinfo === null) return null;
  const row = await sharedReads(db).submit(`${agentId}:${environment}:${idinfo}`, {
    agentId,
    environment,
    idinfo,
  });
  return targetOf(db, row, now);
}

interface TargetKey {
  agentId: number;
  environment: Environment;
  idinfo: number;
}

type TargetRow = Awaited<ReturnType<typeof readTarget>>;

const sharedReads = perOwner(
  (db: Kysely<Database>) =>
    new GroupCommit<TargetKey, TargetRow>(async (_key, items) => {
      const row = await readTarget(db, items[0] as TargetKey);
      return items.map(() => ({ ok: true, value: row }));
    }),
);

/** The callback URL's `idinfo` of a row's event, or null when the event has none. */
function idinfoOf(typeCallback: string, requestRaw?: string | null): number | null {
  const event = callbackEventOf(typeCallback, channelKindOf(requestRaw));
  if (!event) return null;
  return CALLBACK_EVENTS.find((e) => e.type_info === event)?.idinfo ?? null;
}

/** One round trip: the URL, the agent's signing keys and the URL's endpoint state. */
function readTarget(db: Kysely<Database>, key: TargetKey) {
  return db
    .selectFrom('callback_urls as u')
    .leftJoin('agent_credentials as c', (join) =>
      join.onRef('c.agent_id', '=', 'u.agent_id').onRef('c.environment', '=', 'u.environment'),
    )
    .leftJoin('callback_endpoints as e', (join) =>
      join
        .onRef('e.agent_id', '=', 'u.agent_id')
        .onRef('e.environment', '=', 'u.environment')
        .on('e.url', '=', sql<string>`btrim(u.type_value)`),
    )
    .select([
      'u.type_value',
      'c.is_using_signature',
      'c.signature_key_enc',
      'c.previous_signature_key_enc',
      'c.previous_signature_until',
      'e.url as endpoint_url',
      'e.disabled_at',
    ])
    .where('u.agent_id', '=', key.agentId)
    .where('u.environment', '=', key.environment)
    .where('u.idinfo', '=', key.idinfo)
    .executeTakeFirst();
}

function targetOf(db: Kysely<Database>, row: TargetRow, now?: Date): CallbackTarget | null {
  const url = row?.type_value.trim() ?? '';
  if (!row || url === '') return null;
  const signingKey =
    row.is_using_signature && row.signature_key_enc
      ? decryptSecret(db, row.signature_key_enc)
      : null;
  const overlap =
    signingKey !== null &&
    now !== undefined &&
    row.previous_signature_key_enc &&
    row.previous_signature_until &&
    new Date(row.previous_signature_until).getTime() > now.getTime();
  const previousSigningKey =
    overlap && row.previous_signature_key_enc
      ? decryptSecret(db, row.previous_signature_key_enc)
      : null;
  // The join matched the endpoint on btrim, which drops spaces only: for a URL with other
  // surrounding whitespace the lookup cannot tell (null), and the sender asks for it alone.
  const endpointDisabled =
    row.type_value.replace(/^ +| +$/g, '') === url ? row.disabled_at !== null : null;
  return { url, signingKey, previousSigningKey, endpointDisabled };
}

export interface CallbackTarget {
  url: string;
  signingKey: string | null;
  /** The key before the last rotation, while its overlap lasts (a second signature header). */
  previousSigningKey: string | null;
  /**
   * The endpoint (agent, environment, this URL) is disabled after a day of failures
   * (callbacks/endpoints.ts); null when this lookup cannot tell (see above).
   */
  endpointDisabled: boolean | null;
}

/** The channel kind of a pay-in callback body (`channel` is a channel code: 014, QRIS, …). */
function channelKindOf(requestRaw?: string | null): string | null {
  if (!requestRaw) return null;
  try {
    const body = JSON.parse(requestRaw) as { channel?: unknown; channel_kind?: unknown };
    if (typeof body.channel_kind === 'string') return body.channel_kind;
    if (typeof body.channel !== 'string') return null;
    return findPayinChannel(body.channel)?.kind ?? null;
  } catch {
    return null;
  }
}
