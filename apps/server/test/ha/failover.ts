/**
 * The failover test (`npm run test:ha`, scripts/test-ha.sh starts the lab around it).
 *
 * The real server process runs on the HA lab's multi-host URL (scripts/ha-lab.sh: a
 * pg_auto_failover monitor, a primary and a synchronous standby). Concurrent clients make
 * withdrawals (inquiry → OTP from the dev mailbox → payment), pay-ins through the rails simulator
 * (the payer's bank, under a reference it chooses) and SNAP interbank transfers (signed by the
 * SDK). In run 1 the primary is killed with SIGKILL (keeper and postgres: the machine is gone); the
 * killed node is then started again and rejoins as standby; in run 2 the standby is killed. A
 * client that gets no answer or a 5xx sends the same request again (same idempotency key) until
 * it is answered. After each run, on the primary of that moment:
 *
 * - every acknowledged payment exists exactly once, an unacknowledged one at most once;
 * - no transfer is stuck: a withdrawal still PROCESS has live rail work;
 * - every ledger invariant holds (balances equal their entries), and `npm run ledger:check`
 *   passes on the multi-host URL;
 * - it prints the failover time: from the kill to the first money request sent after it that was
 *   acknowledged (target ≤ 30 s), the payments checked, lost (must be 0), duplicated (must be 0).
 *
 * Needs HA_DATABASE_URL (the lab's multi-host URL). HA_LOAD_SECONDS: load after the service is
 * back (default 6).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkInvariants } from '@gerbang/ledger';
import { sql } from 'kysely';
import { connectDatabase, type DatabaseHandle } from '../../src/db/connect';
import { DEMO_PASSWORD } from '../../src/seed/demo-users';
import { BankClient, freePort, NoAnswer, ServerProcess } from '../security/bank-server';
import { registerSnapPartner, type SnapPartner } from './snap-partner';

const root = path.resolve(import.meta.dirname, '../../../..');
const LAB = path.join(root, 'scripts/ha-lab.sh');
const URL_ = process.env.HA_DATABASE_URL ?? '';
const AFTER_MS = Number(process.env.HA_LOAD_SECONDS ?? 6) * 1000;
const BEFORE_MS = 6_000;
/** A run that has not seen the service back within this is a failure (target 30 s). */
const GIVE_UP_MS = 90_000;
const TEST_KEY = 'ha-test-mode-key';
const USERS = ['partner@demo.id', 'h2h@demo.id'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Outcome = 'acknowledged' | 'refused' | 'unknown';
interface Payment {
  kind: 'withdrawal' | 'payin' | 'snap' | 'bulk';
  /** Its key: id_transaksi, the bank reference, partnerReferenceNo, the bulk group's name. */
  key: string;
  outcome: Outcome;
  sentAt: number;
  ackAt?: number;
}

interface Run {
  label: string;
  killAt: number | null;
  payments: Payment[];
  /** Requests answered 5xx or not at all (then sent again). */
  retried: number;
  lastFailure?: string;
}

const failures: string[] = [];
function check(ok: boolean, message: string) {
  if (!ok) failures.push(message);
}

function lab(...args: string[]): string {
  return execFileSync('bash', [LAB, ...args], { encoding: 'utf8' }).trim();
}

/** Sends until answered with something else than a 5xx, or the run is over. */
async function surely(
  run: Run,
  send: () => Promise<{ status: number; rc: string; rd: string; data: any }>,
  over: () => boolean,
) {
  for (;;) {
    try {
      const answer = await send();
      if (answer.status < 500) return answer;
      run.lastFailure = `${answer.status} ${answer.rc} ${answer.rd}`;
    } catch (error) {
      if (!(error instanceof NoAnswer)) throw error;
    }
    run.retried += 1;
    if (over()) return null;
    await sleep(300);
  }
}

async function withdrawals(run: Run, c: BankClient, index: number, over: () => boolean) {
  for (let seq = 0; !over(); seq++) {
    const ewallet = seq % 2 === 0;
    const marker = `${index}${String(seq).padStart(4, '0')}${randomBytes(2).toString('hex')}`;
    const number = ewallet ? `081${marker.replace(/\D/g, '7')}` : `70${marker.replace(/\D/g, '7')}`;
    const kindPath = ewallet ? 'ewallet' : 'cashout';
    const inquiry = await surely(
      run,
      () =>
        c.post(`/transaction/${kindPath}_inquiry`, {
          ...(ewallet ? { produk: 'OVO' } : { code: '014' }),
          number,
          nominal: 10_000 + (seq % 20) * 1_000,
          password: DEMO_PASSWORD,
          note: 'ha test',
          sendername: 'HA Test',
          purposetransaction: '',
          jenis_rekening: '',
          recaptcha: '',
        }),
      over,
    );
    if (inquiry?.rc !== '00') continue;
    const id: string = inquiry.data.idtransaksi;
    const otpAnswer = await surely(
      run,
      () =>
        c.post('/transaction/create_otp', {
          password: DEMO_PASSWORD,
          nominal_transfer: inquiry.data.nominal,
          idtransaksi: id,
        }),
      over,
    );
    if (otpAnswer?.rc !== '00') continue;
    const box = await surely(
      run,
      () => c.send('GET', `/dev/mailbox?to=${encodeURIComponent(c.username)}&limit=50`),
      over,
    );
    const mail = (box?.data as Array<{ kind: string; subject: string; text: string }>)?.find(
      (m) => m.kind === 'otp' && m.text.includes(number.slice(-6)),
    );
    const otp = mail?.subject.match(/(\d{6})/)?.[1];
    if (!otp) continue;
    const payment: Payment = { kind: 'withdrawal', key: id, outcome: 'unknown', sentAt: now() };
    run.payments.push(payment);
    const paid = await surely(
      run,
      () =>
        c.post(`/transaction/${kindPath}_payment`, {
          checksum: inquiry.data.checksum,
          number,
          pin: otp,
          nominal: inquiry.data.nominal,
          reff_id: id,
          uuid_user: inquiry.data.uuid_user,
          bank_code: inquiry.data.bank_code,
        }),
      () => over() && now() - payment.sentAt > 20_000,
    );
    settle(payment, paid?.rc === '00', paid !== null && paid.rc !== '00');
  }
}

async function payins(run: Run, c: BankClient, index: number, over: () => boolean) {
  for (let seq = 0; !over(); seq++) {
    const username = USERS[(index + seq) % USERS.length]!;
    const qris = seq % 2 === 1;
    const amount = 20_000 + ((index * 11 + seq * 17) % 50) * 1_000;
    const issued = await surely(
      run,
      () =>
        c.post(
          '/dev/simulator/issue',
          qris ? { channel: 'QRIS', agent: username, amount } : { channel: '014', agent: username },
        ),
      over,
    );
    if (issued?.rc !== '00') continue;
    const reference = `HA-${run.label}-${index}-${seq}-${randomBytes(3).toString('hex')}`;
    const payment: Payment = { kind: 'payin', key: reference, outcome: 'unknown', sentAt: now() };
    run.payments.push(payment);
    const body = {
      channel: issued.data.pay_channel,
      number: issued.data.number,
      amount,
      reference,
    };
    const paid = await surely(
      run,
      () => c.post('/dev/simulator/pay', body),
      () => over() && now() - payment.sentAt > 20_000,
    );
    settle(payment, paid?.rc === '00', paid !== null && paid.rc !== '00');
  }
}

async function snapTransfers(run: Run, partner: SnapPartner, index: number, over: () => boolean) {
  for (let seq = 0; !over(); seq++) {
    const reference = `HA${run.label}${index}x${seq}${randomBytes(3).toString('hex')}`;
    const payment: Payment = { kind: 'snap', key: reference, outcome: 'unknown', sentAt: now() };
    run.payments.push(payment);
    const body = {
      partnerReferenceNo: reference,
      amount: { value: `${1_000 + seq}.00`, currency: 'IDR' as const },
      beneficiaryAccountNo: `12345${String(seq % 100_000).padStart(5, '1')}`,
      beneficiaryBankCode: '014',
    };
    // The SDK retries a lost answer under the same X-EXTERNAL-ID and, when Gerbang saw an earlier
    // attempt, asks the transfer's status (packages/snap-client); we send again until answered.
    while (payment.outcome === 'unknown') {
      try {
        await partner.sdk.transferInterbank(body as never);
        settle(payment, true, false);
      } catch (error) {
        const unknown = (error as { outcomeUnknown?: boolean }).outcomeUnknown !== false;
        const code = String((error as { responseCode?: string }).responseCode ?? '');
        if (!unknown && !code.startsWith('5')) {
          settle(payment, false, true);
          break;
        }
        run.retried += 1;
        if (over() && now() - payment.sentAt > 20_000) break;
        await sleep(300);
      }
    }
  }
}

/** Bulk groups of three rows: the Check (password), the rows' inquiry, the save (PIN). */
async function bulkGroups(run: Run, c: BankClient, index: number, over: () => boolean) {
  for (let seq = 0; !over(); seq++) {
    const token = await surely(
      run,
      () => c.post('/transaction/checksum', { password: DEMO_PASSWORD }),
      over,
    );
    if (token?.rc !== '00') continue;
    const rows = [0, 1, 2].map((i) => ({
      code: '014',
      number: `55${index}${String(seq).padStart(4, '0')}${i}${randomBytes(2).readUInt16BE() % 1000}`,
      nominal: 10_000 + i * 1_000,
      phone: '081234567890',
      email: 'ha@contoh.co.id',
      note: `ha ${seq}`,
      line: i + 2,
    }));
    const inquiry = await surely(
      run,
      () =>
        c.post('/transaction/cashout_inquiry_bulk', {
          token: token.data.checksum,
          uuid_user: token.data.uuid_user,
          rows,
        }),
      over,
    );
    if (inquiry?.rc !== '00') continue;
    const name = `HA ${run.label} ${index}-${seq} ${randomBytes(3).toString('hex')}`;
    const payment: Payment = { kind: 'bulk', key: name, outcome: 'unknown', sentAt: now() };
    run.payments.push(payment);
    let unanswered = false;
    const saved = await surely(
      run,
      async () => {
        const answer = await c
          .post('/transaction/cashout_save', {
            saved_data: inquiry.data.items
              .filter((i: { status: string }) => i.status === 'paid')
              .map((i: { idtransaksi: string }) => ({ idtransaksi: i.idtransaksi })),
            pin: '123456',
            group_name: name,
            group_desc: 'failover test',
            token: token.data.checksum,
            uuid_user: token.data.uuid_user,
          })
          .catch((error) => {
            unanswered = true;
            throw error;
          });
        if (answer.status >= 500) unanswered = true;
        return answer;
      },
      () => over() && now() - payment.sentAt > 20_000,
    );
    // The token is used once: after an unanswered save, "token used" says nothing of the group.
    settle(payment, saved?.rc === '00', saved !== null && saved.rc !== '00' && !unanswered);
  }
}

function settle(p: Payment, acknowledged: boolean, refused: boolean) {
  if (acknowledged) {
    p.outcome = 'acknowledged';
    p.ackAt = now();
  } else if (refused) p.outcome = 'refused';
}

const now = () => performance.now();

/** Exactly once for acknowledged ones, at most once for the rest; nothing stuck. */
async function verify(run: Run, handle: DatabaseHandle) {
  const db = handle.db;
  // Where each kind's key is stored: one row per payment.
  const where: Record<Payment['kind'], { table: string; column: string; extra: string }> = {
    withdrawal: { table: 'transactions', column: 'id_transaksi', extra: '' },
    payin: { table: 'transactions', column: 'rail_reference', extra: "jenis_trx = 'CASH IN' and" },
    snap: { table: 'snap_transfers', column: 'partner_reference_no', extra: '' },
    bulk: { table: 'disbursement_groups', column: 'group_name', extra: '' },
  };
  const counts = async (kind: Payment['kind'], keys: string[]) => {
    if (keys.length === 0) return new Map<string, number>();
    const { table, column, extra } = where[kind];
    const { rows } = await sql<{ key: string; n: number }>`
      select ${sql.ref(column)} as key, count(*)::int as n from ${sql.table(table)}
      where ${sql.raw(extra)} ${sql.ref(column)} in (${sql.join(keys)}) group by 1`.execute(db);
    return new Map(rows.map((r) => [r.key, Number(r.n)]));
  };
  const figures = { checked: 0, lost: 0, duplicated: 0, unknownPresent: 0 };
  for (const kind of ['withdrawal', 'payin', 'snap', 'bulk'] as const) {
    const ours = run.payments.filter((p) => p.kind === kind);
    const found = await counts(
      kind,
      ours.map((p) => p.key),
    );
    for (const p of ours) {
      const n = found.get(p.key) ?? 0;
      if (n > 1) figures.duplicated += 1;
      if (p.outcome === 'acknowledged') {
        figures.checked += 1;
        if (n === 0) figures.lost += 1;
      } else if (n === 1) figures.unknownPresent += 1;
      check(p.outcome !== 'refused' || n === 0, `${kind} ${p.key} refused but present`);
    }
  }
  check(figures.lost === 0, `${run.label}: ${figures.lost} acknowledged payments lost`);
  check(figures.duplicated === 0, `${run.label}: ${figures.duplicated} payments duplicated`);
  // Stuck: a withdrawal PROCESS without live rail work (state SEND/CHECK/POLL).
  const ids = run.payments.filter((p) => p.kind === 'withdrawal').map((p) => p.key);
  if (ids.length > 0) {
    const stuck = await sql<{ id_transaksi: string; state: string | null }>`
      select t.id_transaksi, s.state from transactions t
      left join rail_submissions s on s.transaction_id = t.id
      where t.id_transaksi in (${sql.join(ids)}) and t.status_trx = 'PROCESS'
        and (s.state is null or s.state not in ('SEND', 'CHECK', 'POLL'))`.execute(db);
    check(stuck.rows.length === 0, `${run.label}: stuck withdrawals ${JSON.stringify(stuck.rows)}`);
  }
  const report = await checkInvariants(db);
  check(report.ok, `${run.label}: ledger violations ${report.violations.join('; ')}`);
  return { ...figures, ledgerOk: report.ok, transfers: report.counted.transfers };
}

/** The load of one run around one kill; returns when the service has been back AFTER_MS. */
async function loadAround(
  label: string,
  kill: () => void,
  clients: BankClient[],
  partners: SnapPartner[],
) {
  const run: Run = { label, killAt: null, payments: [], retried: 0 };
  let backAt: number | null = null;
  const over = () => {
    if (run.killAt === null) return false;
    const acks = run.payments.filter((p) => p.ackAt !== undefined && p.sentAt > run.killAt!);
    if (backAt === null && acks.length > 0) backAt = Math.min(...acks.map((p) => p.ackAt!));
    if (backAt !== null) return now() - backAt > AFTER_MS;
    return now() - run.killAt > GIVE_UP_MS;
  };
  const workers = [
    ...clients.slice(0, 4).map((c, i) => withdrawals(run, c, i, over)),
    ...clients.slice(4, 6).map((c, i) => payins(run, c, i, over)),
    bulkGroups(run, clients[6]!, 0, over),
    ...partners.flatMap((p, i) => [0, 1].map((j) => snapTransfers(run, p, i * 2 + j, over))),
  ];
  await sleep(BEFORE_MS);
  run.killAt = now();
  kill();
  await Promise.all(workers);
  const failover = backAt === null ? null : (backAt - run.killAt) / 1000;
  return { run, failover };
}

async function main() {
  if (!URL_) throw new Error('HA_DATABASE_URL is not set (scripts/test-ha.sh starts the lab)');
  const exportDir = mkdtempSync(path.join(tmpdir(), 'gerbang-ha-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    DATABASE_URL: URL_,
    GERBANG_MODE: 'demo',
    NODE_ENV: 'development',
    TEST_MODE_KEY: TEST_KEY,
    CAPTCHA_COST: '50',
    CUT_OFF_AGENTS: '',
    LOG_LEVEL: 'warn',
    EXPORT_DIR: exportDir,
  };
  delete env.SESSION_SECRET;
  delete env.CAPTCHA_SECRET;
  const server = new ServerProcess(Number(env.PORT), env);
  const handle = await connectDatabase({ databaseUrl: URL_, dataDir: '', poolSize: 2 });
  const lines: string[] = [];
  try {
    await server.start(180_000);
    const clients: BankClient[] = [];
    for (let i = 0; i < 7; i++) {
      const c = new BankClient(server, USERS[i % 2]!, DEMO_PASSWORD, TEST_KEY);
      await c.login();
      clients.push(c);
    }
    const partners = [await registerSnapPartner(server.url, handle.db, 'partner@demo.id')];

    const runs: Array<{ label: string; node: () => string }> = [
      { label: 'primary', node: () => lab('primary') },
      { label: 'standby', node: () => (lab('primary') === 'node1' ? 'node2' : 'node1') },
    ];
    for (const [i, plan] of runs.entries()) {
      const victim = plan.node();
      const { run, failover } = await loadAround(
        plan.label,
        () => lab('kill', victim),
        clients,
        partners,
      );
      const figures = await verify(run, handle);
      const ledgerCheck = spawnSync('npx', ['tsx', 'apps/server/src/cli/ledger-check.ts'], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: URL_ },
        encoding: 'utf8',
      });
      check(ledgerCheck.status === 0, `ledger:check failed: ${ledgerCheck.stderr}`);
      check(failover !== null, `${plan.label}: the service did not answer again`);
      check(failover === null || failover <= 30, `${plan.label}: failover ${failover} s > 30 s`);
      const byKind = (k: Payment['kind']) =>
        run.payments.filter((p) => p.kind === k && p.outcome === 'acknowledged').length;
      lines.push(
        `run ${i + 1}: ${plan.label} (${victim}) killed with SIGKILL, now primary ${lab('primary') || '(none)'}`,
        `  failover time (kill → first money request sent after it acknowledged): ${failover === null ? 'never' : `${failover.toFixed(1)} s`} (target ≤ 30 s)`,
        `  payments ${run.payments.length}: acknowledged ${figures.checked} (withdrawals ${byKind('withdrawal')}, pay-ins ${byKind('payin')}, SNAP transfers ${byKind('snap')}, bulk groups ${byKind('bulk')}), unanswered ${run.payments.filter((p) => p.outcome === 'unknown').length} (${figures.unknownPresent} found booked), refused ${run.payments.filter((p) => p.outcome === 'refused').length}; requests sent again after a 5xx or no answer ${run.retried}`,
        `  last 5xx answer: ${run.lastFailure ?? 'none'}\n  acknowledged payments checked ${figures.checked}, lost ${figures.lost}, duplicated ${figures.duplicated}; ledger invariants ${figures.ledgerOk ? 'hold' : 'VIOLATED'} over ${figures.transfers} transfers; ledger:check ${ledgerCheck.status === 0 ? 'passed' : 'FAILED'}`,
      );
      console.log(lines.slice(-4).join('\n'));
      if (i === 0) {
        // The killed node comes back and rejoins as standby (pg_rewind), for the second run.
        const at = now();
        lab('revive', victim);
        lines.push(`  ${victim} rejoined as standby in ${((now() - at) / 1000).toFixed(1)} s`);
      }
    }
  } catch (error) {
    console.error(`failover test failed; the server's last output:\n${server.tail(3_000)}`);
    throw error;
  } finally {
    if (failures.length > 0) console.error(`the server's last output:\n${server.tail(6_000)}`);
    await server.stop().catch(() => undefined);
    await handle.close().catch(() => undefined);
    rmSync(exportDir, { recursive: true, force: true });
  }
  console.log(`\nfailover test:\n${lines.join('\n')}`);
  if (failures.length > 0) {
    console.error(`FAILED:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  } else console.log('failover test passed');
}

await main();
