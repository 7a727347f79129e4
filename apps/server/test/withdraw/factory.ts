import { checkInvariants, isTransferOk } from '@gerbang/ledger';
import { expect } from 'vitest';
import { availableBalance } from '../../src/modules/payouts/accounts';
import type { TestApp, TestClient } from '../helpers/test-app';
import { DEMO_PASSWORD } from '../helpers/test-app';

const WIB_OFFSET_MS = 7 * 3600_000;
const DAY_MS = 24 * 3600_000;

/**
 * Milliseconds to add to real time so that the server's clock reads `hh:mm` WIB (the next such
 * moment). Tests pin the time of day: banks queue transfers at night and partner@demo.id is under
 * the 23:45–00:15 cut-off.
 */
export function offsetToWib(hour: number, minute = 0, fromMs = Date.now()): number {
  const wibNow = fromMs + WIB_OFFSET_MS;
  const dayStart = wibNow - (wibNow % DAY_MS);
  let target = dayStart + (hour * 60 + minute) * 60_000;
  if (target <= wibNow) target += DAY_MS;
  return target - wibNow;
}

/** Moves a running app's clock forward to the next `hh:mm` WIB. */
export function advanceToWib(t: TestApp, hour: number, minute = 0) {
  t.clock.advance(offsetToWib(hour, minute, t.clock.now.getTime()));
}

let fundings = 0;

/** Credits an agent's available balance through the ledger, from a cash-in clearing account. */
export async function fundAgent(t: TestApp, username: string, amount: number): Promise<number> {
  const agent = await t.services.db
    .selectFrom('agents')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  const ledger = t.services.ledger;
  const [source, merchant] = await ledger.ensureAccounts([
    { kind: 'cash_in_clearing', subkey: 'test', environment: 'production' },
    { kind: 'merchant_available', agentId: agent.id, environment: 'production' },
  ]);
  fundings += 1;
  const result = await ledger.createTransfer({
    id: `test-funding-${process.pid}-${Date.now()}-${fundings}`,
    debitAccountId: source!.id,
    creditAccountId: merchant!.id,
    amount,
    kind: 'topup',
  });
  if (!isTransferOk(result)) throw new Error(`funding refused: ${result.result}`);
  return agent.id;
}

export async function agentId(t: TestApp, username: string): Promise<number> {
  const row = await t.services.db
    .selectFrom('agents')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function ledgerBalance(t: TestApp, username: string): Promise<number> {
  return availableBalance(t.services.ledger, await agentId(t, username), 'production');
}

/** The ledger invariants hold, and the balance call answers the ledger's number. */
export async function expectConsistent(t: TestApp, c: TestClient, username = 'partner@demo.id') {
  const report = await checkInvariants(t.services.db);
  expect(report.violations).toEqual([]);
  expect(report.ok).toBe(true);
  const info = await c.get('/data/app_info_web');
  expect(info.rc).toBe('00');
  expect(info.data.balance).toBe(await ledgerBalance(t, username));
}

export const bankInquiry = (overrides: Record<string, unknown> = {}) => ({
  code: '014',
  number: '1234-5678-90',
  nominal: '100.000',
  password: DEMO_PASSWORD,
  note: 'Gaji',
  sendername: 'Rina',
  purposetransaction: '',
  jenis_rekening: '',
  recaptcha: '',
  ...overrides,
});

/** The OTP of the newest OTP mail to `to`, read through the dev mailbox as a person would. */
export async function latestOtp(c: TestClient, to = 'partner@demo.id'): Promise<string> {
  const mailbox = await c.get('/dev/mailbox', { to, limit: 5 });
  const mail = (mailbox.data as Array<{ kind: string; text: string }>).find(
    (m) => m.kind === 'otp',
  );
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error('no OTP mail');
  return code;
}

/** The current withdraw OTP of an inquiry (by its id_transaksi). */
export async function withdrawOtpOf(t: TestApp, idTransaksi: string) {
  const inquiry = await t.services.db
    .selectFrom('withdraw_inquiries')
    .select('id')
    .where('id_transaksi', '=', idTransaksi)
    .executeTakeFirstOrThrow();
  return t.services.db
    .selectFrom('otp_challenges')
    .selectAll()
    .where('purpose', '=', 'withdraw')
    .where('subject', '=', String(inquiry.id))
    .where('superseded_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

export interface Paid {
  inquiry: any;
  otp: string;
  payment: Record<string, unknown>;
}

/** Inquiry → create_otp → the payment body (not sent), for a cash-out or an e-wallet. */
export async function prepare(
  c: TestClient,
  inquiryBody: Record<string, unknown> = bankInquiry(),
  kind: 'cashout' | 'ewallet' = 'cashout',
): Promise<Paid> {
  const inquiry = await c.post(`/transaction/${kind}_inquiry`, inquiryBody);
  expect(inquiry.rc, inquiry.rd).toBe('00');
  const otpRes = await c.post('/transaction/create_otp', {
    password: DEMO_PASSWORD,
    nominal_transfer: inquiry.data.nominal,
    idtransaksi: inquiry.data.idtransaksi,
  });
  expect(otpRes.rc, otpRes.rd).toBe('00');
  const otp = await latestOtp(c);
  return {
    inquiry: inquiry.data,
    otp,
    payment: {
      checksum: inquiry.data.checksum,
      number: inquiryBody.number,
      pin: otp,
      nominal: inquiry.data.nominal,
      reff_id: inquiry.data.idtransaksi,
      uuid_user: inquiry.data.uuid_user,
      bank_code: inquiry.data.bank_code,
    },
  };
}

/** Moves money out of an agent's available balance through the ledger (the opposite of funding). */
export async function drainAgent(t: TestApp, agent: number, amount: number): Promise<void> {
  if (amount <= 0) return;
  const ledger = t.services.ledger;
  const [sink, merchant] = await ledger.ensureAccounts([
    { kind: 'suspense', subkey: 'test', environment: 'production' },
    { kind: 'merchant_available', agentId: agent, environment: 'production' },
  ]);
  fundings += 1;
  const result = await ledger.createTransfer({
    id: `test-drain-${process.pid}-${Date.now()}-${fundings}`,
    debitAccountId: merchant!.id,
    creditAccountId: sink!.id,
    amount,
    kind: 'adjustment',
  });
  if (!isTransferOk(result)) throw new Error(`drain refused: ${result.result}`);
}
