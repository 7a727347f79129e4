/**
 * A manual top-up (spec 02 §2.5, §5, §9): the agent announces an amount and a receiving bank;
 * the answer is the exact total to transfer — the amount plus a three-digit unique code (100 to
 * 999) that no other open deposit to that account with that amount uses — and an expiry. The
 * incoming transfer of exactly that total before the expiry is matched by the pay-in block
 * (payins/bank-transfer.ts) and credits the agent's available balance; nothing moves here.
 */
import { randomInt } from 'node:crypto';
import { type Environment, wibDate, wibParts } from '@gerbang/shared';
import {
  TOPUP_LIMITS,
  type TopupResult,
  type TopupStatus,
  type TopupStatusAnswer,
} from '@gerbang/shared/contract/topup';
import type { Insertable, Selectable } from 'kysely';
import { notFound, refused, validationError } from '../../http/errors';
import type { Services } from '../../http/services';
import { claimUniqueTotal } from '../payins/expected-totals';
import { findReceivingAccount, type ReceivingAccount } from './receiving-accounts';
import type { DepositsTable } from './tables';

type TopupServices = Pick<Services, 'db' | 'now'>;
type DepositRow = Selectable<DepositsTable>;

export interface TopupActor {
  agentId: number;
  userId: number;
  username: string;
  environment: Environment;
}

export interface TopupInput {
  kodeBank: string;
  nominal: number;
}

const INSERT_ATTEMPTS = 5;
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** DEP + WIB date + agent + 6 random digits. */
function newDepositId(now: Date, agentId: number): string {
  return depositId(now, agentId, randomInt(0, 1_000_000));
}

/** DEP + WIB date + agent + `serial` in 6 digits (the seed passes its own serials). */
export function depositId(now: Date, agentId: number, serial: number): string {
  const p = wibParts(now);
  const day = `${p.year}${pad(p.month, 2)}${pad(p.day, 2)}`;
  return `DEP${day}${pad(agentId % 1000, 3)}${pad(serial % 1_000_000, 6)}`;
}

/** An open deposit created at `now` (pure; the seed writes its history with it). */
export function depositRow(input: {
  idDeposit: string;
  actor: TopupActor;
  account: ReceivingAccount;
  nominal: number;
  uniqueCode: number;
  now: Date;
}): Insertable<DepositsTable> {
  const { actor, account, now } = input;
  return {
    id_deposit: input.idDeposit,
    agent_id: actor.agentId,
    environment: actor.environment,
    user_id: actor.userId,
    username: actor.username,
    tanggal_transaksi: now,
    transaction_date: wibDate(now),
    atasnama: account.atasnama,
    norekening: account.norekening,
    kodebank: account.kodebank,
    namabank: account.namabank,
    nominal: input.nominal,
    kode_unik: input.uniqueCode,
    nominal_unik: input.nominal + input.uniqueCode,
    status: 0,
    expired_at: new Date(now.getTime() + TOPUP_LIMITS.expiryMs),
    created_at: now,
  };
}

/** What an open deposit becomes when it expires unpaid. */
export const EXPIRED_DEPOSIT = { status: 3 } as const;

export function depositAnswer(row: DepositRow): TopupResult {
  return {
    idDeposit: row.id_deposit,
    kodeBank: row.kodebank,
    namabank: row.namabank,
    atasNamaRekening: row.atasnama,
    noRekening: row.norekening,
    nominal: Number(row.nominal),
    nominalUnik: Number(row.kode_unik),
    nominalTransfer: Number(row.nominal_unik),
    expiredTime: new Date(row.expired_at).toISOString(),
  };
}

/** Deposit status column → what the order view shows (0 New, 1 Success, 2 Failed, 3 Expired). */
const STATUS_OF: Record<number, TopupStatus> = { 0: 'OPEN', 1: 'PAID', 2: 'FAILED', 3: 'EXPIRED' };

/** Where one of the agent's own top-ups stands; another agent's id is not found. */
export async function depositStatus(
  services: TopupServices,
  actor: Pick<TopupActor, 'agentId' | 'environment'>,
  idDeposit: string,
): Promise<TopupStatusAnswer> {
  const row = await services.db
    .selectFrom('deposits')
    .select(['id_deposit', 'status'])
    .where('id_deposit', '=', idDeposit)
    .where('agent_id', '=', actor.agentId)
    .where('environment', '=', actor.environment)
    .where('kind', '=', 'topup')
    .executeTakeFirst();
  if (!row) throw notFound();
  return { idDeposit: row.id_deposit, status: STATUS_OF[Number(row.status)] ?? 'OPEN' };
}

class RetryDeposit extends Error {}

/** Unique codes open deposits on this account hold for this amount (also ones without a claim). */
async function takenCodes(
  trx: TopupServices['db'],
  environment: TopupActor['environment'],
  norekening: string,
  nominal: number,
): Promise<number[]> {
  const taken = await trx
    .selectFrom('deposits')
    .select('nominal_unik')
    .where('environment', '=', environment)
    .where('norekening', '=', norekening)
    .where('status', '=', 0)
    .where('nominal_unik', '>=', nominal + TOPUP_LIMITS.uniqueCodeMin)
    .where('nominal_unik', '<=', nominal + TOPUP_LIMITS.uniqueCodeMax)
    .execute();
  return taken.map((r) => Number(r.nominal_unik) - nominal);
}

/**
 * Creates the deposit, or answers the agent's open one for the same bank and amount (a double
 * submit gets the same order, not a second total to pay). One agent's top-ups are serialised on
 * its row; the partial unique index on open (account, total) settles races between agents.
 */
export async function createDeposit(
  services: TopupServices,
  actor: TopupActor,
  input: TopupInput,
): Promise<TopupResult> {
  const account = findReceivingAccount(input.kodeBank);
  if (!account) throw validationError('topup.unknownBank');
  const now = services.now();
  for (let attempt = 0; attempt < INSERT_ATTEMPTS; attempt++) {
    const row = await services.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .selectFrom('agents')
          .select('id')
          .where('id', '=', actor.agentId)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const open = await trx
          .selectFrom('deposits')
          .selectAll()
          .where('agent_id', '=', actor.agentId)
          .where('environment', '=', actor.environment)
          .where('norekening', '=', account.norekening)
          .where('nominal', '=', input.nominal)
          .where('status', '=', 0)
          .where('expired_at', '>', now)
          .orderBy('id', 'desc')
          .executeTakeFirst();
        if (open) return open;
        // The total is claimed among open top-ups AND manual transfer orders on this account
        // (payins/expected-totals.ts); open deposits without a claim count as taken.
        const idDeposit = newDepositId(now, actor.agentId);
        const code = await claimUniqueTotal(trx, {
          environment: actor.environment,
          accountNumber: account.norekening,
          base: input.nominal,
          minCode: TOPUP_LIMITS.uniqueCodeMin,
          maxCode: TOPUP_LIMITS.uniqueCodeMax,
          taken: await takenCodes(trx, actor.environment, account.norekening, input.nominal),
          source: { kind: 'deposit', id: idDeposit },
          expiresAt: new Date(now.getTime() + TOPUP_LIMITS.expiryMs),
          now,
        });
        if (code === null) throw refused('topup.noUniqueCode');
        const inserted = await trx
          .insertInto('deposits')
          .values(
            depositRow({
              idDeposit,
              actor,
              account,
              nominal: input.nominal,
              uniqueCode: code,
              now,
            }),
          )
          .onConflict((oc) => oc.doNothing())
          .returningAll()
          .executeTakeFirst();
        // Not written (an id or open total taken meanwhile): undo the claim and try again.
        if (!inserted) throw new RetryDeposit();
        return inserted;
      })
      .catch((error: unknown) => {
        if (error instanceof RetryDeposit) return undefined;
        throw error;
      });
    if (row) return depositAnswer(row);
  }
  throw new Error('could not find a free unique code');
}

/** Closes open deposits whose expiry has passed (status 3, Expired); answers how many. */
export async function expireDeposits(services: TopupServices): Promise<number> {
  const closed = await services.db
    .updateTable('deposits')
    .set(EXPIRED_DEPOSIT)
    .where('kind', '=', 'topup')
    .where('status', '=', 0)
    .where('expired_at', '<=', services.now())
    .returning('id')
    .execute();
  return closed.length;
}

/** The jobs loop's entry (jobs/topup-expiry.ts). */
export async function runOnce(services: TopupServices): Promise<{ expired: number }> {
  return { expired: await expireDeposits(services) };
}
