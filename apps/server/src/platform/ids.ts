import { randomUUID } from 'node:crypto';
import { wibParts } from '@gerbang/shared';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { perOwner } from './per-owner';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The payout kinds' id prefixes: withdraw (WD), e-wallet (EW), retail (RT), remittance (IR). */
export type TransactionIdPrefix = 'WD' | 'EW' | 'RT' | 'IR';

/** yyMMddHHmmss in WIB: the readable, sortable part of transaction ids. */
export function wibStamp(now: Date): string {
  const p = wibParts(now);
  return `${String(p.year).slice(2)}${pad(p.month)}${pad(p.day)}${pad(p.hour)}${pad(p.minute)}${pad(p.second)}`;
}

/** What a serial block is claimed through: the caller's transaction or the pool. */
export type SerialExecutor = Kysely<Database> | Transaction<Database>;

const BLOCK_SIZE = 1_000;

interface SerialBlock {
  stamp: string;
  base: number;
  used: number;
}

/** A claim under way: callers of its second wait for it rather than claim again. */
interface Claim {
  stamp: string;
  done: Promise<SerialBlock>;
  inTransaction: boolean;
}

/** One owner's serials: the block in use and the claim under way. */
interface OwnerSerials {
  block: SerialBlock | null;
  claim: Claim | null;
}

/**
 * The 6-digit serial of transaction ids. Serials come in blocks of 1,000 claimed from the
 * database's `transaction_id_blocks` sequence for one WIB second: a block is one process's alone,
 * so two processes issuing ids in the same second never meet (random starts per process met
 * about (n1 + n2) / 1,000,000 of the time, and a repeated id failed a payment). A process claims
 * when a second starts and after each 1,000 ids of that second: a thousand claims in one second
 * would bring a block round again, so callers arriving together wait for the claim under way.
 *
 * Waiting must never wait on a connection: a claim through a transaction always finishes (it
 * holds its connection), one through the pool needs a free connection, so a caller holding a
 * transaction does not wait for a pool claim (it claims through its own transaction instead;
 * there are never more of those at once than connections). A block's `used` only grows and a
 * block is installed only over a spent or older one, so no serial is handed out twice. Blocks
 * are kept per owner (the services of one database: tests run several in one process).
 */
const serialsOf = perOwner((_owner: object): OwnerSerials => ({ block: null, claim: null }));

async function claimBlock(db: SerialExecutor, stamp: string): Promise<SerialBlock> {
  const { rows } = await sql<{
    block: string;
  }>`SELECT nextval('transaction_id_blocks') AS block`.execute(db);
  return { stamp, base: Number(rows[0]?.block) * BLOCK_SIZE, used: 0 };
}

const usable = (block: SerialBlock | null, stamp: string): block is SerialBlock =>
  block !== null && block.stamp === stamp && block.used < BLOCK_SIZE;

export async function nextSerial(owner: object, db: SerialExecutor, now: Date): Promise<number> {
  const stamp = wibStamp(now);
  const serials = serialsOf(owner);
  for (;;) {
    if (usable(serials.block, stamp)) return serials.block.base + serials.block.used++;
    const under = serials.claim;
    if (under && under.stamp === stamp && (under.inTransaction || !db.isTransaction)) {
      // Its failure is its caller's: this caller then claims through its own executor.
      await under.done.catch(() => undefined);
      continue;
    }
    const done = claimBlock(db, stamp);
    if (!under || under.stamp !== stamp) {
      serials.claim = { stamp, done, inTransaction: db.isTransaction };
    }
    let claimed: SerialBlock;
    try {
      claimed = await done;
    } finally {
      if (serials.claim?.done === done) serials.claim = null;
    }
    if (!usable(serials.block, stamp)) serials.block = claimed;
    return claimed.base + claimed.used++;
  }
}

/** Prefix + WIB date and time to the second + a 6-digit serial: unique, sortable, readable. */
export async function newTransactionId(
  owner: object,
  db: SerialExecutor,
  prefix: TransactionIdPrefix,
  now: Date,
): Promise<string> {
  return stampedId(prefix, now, await nextSerial(owner, db, now));
}

/** Prefix + WIB date and time to the second + `serial` in 6 digits: every id of this scheme. */
export function stampedId(prefix: string, now: Date, serial: number): string {
  return `${prefix}${wibStamp(now)}${pad(serial % 1_000_000, 6)}`;
}

export function newUuid(): string {
  return randomUUID();
}
