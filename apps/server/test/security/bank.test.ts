import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { balanceOfAccount, checkInvariants } from '@gerbang/ledger';
import { RC } from '@gerbang/shared';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { bootstrap } from '../../src/bootstrap';
import { loadConfig } from '../../src/config';
import { payinTransferIds } from '../../src/modules/payins/book';
import { runOnce as runSettlement } from '../../src/modules/payins/settlement';
import { availableBalance } from '../../src/modules/payouts/accounts';
import { postTransferId, voidTransferId } from '../../src/modules/payouts/hold';
import { runRailSweep } from '../../src/modules/payouts/rail-work';
import { createClock } from '../../src/platform/clock';
import { createPostgresDatabase } from '../helpers/databases';
import { DEMO_PASSWORD } from '../helpers/test-app';
import { type Answer, BankClient, freePort, NoAnswer, ServerProcess } from './bank-server';

/**
 * The bank test, Jepsen-style: concurrent clients withdraw money (inquiry → OTP read
 * from the dev mailbox → payment, identical payments sent several times at once and replayed
 * later) against the real server process, which is killed with SIGKILL several times in the middle
 * of the bursts and started again on the same database. Afterwards, on the database itself:
 *
 * - every acknowledged payment is there exactly once, with its ledger chain resolved or held;
 * - every unacknowledged one is absent or finished (or held for a bank that is down at night);
 * - nothing is stuck: after the rail sweep ran, a withdrawal still PROCESS is one the simulated
 *   bank queues for its 23:00–06:00 WIB downtime, with its hold in place and its rail work alive;
 * - each agent's balance (available + held) moved by exactly the withdrawals and the pay-ins that
 *   went through, the balance columns equal their entries, and every ledger invariant holds
 *   (`checkInvariants`, = `ledger:check`).
 *
 * Next to the withdrawal clients, pay-in clients act as the payers' banks through the rails
 * simulator (`/dev/simulator/issue`, `/pay`, `/settle`): they issue open VAs and dynamic QRIS codes
 * for the agents, pay them under a bank reference of their own choosing, send identical payments
 * at once, replay acknowledged ones later and now and then run settlement. Afterwards: every
 * acknowledged pay-in has exactly one receipt, one cash-in transaction, one incoming hold and its
 * ledger chain (held credit + fee) once; an unacknowledged one is absent or complete, never half;
 * and no hold is settled twice (each completed settlement has its one ledger transfer and no
 * settlement transfer exists without a completed settlement).
 *
 * The server runs in demo mode without SESSION_SECRET, so the secrets are the ones demo mode keeps
 * in its database (finding 8): payments of inquiries made before a kill succeed after the restart.
 *
 * Database: PostgreSQL when DATABASE_URL is set. A PGlite-only run skips it: PGlite is one process'
 * embedded database, so the test could not watch it while the server owns it, and its crash safety
 * under kill -9 is not what a deployment relies on (production requires PostgreSQL).
 * BANK_TEST_SECONDS sets the length of the load phase (default 45).
 */

const TEST_KEY = 'bank-test-mode-key';
const LOAD_MS = Number(process.env.BANK_TEST_SECONDS ?? 45) * 1000;
/** Kills survived with a restart during the load (one more kill ends it). */
const MIN_RESTARTS = 3;
const WORKERS_PER_USER = 3;
/** Pay-in clients (the payers' banks), each paying to every agent of USERS in turn. */
const PAYIN_CLIENTS = 2;
const USERS = ['partner@demo.id', 'h2h@demo.id'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Outcome = 'acknowledged' | 'refused' | 'unknown';

interface Withdrawal {
  username: string;
  idTransaksi: string;
  kind: 'BANK' | 'EWALLET';
  amount: number;
  fee: number;
  payment: Record<string, unknown>;
  paymentUrl: string;
  outcome: Outcome;
  /** The receipt's status when acknowledged. */
  status?: string;
  /** Payment requests sent for it (identical copies and replays). */
  sent: number;
  /** Whether some payment request for it got no answer (the server died under it). */
  unanswered?: boolean;
  /** Whether its inquiry was made before a kill and its payment acknowledged after it. */
  spannedRestart: boolean;
}

interface Payin {
  username: string;
  /** The bank reference the client chose (the idempotency key of the payment). */
  reference: string;
  channel: 'va' | 'qris';
  number: string;
  amount: number;
  outcome: Outcome;
  /** Our transaction id, as the first acknowledging answer gave it. */
  idTransaksi?: string;
  /** Pay requests sent for it (identical copies, retries and replays). */
  sent: number;
  /** Answers that said the money moved now (`replayed: false`): at most one per reference. */
  fresh: number;
  unanswered?: boolean;
}

interface Figures {
  inquiries: number;
  paymentsSent: number;
  acknowledged: number;
  refused: number;
  unknown: number;
  replays: number;
  replaysAnsweredAlike: number;
  identicalAnsweredDifferently: number;
  spannedRestart: number;
  /** Steps refused with 429 although the password was right. */
  throttled: number;
  /** Inquiries refused because the agent had spent its balance (pay-ins refill it). */
  insufficient: number;
  payinsIssued: number;
  payinRequests: number;
  payinsAcknowledged: number;
  payinsRefused: number;
  payinsUnknown: number;
  payinReplays: number;
  payinReplaysAnsweredAlike: number;
  payinIdenticalAnsweredDifferently: number;
  settleCalls: number;
  settleAnswered: number;
  holdsSettledByCalls: number;
}

const runOnPostgres = Boolean(process.env.DATABASE_URL);
if (!runOnPostgres) {
  console.log(
    'bank test: skipped — it needs PostgreSQL (set DATABASE_URL); PGlite cannot be shared by the server process and the checking test',
  );
}

describe.skipIf(!runOnPostgres)(
  'bank test: withdrawals against a server killed with SIGKILL',
  () => {
    it('loses no acknowledged payment, pays nothing twice, leaves nothing stuck', async () => {
      const started = Date.now();
      const pgdb = await createPostgresDatabase('gerbang_bank');
      const exportDir = mkdtempSync(path.join(tmpdir(), 'gerbang-bank-'));
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        DATABASE_URL: pgdb.url,
        GERBANG_MODE: 'demo',
        NODE_ENV: 'development',
        TEST_MODE_KEY: TEST_KEY,
        CAPTCHA_COST: '50',
        // partner@demo.id is under the 23:45–00:15 WIB cut-off by default: none here, any hour.
        CUT_OFF_AGENTS: '',
        LOG_LEVEL: 'warn',
        EXPORT_DIR: exportDir,
      };
      // Without configured secrets: demo mode must keep its own across restarts (finding 8).
      delete env.SESSION_SECRET;
      delete env.CAPTCHA_SECRET;
      const server = new ServerProcess(Number(env.PORT), env);
      const withdrawals: Withdrawal[] = [];
      const figures: Figures = {
        inquiries: 0,
        paymentsSent: 0,
        acknowledged: 0,
        refused: 0,
        unknown: 0,
        replays: 0,
        replaysAnsweredAlike: 0,
        identicalAnsweredDifferently: 0,
        spannedRestart: 0,
        throttled: 0,
        insufficient: 0,
        payinsIssued: 0,
        payinRequests: 0,
        payinsAcknowledged: 0,
        payinsRefused: 0,
        payinsUnknown: 0,
        payinReplays: 0,
        payinReplaysAnsweredAlike: 0,
        payinIdenticalAnsweredDifferently: 0,
        settleCalls: 0,
        settleAnswered: 0,
        holdsSettledByCalls: 0,
      };
      const payins: Payin[] = [];
      const clients: BankClient[] = [];
      try {
        await server.start(120_000);
        const startedUp = Date.now() - started;

        // Opening balances (available + held), as the server reports them: read until two reads
        // agree, as the server's settlement job may move held money to available in between.
        const opening = new Map<string, number>();
        for (const username of USERS) {
          const c = new BankClient(server, username, DEMO_PASSWORD, TEST_KEY);
          await c.login();
          let last: number | null = null;
          for (let read = 0; read < 10; read++) {
            const info = await c.get('/data/app_info_web');
            expect(info.rc, info.rd).toBe('00');
            const total = info.data.balance + info.data.hold_balance;
            if (total === last) break;
            last = total;
          }
          opening.set(username, last!);
          clients.push(c);
        }

        const loadStart = new Date();
        let loadOver = false;
        let restarts = 0;
        const deadline = Date.now() + LOAD_MS;
        // A slow machine restarts slowly: the load goes on until MIN_RESTARTS kills have been
        // survived, but never past this.
        const hardDeadline = deadline + 45_000;
        const loadGoesOn = () =>
          (Date.now() < deadline || restarts < MIN_RESTARTS) && Date.now() < hardDeadline;

        /** The six-digit OTP of the newest OTP mail for this destination. */
        async function otpFor(c: BankClient, marker: string): Promise<string | null> {
          const box = await c.get(`/dev/mailbox?to=${encodeURIComponent(c.username)}&limit=100`);
          const mail = (box.data as Array<{ kind: string; subject: string; text: string }>)?.find(
            (m) => m.kind === 'otp' && m.text.includes(marker),
          );
          return mail?.subject.match(/(\d{6})/)?.[1] ?? null;
        }

        /** Sends the identical payment `copies` times at once; answers, or NoAnswer per copy. */
        async function pay(c: BankClient, w: Withdrawal, copies: number) {
          w.sent += copies;
          figures.paymentsSent += copies;
          const answers = await Promise.all(
            Array.from({ length: copies }, () =>
              c.post(w.paymentUrl, w.payment).catch((error) => {
                if (error instanceof NoAnswer) return null;
                throw error;
              }),
            ),
          );
          return answers;
        }

        function settle(w: Withdrawal, answers: Array<Answer | null>, killsBefore: number) {
          const ok = answers.filter((a): a is Answer => a?.rc === '00');
          const refusals = answers.filter((a): a is Answer => a !== null && a.rc !== '00');
          if (ok.length > 0) {
            const first = ok[0]!;
            expect(first.data.id_transaksi).toBe(w.idTransaksi);
            for (const a of ok) {
              expect(a.data.id_transaksi).toBe(w.idTransaksi);
              expect(a.data.total).toBe(w.amount + w.fee);
            }
            if (refusals.length > 0) figures.identicalAnsweredDifferently += 1;
            w.outcome = 'acknowledged';
            w.status = first.data.status_trx;
            if (server.kills > killsBefore) w.spannedRestart = true;
            return;
          }
          // A refusal proves nothing was paid only if no earlier copy went unanswered.
          if (answers.some((a) => a === null)) w.unanswered = true;
          else if (refusals.length > 0 && !w.unanswered) w.outcome = 'refused';
        }

        async function worker(username: string, index: number) {
          const c = new BankClient(server, username, DEMO_PASSWORD, TEST_KEY);
          clients.push(c);
          await c.login();
          let previous: Withdrawal | null = null;
          for (let seq = 0; !loadOver && loadGoesOn(); seq++) {
            try {
              // A later replay of the previous acknowledged payment: the first receipt again.
              if (previous?.outcome === 'acknowledged' && seq % 2 === 0) {
                figures.replays += 1;
                figures.paymentsSent += 1;
                previous.sent += 1;
                const again = await c.post(previous.paymentUrl, previous.payment).catch(() => null);
                if (again) {
                  expect(again.rc, `replay of ${previous.idTransaksi}: ${again.rd}`).toBe('00');
                  expect(again.data.id_transaksi).toBe(previous.idTransaksi);
                  figures.replaysAnsweredAlike += 1;
                }
              }
              const ewallet = seq % 2 === 1;
              // …9999 is accepted and then fails at the rail (the hold is voided); others succeed.
              const suffix = seq % 5 === 3 ? '9999' : '4321';
              const marker = `${index}${String(seq).padStart(4, '0')}${suffix}`;
              const number = ewallet ? `081${marker}` : `70${marker}`;
              const amount = 10_000 + ((index * 7 + seq * 13) % 40) * 1_000;
              const kindPath = ewallet ? 'ewallet' : 'cashout';
              const inquiry = await c.post(`/transaction/${kindPath}_inquiry`, {
                ...(ewallet ? { produk: 'OVO' } : { code: '014' }),
                number,
                nominal: amount,
                password: DEMO_PASSWORD,
                note: 'bank test',
                sendername: 'Bank Test',
                purposetransaction: '',
                jenis_rekening: '',
                recaptcha: '',
              });
              if (inquiry.rc === '429') {
                figures.throttled += 1;
                await sleep(250);
                continue;
              }
              // A fast machine pays out a demo agent's whole balance within the load: the server
              // refuses (nothing moves), and the pay-ins of the payer clients refill it.
              if (inquiry.rc === RC.REFUSED && inquiry.rd.startsWith('Insufficient balance')) {
                figures.insufficient += 1;
                await sleep(500);
                continue;
              }
              if (inquiry.rc !== '00') throw new Error(`inquiry: ${inquiry.rc} ${inquiry.rd}`);
              figures.inquiries += 1;
              const killsAtInquiry = server.kills;
              const w: Withdrawal = {
                username,
                idTransaksi: inquiry.data.idtransaksi,
                kind: ewallet ? 'EWALLET' : 'BANK',
                amount: inquiry.data.nominal,
                fee: inquiry.data.nominal_admin,
                paymentUrl: `/transaction/${kindPath}_payment`,
                payment: {},
                outcome: 'unknown',
                sent: 0,
                spannedRestart: false,
              };
              // create_otp until an OTP mail is there (a kill may eat the answer, not the mail).
              let otp: string | null = null;
              for (let attempt = 0; otp === null && attempt < 4; attempt++) {
                const created = await c
                  .post('/transaction/create_otp', {
                    password: DEMO_PASSWORD,
                    nominal_transfer: w.amount,
                    idtransaksi: w.idTransaksi,
                  })
                  .catch((error) => {
                    if (error instanceof NoAnswer) return null;
                    throw error;
                  });
                if (created?.rc === '429') break;
                if (created && created.rc !== '00')
                  throw new Error(`create_otp: ${created.rc} ${created.rd}`);
                if (!created) await server.ready.catch(() => undefined);
                otp = await otpFor(c, marker);
              }
              if (otp === null) {
                figures.throttled += 1;
                await sleep(250);
                continue;
              }
              w.payment = {
                checksum: inquiry.data.checksum,
                number,
                pin: otp,
                nominal: w.amount,
                reff_id: w.idTransaksi,
                uuid_user: inquiry.data.uuid_user,
                bank_code: inquiry.data.bank_code,
              };
              withdrawals.push(w);
              // 1–3 identical payment requests at once; without any answer, the same again after
              // the restart (a browser's retry), at most three rounds.
              for (let round = 0; round < 3 && w.outcome === 'unknown'; round++) {
                const answers = await pay(c, w, round === 0 ? 1 + (seq % 3) : 1);
                settle(w, answers, killsAtInquiry);
                if (w.outcome === 'unknown') await server.ready.catch(() => undefined);
              }
              if (w.outcome === 'acknowledged') previous = w;
            } catch (error) {
              // The server died under the inquiry or the OTP step: start a new withdrawal.
              if (error instanceof NoAnswer) {
                await server.ready.catch(() => undefined);
                continue;
              }
              throw error;
            }
          }
        }

        /** The answers to copies of one pay-in: the same transaction for all, money moved once. */
        function settlePayin(p: Payin, answers: Array<Answer | null>) {
          const ok = answers.filter((a): a is Answer => a?.rc === '00');
          const refusals = answers.filter((a): a is Answer => a !== null && a.rc !== '00');
          for (const a of ok) {
            expect(a.data.status, `pay-in ${p.reference}`).toBe('SUCCESS');
            expect(a.data.reference).toBe(p.reference);
            expect(a.data.outcome).toBe('held');
            p.idTransaksi ??= a.data.id_transaksi;
            expect(a.data.id_transaksi, `pay-in ${p.reference}`).toBe(p.idTransaksi);
            if (a.data.replayed === false) p.fresh += 1;
          }
          expect(
            p.fresh,
            `pay-in ${p.reference}: money moved by more than one answer`,
          ).toBeLessThanOrEqual(1);
          if (ok.length > 0) {
            if (refusals.length > 0) figures.payinIdenticalAnsweredDifferently += 1;
            p.outcome = 'acknowledged';
            return;
          }
          if (answers.some((a) => a === null)) p.unanswered = true;
          else if (refusals.length > 0 && !p.unanswered) {
            p.outcome = 'refused';
            console.warn(`pay-in ${p.reference} refused: ${refusals[0]!.rc} ${refusals[0]!.rd}`);
          }
        }

        /** A payer's bank: issues open VAs and QRIS codes, pays, repeats, replays and settles. */
        async function payer(index: number) {
          const c = new BankClient(server, USERS[index % USERS.length]!, DEMO_PASSWORD, TEST_KEY);
          clients.push(c);
          await c.login();
          let previous: Payin | null = null;
          for (let seq = 0; !loadOver && loadGoesOn(); seq++) {
            try {
              // A later replay of the previous acknowledged payment: the same transaction again.
              if (previous?.outcome === 'acknowledged' && seq % 2 === 0) {
                figures.payinReplays += 1;
                figures.payinRequests += 1;
                previous.sent += 1;
                const again = await c
                  .post('/dev/simulator/pay', {
                    channel: previous.channel,
                    number: previous.number,
                    amount: previous.amount,
                    reference: previous.reference,
                  })
                  .catch(() => null);
                if (again) {
                  expect(again.rc, `replay of ${previous.reference}: ${again.rd}`).toBe('00');
                  expect(again.data).toMatchObject({
                    status: 'SUCCESS',
                    reference: previous.reference,
                    id_transaksi: previous.idTransaksi,
                    replayed: true,
                  });
                  figures.payinReplaysAnsweredAlike += 1;
                }
              }
              // Now and then settlement: every waiting payment, or those due today.
              if (seq % 4 === 3) {
                figures.settleCalls += 1;
                const settled = await c
                  .post('/dev/simulator/settle', seq % 8 === 3 ? { all: true } : {})
                  .catch((error) => {
                    if (error instanceof NoAnswer) return null;
                    throw error;
                  });
                if (settled) {
                  expect(settled.rc, `settle: ${settled.rd}`).toBe('00');
                  figures.settleAnswered += 1;
                  figures.holdsSettledByCalls += settled.data.settled;
                }
              }
              const username = USERS[(index + seq) % USERS.length]!;
              const qris = seq % 2 === 1;
              const amount = 20_000 + ((index * 11 + seq * 17) % 50) * 1_000;
              const issued = await c.post(
                '/dev/simulator/issue',
                qris
                  ? { channel: 'QRIS', agent: username, amount }
                  : { channel: seq % 4 === 0 ? '014' : '008', agent: username },
              );
              if (issued.rc !== '00') throw new Error(`issue: ${issued.rc} ${issued.rd}`);
              figures.payinsIssued += 1;
              const p: Payin = {
                username,
                reference: `BANKTEST-${index}-${seq}`,
                channel: issued.data.pay_channel,
                number: issued.data.number,
                amount,
                outcome: 'unknown',
                sent: 0,
                fresh: 0,
              };
              expect(p.channel).toBe(qris ? 'qris' : 'va');
              payins.push(p);
              const body = { channel: p.channel, number: p.number, amount, reference: p.reference };
              // 1–3 identical payments at once; without any answer the bank sends it again after
              // the restart (same reference), at most three rounds.
              for (let round = 0; round < 3 && p.outcome === 'unknown'; round++) {
                const copies = round === 0 ? 1 + (seq % 3) : 1;
                p.sent += copies;
                figures.payinRequests += copies;
                const answers = await Promise.all(
                  Array.from({ length: copies }, () =>
                    c.post('/dev/simulator/pay', body).catch((error) => {
                      if (error instanceof NoAnswer) return null;
                      throw error;
                    }),
                  ),
                );
                settlePayin(p, answers);
                if (p.outcome === 'unknown') await server.ready.catch(() => undefined);
              }
              if (p.outcome === 'acknowledged') previous = p;
            } catch (error) {
              // The server died under the issuing call: issue a new one.
              if (error instanceof NoAnswer) {
                await server.ready.catch(() => undefined);
                continue;
              }
              throw error;
            }
          }
        }

        async function chaos() {
          // Kill every 7–11 s of load, restart at once; the clients wait for it.
          while (
            (Date.now() < deadline - 6_000 || restarts < MIN_RESTARTS) &&
            Date.now() < hardDeadline - 6_000
          ) {
            await sleep(7_000 + Math.floor(Math.random() * 4_000));
            if (restarts >= MIN_RESTARTS && Date.now() >= deadline - 3_000) break;
            await server.kill();
            await server.start(60_000);
            restarts += 1;
          }
        }

        const workers = USERS.flatMap((username, u) =>
          Array.from({ length: WORKERS_PER_USER }, (_, i) =>
            worker(username, u * WORKERS_PER_USER + i),
          ),
        );
        for (let i = 0; i < PAYIN_CLIENTS; i++) workers.push(payer(i));
        const chaosDone = chaos();
        await Promise.all(workers.map((w) => w.finally(() => undefined)));
        loadOver = true;
        await chaosDone;
        // Let the last burst land, then one more kill -9: the checks read what a crash leaves.
        await server.kill();
        const loadEnd = Date.now();
        const loadMs = loadEnd - started - startedUp;

        for (const p of payins) {
          if (p.outcome === 'acknowledged') figures.payinsAcknowledged += 1;
          else if (p.outcome === 'refused') figures.payinsRefused += 1;
          else figures.payinsUnknown += 1;
        }
        for (const w of withdrawals) {
          if (w.outcome === 'acknowledged') figures.acknowledged += 1;
          else if (w.outcome === 'refused') figures.refused += 1;
          else figures.unknown += 1;
          if (w.spannedRestart) figures.spannedRestart += 1;
        }
        const requests = clients.reduce((sum, c) => sum + c.requests, 0);
        const serverErrors = clients.reduce((sum, c) => sum + c.serverErrors, 0);

        // The checks run in this process, on the database, with its own clock: 2 minutes on at
        // first, so the leases of the killed processes (60 s) have run out and the sweep may take
        // every unfinished row; then on to each next due rail check (at most 10 minutes on), as
        // the server's sweep would over that time.
        const clock = createClock();
        clock.advance(2 * 60_000);
        const running = await bootstrap(
          loadConfig({ DATABASE_URL: pgdb.url, GERBANG_MODE: 'demo', CUT_OFF_AGENTS: '' }),
          { clock, log: pino({ level: 'silent' }) },
        );
        const { services } = running;
        try {
          const ids = withdrawals.map((w) => w.idTransaksi);
          let sweeps = 0;
          while (sweeps < 30) {
            sweeps += 1;
            await runRailSweep(services);
            if (ids.length === 0) break;
            const next = await services.db
              .selectFrom('rail_submissions')
              .select((eb) => eb.fn.min<Date | null>('next_check_at').as('at'))
              .where('state', 'in', ['SEND', 'CHECK', 'POLL'])
              .where('reference', 'in', ids)
              .executeTakeFirstOrThrow();
            if (!next.at) break;
            const due = new Date(new Date(next.at).getTime() + 1_000);
            if (due.getTime() - loadEnd > 10 * 60_000) break;
            if (due > clock.now()) clock.set(due);
          }
          const db = services.db;
          const rows =
            ids.length === 0
              ? []
              : await db
                  .selectFrom('transactions')
                  .select(['id', 'id_transaksi', 'status_trx', 'nominal_origin', 'nominal_admin'])
                  .where('id_transaksi', 'in', ids)
                  .execute();
          const byId = new Map<string, typeof rows>();
          for (const row of rows)
            byId.set(row.id_transaksi, [...(byId.get(row.id_transaksi) ?? []), row]);
          const submissions =
            rows.length === 0
              ? []
              : await db
                  .selectFrom('rail_submissions')
                  .selectAll()
                  .where(
                    'transaction_id',
                    'in',
                    rows.map((r) => r.id),
                  )
                  .execute();
          const submissionOf = new Map(submissions.map((s) => [s.transaction_id, s]));
          const ledger = services.ledger;
          const transferIds =
            ids.length === 0
              ? []
              : (
                  await db
                    .selectFrom('ledger_transfers' as any)
                    .select(['id' as any])
                    .where('reference' as any, 'in', ids)
                    .execute()
                ).map((r: any) => String(r.id));
          const transfers = new Set(transferIds);

          // Every payment the server answered, and every payment no one acknowledged, checked.
          let paymentsChecked = 0;
          let stillQueued = 0;
          const spent = new Map<string, number>(USERS.map((u) => [u, 0]));
          for (const w of withdrawals) {
            const found = byId.get(w.idTransaksi) ?? [];
            const label = `${w.idTransaksi} (${w.outcome}, ${w.sent} sent)`;
            expect(found.length, `${label}: transaction rows`).toBeLessThanOrEqual(1);
            if (w.outcome === 'acknowledged') expect(found.length, label).toBe(1);
            if (w.outcome === 'refused') expect(found.length, label).toBe(0);
            paymentsChecked += 1;
            const row = found[0];
            const amountHold = `withdraw:${w.idTransaksi}:amount`;
            if (!row) {
              expect(transfers.has(amountHold), `${label}: a hold without a transaction`).toBe(
                false,
              );
              continue;
            }
            expect(row.nominal_origin).toBe(w.amount);
            expect(row.nominal_admin).toBe(w.fee);
            const posted = transfers.has(postTransferId(amountHold));
            const voided = transfers.has(voidTransferId(amountHold));
            expect(transfers.has(amountHold), `${label}: hold`).toBe(true);
            expect(posted && voided, `${label}: posted and voided`).toBe(false);
            const submission = submissionOf.get(row.id);
            expect(submission, `${label}: rail work`).toBeDefined();
            if (row.status_trx === 'SUCCESS') {
              expect(posted, `${label}: SUCCESS without posting`).toBe(true);
              spent.set(w.username, spent.get(w.username)! + w.amount + w.fee);
            } else if (row.status_trx === 'FAILED') {
              expect(voided, `${label}: FAILED without voiding`).toBe(true);
            } else {
              // Still PROCESS after the sweep: only a bank transfer queued for the nightly downtime,
              // holding its money, with rail work the sweep keeps polling.
              expect(row.status_trx, label).toBe('PROCESS');
              expect(posted || voided, `${label}: PROCESS but resolved`).toBe(false);
              const stuck = `${label}: stuck ${JSON.stringify({ ...submission, now: clock.now() })}`;
              expect(w.kind, stuck).toBe('BANK');
              expect(submission!.state, stuck).toBe('POLL');
              const status = await services.rails.bank.status({
                railReference: submission!.rail_reference!,
                now: clock.now(),
              });
              expect(status, stuck).toMatchObject({
                status: 'PROCESSING',
                reason: 'QUEUED_BANK_DOWNTIME',
              });
              stillQueued += 1;
              spent.set(w.username, spent.get(w.username)! + w.amount + w.fee);
            }
          }
          // No withdrawal appeared that no client paid for.
          const ours = new Set(ids);
          const appeared = await db
            .selectFrom('transactions')
            .select('id_transaksi')
            .where('kind', 'in', ['WITHDRAW', 'EWALLET', 'RETAIL'])
            .where('time_request', '>=', loadStart)
            .execute();
          expect(appeared.filter((r) => !ours.has(r.id_transaksi))).toEqual([]);
          expect(submissions.filter((s) => s.state === 'REVIEW')).toEqual([]);

          // Pay-ins: every acknowledged one there exactly once with its whole chain, every other
          // one absent or complete, never half; and nothing that no client paid for.
          const references = payins.map((p) => p.reference);
          const receipts =
            references.length === 0
              ? []
              : await db
                  .selectFrom('payin_receipts')
                  .selectAll()
                  .where('rail_reference', 'in', references)
                  .execute();
          const cashIns = await db
            .selectFrom('transactions')
            .select([
              'id_transaksi',
              'agent_id',
              'rail_reference',
              'status_trx',
              'nominal_origin',
              'nominal_admin',
              'ledger_transfer_id',
            ])
            .where('jenis_trx', '=', 'CASH IN')
            .where('time_request', '>=', loadStart)
            .execute();
          const payinIds = cashIns.map((t) => t.id_transaksi);
          const payinTransfers =
            payinIds.length === 0
              ? []
              : await db
                  .selectFrom('ledger_transfers' as any)
                  .select([
                    'id as id',
                    'amount as amount',
                    'kind as kind',
                    'reference as reference',
                  ] as any)
                  .where('reference' as any, 'in', payinIds)
                  .where('kind' as any, 'in', ['payin', 'payment_fee'])
                  .execute();
          const holds =
            payinIds.length === 0
              ? []
              : await db
                  .selectFrom('incoming_holds')
                  .selectAll()
                  .where('id_transaksi', 'in', payinIds)
                  .execute();
          const agentIds = new Map<string, number>();
          for (const row of await db
            .selectFrom('agents')
            .select(['id', 'username'])
            .where('username', 'in', USERS)
            .execute())
            agentIds.set(row.username, row.id);
          const received = new Map<string, number>(USERS.map((u) => [u, 0]));
          let payinsChecked = 0;
          /** Pay-ins without an acknowledgement found booked (complete) or absent. */
          const unacknowledged = { booked: 0, absent: 0 };
          for (const p of payins) {
            const label = `pay-in ${p.reference} (${p.outcome}, ${p.sent} sent)`;
            const receipt = receipts.filter((r) => r.rail_reference === p.reference);
            const txs = cashIns.filter((t) => t.rail_reference === p.reference);
            expect(receipt.length, `${label}: receipts`).toBeLessThanOrEqual(1);
            expect(txs.length, `${label}: cash-in transactions`).toBe(receipt.length);
            if (p.outcome === 'acknowledged') expect(receipt.length, label).toBe(1);
            if (p.outcome === 'refused') expect(receipt.length, label).toBe(0);
            payinsChecked += 1;
            if (p.outcome !== 'acknowledged') {
              if (receipt.length === 0) unacknowledged.absent += 1;
              else unacknowledged.booked += 1;
            }
            if (receipt.length === 0) continue;
            const r = receipt[0]!;
            const tx = txs[0]!;
            if (p.outcome === 'acknowledged') expect(r.id_transaksi, label).toBe(p.idTransaksi);
            expect(r).toMatchObject({
              outcome: 'held',
              amount: p.amount,
              paid_to: p.number,
              agent_id: agentIds.get(p.username),
              id_transaksi: tx.id_transaksi,
            });
            expect(tx).toMatchObject({
              agent_id: agentIds.get(p.username),
              status_trx: 'SUCCESS',
              nominal_origin: p.amount,
            });
            const fee = tx.nominal_admin;
            expect(fee, label).toBeGreaterThanOrEqual(0);
            const ids = payinTransferIds(tx.id_transaksi);
            const chain = payinTransfers.filter((t: any) => t.reference === tx.id_transaksi);
            expect(
              chain.map((t: any) => [t.id, Number(t.amount)]).sort(),
              `${label}: ledger chain`,
            ).toEqual(
              (
                [[ids.net, p.amount - fee], ...(fee > 0 ? [[ids.fee, fee]] : [])] as Array<
                  [string, number]
                >
              ).sort(),
            );
            expect(tx.ledger_transfer_id).toBe(ids.net);
            const hold = holds.filter((h) => h.id_transaksi === tx.id_transaksi);
            expect(hold.length, `${label}: incoming holds`).toBe(1);
            expect(hold[0]!.hold_amount).toBe(p.amount - fee);
            received.set(p.username, received.get(p.username)! + p.amount - fee);
          }
          const paidByUs = new Set(references);
          expect(
            cashIns.filter((t) => !paidByUs.has(t.rail_reference ?? '')),
            'cash-ins no client paid for',
          ).toEqual([]);

          // Settlement: a run now completes what a kill left between claiming and completing;
          // then no hold is settled twice and no settlement transfer is without its settlement.
          const settlementRun = await runSettlement(services);
          const settlements = await db.selectFrom('settlements').selectAll().execute();
          if (settlementRun.skipped === null) {
            expect(
              settlements.filter((x) => x.status === 'process'),
              'settlements left in process',
            ).toEqual([]);
          }
          expect(settlements.filter((x) => x.status === 'failed')).toEqual([]);
          const settlementTransfers = await db
            .selectFrom('ledger_transfers' as any)
            .select(['id as id', 'amount as amount'] as any)
            .where('kind' as any, '=', 'settlement')
            .execute();
          const settlementTransferAmount = new Map<string, number>(
            settlementTransfers.map((t: any) => [String(t.id), Number(t.amount)]),
          );
          const completedTransferIds = settlements
            .filter((x) => x.status === 'completed' && x.ledger_transfer_id !== null)
            .map((x) => x.ledger_transfer_id!);
          const completedSet = new Set(completedTransferIds);
          expect(completedSet.size, 'settlement transfers shared').toBe(
            completedTransferIds.length,
          );
          expect(
            [...settlementTransferAmount.keys()].filter((id) => !completedSet.has(id)),
            'settlement transfers without a completed settlement',
          ).toEqual([]);
          const ourHolds = await db
            .selectFrom('incoming_holds')
            .selectAll()
            .where('agent_id', 'in', [...agentIds.values()])
            .where('date_created', '>=', loadStart)
            .execute();
          const settlementById = new Map(settlements.map((x) => [x.id, x]));
          let holdsSettled = 0;
          for (const hold of ourHolds) {
            const label = `hold ${hold.id_transaksi} (is_sent ${hold.is_sent})`;
            if (hold.is_sent === 0) {
              expect(hold.settlement_id, label).toBeNull();
              continue;
            }
            const settlement = settlementById.get(hold.settlement_id!);
            expect(settlement, label).toBeDefined();
            if (hold.is_sent === 1) {
              holdsSettled += 1;
              expect(settlement!.status, label).toBe('completed');
            } else {
              expect(hold.is_sent, label).toBe(3);
              expect(settlement!.status, label).toBe('process');
            }
          }
          // Each settlement that took one of our holds moved exactly its holds, once.
          for (const id of new Set(
            ourHolds.map((h) => h.settlement_id).filter((x) => x !== null),
          )) {
            const settlement = settlementById.get(id!)!;
            const members = await db
              .selectFrom('incoming_holds')
              .select(['hold_amount', 'is_sent'])
              .where('settlement_id', '=', id!)
              .execute();
            const sum = members.reduce((total, m) => total + m.hold_amount, 0);
            expect(settlement.nominal, `settlement ${settlement.reference}`).toBe(sum);
            expect(settlement.rekonnum).toBe(members.length);
            if (settlement.status === 'completed' && sum > 0) {
              expect(settlementTransferAmount.get(settlement.ledger_transfer_id!)).toBe(sum);
            } else if (settlement.status === 'process') {
              expect(settlement.ledger_transfer_id).toBeNull();
            }
          }

          // Balances moved by exactly what went through (or is held), and the ledger is sound.
          for (const username of USERS) {
            const agent = await db
              .selectFrom('agents')
              .select('id')
              .where('username', '=', username)
              .executeTakeFirstOrThrow();
            const available = await availableBalance(ledger, agent.id, 'production');
            const heldAccount = await ledger.findAccount({
              kind: 'merchant_held',
              agentId: agent.id,
              environment: 'production',
            });
            const held = heldAccount ? balanceOfAccount(heldAccount).posted : 0;
            expect(available + held, `${username}: closing balance (available + held)`).toBe(
              opening.get(username)! - spent.get(username)! + received.get(username)!,
            );
          }
          const report = await checkInvariants(db);
          console.log(
            [
              `bank test on PostgreSQL: ${Math.round(loadMs / 1000)} s of load after a ${Math.round(startedUp / 1000)} s first start, ${USERS.length * WORKERS_PER_USER} clients`,
              `  requests sent ${requests}, HTTP 5xx ${serverErrors}; inquiries ${figures.inquiries}, payment requests ${figures.paymentsSent}`,
              `  withdrawals: ${figures.acknowledged} acknowledged, ${figures.refused} refused, ${figures.unknown} never answered; ${figures.spannedRestart} paid after a kill that followed their inquiry`,
              `  replays of acknowledged payments ${figures.replays}, answered with the first receipt ${figures.replaysAnsweredAlike}; identical concurrent requests answered differently ${figures.identicalAnsweredDifferently}`,
              `  pay-ins: ${figures.payinsIssued} issued, ${figures.payinRequests} pay requests, ${figures.payinsAcknowledged} acknowledged, ${figures.payinsRefused} refused, ${figures.payinsUnknown} never answered (${unacknowledged.booked} found complete, ${unacknowledged.absent} absent); ${payinsChecked} checked`,
              `  replays of acknowledged pay-ins ${figures.payinReplays}, answered alike ${figures.payinReplaysAnsweredAlike}; identical concurrent pay-ins answered differently ${figures.payinIdenticalAnsweredDifferently}`,
              `  settle calls ${figures.settleCalls} (${figures.settleAnswered} answered, ${figures.holdsSettledByCalls} holds settled); our holds settled ${holdsSettled} of ${ourHolds.length}; run after the load: ${settlementRun.skipped ?? `${settlementRun.settlements} settlements completed`}`,
              `  right-password steps refused with 429: ${figures.throttled}; inquiries refused for want of balance ${figures.insufficient}`,
              `  kills survived ${server.kills} (SIGKILL), restarts ${restarts}; sweeps after the load ${sweeps}`,
              `  payments checked ${paymentsChecked} (${stillQueued} held for the bank's nightly downtime), ledger check: ${report.ok ? 'all invariants hold' : `${report.violations.length} violations`} over ${report.counted.transfers} transfers`,
            ].join('\n'),
          );

          expect(report.violations).toEqual([]);
          expect(report.ok).toBe(true);
          expect(
            clients.flatMap((c) => c.serverErrorAnswers),
            `HTTP 5xx answers; the server logged:\n${server.unhandledErrors.join('\n')}`,
          ).toEqual([]);
          // The right password must not be throttled: a try reserved by a request that a kill cut
          // off is no wrong guess.
          expect(
            figures.throttled,
            'inquiry or OTP steps refused with 429 although the password was right',
          ).toBe(0);
          expect(
            figures.identicalAnsweredDifferently,
            'identical concurrent payments answered differently',
          ).toBe(0);
          expect(
            figures.payinIdenticalAnsweredDifferently,
            'identical concurrent pay-ins answered differently',
          ).toBe(0);
          expect(figures.payinsRefused, 'valid pay-ins refused').toBe(0);
          expect(restarts).toBeGreaterThanOrEqual(MIN_RESTARTS);
          expect(figures.acknowledged).toBeGreaterThan(0);
          expect(figures.payinsAcknowledged).toBeGreaterThan(0);
        } finally {
          await running.close();
        }
      } catch (error) {
        console.error(`bank test failed; the server's last output:\n${server.tail(2_000)}`);
        throw error;
      } finally {
        await server.stop().catch(() => undefined);
        await pgdb.drop();
        rmSync(exportDir, { recursive: true, force: true });
      }
    }, 170_000);
  },
);
