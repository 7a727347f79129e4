import { randomInt } from 'node:crypto';
import { BULK_TRANSFER_LIMITS } from '@gerbang/shared/contract/bulk-transfer';
import { validationError } from '../../http/errors';
import type { Services } from '../../http/services';
import type { UserActor } from '../../platform/actor';
import { bindingChecksum, checksumMatches } from '../../platform/binding';
import { newUuid, wibStamp } from '../../platform/ids';

/**
 * The bulk page's token. `transaction/checksum` checks the account password once per Check and
 * answers a token (`uuid_user`, `checksum`, an HMAC with the server's secret) that stands for it in
 * the inquiries and the save. The rows a Check answers are kept under the token
 * (`bulk_inquiry_rows`) and the save pays exactly those.
 */

export interface ChecksumToken {
  uuid_user: string;
  checksum: string;
}

function tokenChecksum(
  secret: string,
  f: { uuid: string; agentId: number; userId: number; env: string; expiresAt: Date },
) {
  return bindingChecksum(secret, 'bulk-checksum-v1', [
    f.uuid,
    f.agentId,
    f.userId,
    f.env,
    f.expiresAt.toISOString(),
  ]);
}

/** Stores a fresh token after the password check (the caller checked it). */
export async function issueToken(services: Services, actor: UserActor): Promise<ChecksumToken> {
  const { auth } = actor;
  const now = services.now();
  const expiresAt = new Date(now.getTime() + BULK_TRANSFER_LIMITS.tokenTtlMs);
  const uuid = newUuid();
  const checksum = tokenChecksum(services.config.sessionSecret, {
    uuid,
    agentId: auth.agent.id,
    userId: auth.user.id,
    env: auth.environment,
    expiresAt,
  });
  await services.db
    .insertInto('bulk_checksums')
    .values({
      uuid_user: uuid,
      checksum,
      agent_id: auth.agent.id,
      environment: auth.environment,
      user_id: auth.user.id,
      created_at: now,
      expires_at: expiresAt,
    })
    .execute();
  return { uuid_user: uuid, checksum };
}

/** The token is this user's, unexpired and unused; refused with the "check again" message. */
export async function requireToken(
  services: Services,
  actor: UserActor,
  token: { token: string; uuid_user: string },
): Promise<void> {
  const { auth } = actor;
  const row = await services.db
    .selectFrom('bulk_checksums')
    .selectAll()
    .where('uuid_user', '=', token.uuid_user)
    .where('agent_id', '=', auth.agent.id)
    .where('environment', '=', auth.environment)
    .where('user_id', '=', auth.user.id)
    .executeTakeFirst();
  if (!row || !checksumMatches(token.token, row.checksum))
    throw validationError('bulk.errors.token');
  if (new Date(row.expires_at).getTime() <= services.now().getTime())
    throw validationError('bulk.errors.token');
  if (row.used_at) throw validationError('bulk.errors.tokenUsed');
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Eight random digits per inquiry request; the rows of one request are numbered after it. */
export function newBatchKey(): string {
  return pad(randomInt(0, 100_000_000), 8);
}

/**
 * BT + WIB date and time + the request's random key + the row's number in the request: unique
 * within a request by construction, across requests by the key (and the database's unique index).
 */
export function newRowTransactionId(now: Date, batchKey: string, seq: number): string {
  return `BT${wibStamp(now)}${batchKey}${pad(seq, 5)}`;
}
