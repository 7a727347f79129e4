import { CALLBACK_EVENTS, callbackEventOf, type Environment } from '@gerbang/shared';
import { findPayinChannel } from '@gerbang/shared/domain/payin-channels';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
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
  const event = callbackEventOf(typeCallback, channelKindOf(requestRaw));
  if (!event) return null;
  const idinfo = CALLBACK_EVENTS.find((e) => e.type_info === event)?.idinfo;
  if (idinfo === undefined) return null;
  const row = await db
    .selectFrom('callback_urls')
    .select('type_value')
    .where('agent_id', '=', agentId)
    .where('environment', '=', environment)
    .where('idinfo', '=', idinfo)
    .executeTakeFirst();
  const url = row?.type_value.trim() ?? '';
  if (url === '') return null;
  const credential = await db
    .selectFrom('agent_credentials')
    .select([
      'is_using_signature',
      'signature_key_enc',
      'previous_signature_key_enc',
      'previous_signature_until',
    ])
    .where('agent_id', '=', agentId)
    .where('environment', '=', environment)
    .executeTakeFirst();
  const signingKey =
    credential?.is_using_signature && credential.signature_key_enc
      ? decryptSecret(db, credential.signature_key_enc)
      : null;
  const overlap =
    signingKey !== null &&
    now !== undefined &&
    credential?.previous_signature_key_enc &&
    credential.previous_signature_until &&
    new Date(credential.previous_signature_until).getTime() > now.getTime();
  const previousSigningKey =
    overlap && credential?.previous_signature_key_enc
      ? decryptSecret(db, credential.previous_signature_key_enc)
      : null;
  return { url, signingKey, previousSigningKey };
}

export interface CallbackTarget {
  url: string;
  signingKey: string | null;
  /** The key before the last rotation, while its overlap lasts (a second signature header). */
  previousSigningKey: string | null;
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
