/** Account and transfer factories with overrides, shared by the ledger tests. */
import {
  type Account,
  type AccountSpec,
  isTransferOk,
  type Ledger,
  type LedgerOptions,
  type TransferInput,
  type TransferResult,
} from '../src/index';

export interface Book {
  /** Debit-normal system account that may go negative: where top-ups come from. */
  clearing: Account;
  feeRevenue: Account;
  merchantA: Account;
  merchantB: Account;
  sandboxMerchant: Account;
  usdMerchant: Account;
}

export async function openBook(
  ledger: Ledger,
  overrides: Partial<AccountSpec> = {},
): Promise<Book> {
  const [clearing, feeRevenue, merchantA, merchantB, sandboxMerchant, usdMerchant] =
    await ledger.ensureAccounts([
      { kind: 'rail_clearing', subkey: '014', environment: 'production', ...overrides },
      { kind: 'fee_revenue', environment: 'production', ...overrides },
      { kind: 'merchant_available', agentId: 1, environment: 'production', ...overrides },
      { kind: 'merchant_available', agentId: 2, environment: 'production', ...overrides },
      { kind: 'merchant_available', agentId: 1, environment: 'sandbox' },
      { kind: 'merchant_available', agentId: 1, environment: 'production', currency: 'USD' },
    ]);
  if (!clearing || !feeRevenue || !merchantA || !merchantB || !sandboxMerchant || !usdMerchant) {
    throw new Error('book accounts missing');
  }
  return { clearing, feeRevenue, merchantA, merchantB, sandboxMerchant, usdMerchant };
}

let sequence = 0;

/** A unique transfer id; tests that replay keep the id they got. */
export function nextId(prefix = 't'): string {
  sequence += 1;
  return `${prefix}-${sequence}`;
}

export function transfer(
  overrides: Partial<TransferInput> & Pick<TransferInput, 'debitAccountId' | 'creditAccountId'>,
): TransferInput {
  return { id: nextId(), amount: 1_000, kind: 'transfer', ...overrides };
}

/** Tops a merchant up from the clearing account and fails the test if it is refused. */
export async function fund(
  ledger: Ledger,
  book: Book,
  account: Account,
  amount: number,
): Promise<void> {
  const result = await ledger.createTransfer({
    id: nextId('fund'),
    debitAccountId: book.clearing.id,
    creditAccountId: account.id,
    amount,
    kind: 'topup',
  });
  if (!isTransferOk(result)) throw new Error(`funding refused: ${result.result}`);
}

export function codes(results: readonly TransferResult[]): string[] {
  return results.map((result) => result.result);
}

/** A settable clock for timeouts. */
export function testClock(start = new Date('2025-01-01T00:00:00.000Z')) {
  let nowMs = start.getTime();
  return {
    now: () => new Date(nowMs),
    advanceSeconds(seconds: number) {
      nowMs += seconds * 1000;
    },
    options(): LedgerOptions {
      return { clock: () => new Date(nowMs) };
    },
  };
}
