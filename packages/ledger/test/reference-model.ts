/**
 * A deliberately naive ledger, written from the rules in the README and not from the engine's
 * code: the property tests run random operations against it and against the real ledger and
 * demand identical answers and balances. It covers the operations the generators produce.
 */

export interface ModelAccount {
  id: number;
  normalSide: 'credit' | 'debit';
  allowNegative: boolean;
  debitsPosted: number;
  creditsPosted: number;
  debitsPending: number;
  creditsPending: number;
}

interface ModelTransfer {
  /** Fields a replay must repeat; compared as one string. */
  signature: string;
  debit: number;
  credit: number;
  amount: number;
  isHold: boolean;
  status: 'pending' | 'posted' | 'voided' | 'expired' | null;
  timeoutAtMs: number | null;
}

export type ModelRequest =
  | { type: 'single'; id: string; debit: number; credit: number; amount: number; linked?: boolean }
  | {
      type: 'hold';
      id: string;
      debit: number;
      credit: number;
      amount: number;
      timeoutSeconds: number;
      linked?: boolean;
    }
  | { type: 'post'; id: string; pendingId: string; amount?: number; linked?: boolean }
  | { type: 'void'; id: string; pendingId: string; linked?: boolean };

function available(account: ModelAccount): number {
  return account.normalSide === 'credit'
    ? account.creditsPosted - account.debitsPosted - account.debitsPending
    : account.debitsPosted - account.creditsPosted - account.creditsPending;
}

function signatureOf(request: ModelRequest): string {
  return JSON.stringify({ ...request, linked: request.linked === true });
}

export class ReferenceLedger {
  accounts = new Map<number, ModelAccount>();
  transfers = new Map<string, ModelTransfer>();

  constructor(accounts: readonly ModelAccount[]) {
    for (const account of accounts) this.accounts.set(account.id, { ...account });
  }

  private clone(): { accounts: Map<number, ModelAccount>; transfers: Map<string, ModelTransfer> } {
    return {
      accounts: new Map([...this.accounts].map(([id, account]) => [id, { ...account }])),
      transfers: new Map([...this.transfers].map(([id, transfer]) => [id, { ...transfer }])),
    };
  }

  /** One request against the current state; mutates it only on success. */
  private applyOne(request: ModelRequest, nowMs: number): string {
    if (
      (request.type === 'single' || request.type === 'hold') &&
      request.debit === request.credit
    ) {
      return 'accounts_must_be_different';
    }
    const stored = this.transfers.get(request.id);
    if (stored !== undefined) {
      return stored.signature === signatureOf(request) ? 'exists' : 'exists_with_different_fields';
    }
    if (request.type === 'single' || request.type === 'hold') {
      const debit = this.accounts.get(request.debit);
      const credit = this.accounts.get(request.credit);
      if (!debit) return 'debit_account_not_found';
      if (!credit) return 'credit_account_not_found';
      const hold = request.type === 'hold';
      const debitAfter = { ...debit };
      const creditAfter = { ...credit };
      if (hold) {
        debitAfter.debitsPending += request.amount;
        creditAfter.creditsPending += request.amount;
      } else {
        debitAfter.debitsPosted += request.amount;
        creditAfter.creditsPosted += request.amount;
      }
      if (
        !debit.allowNegative &&
        available(debitAfter) < 0 &&
        available(debitAfter) < available(debit)
      ) {
        return 'exceeds_credits';
      }
      if (
        !credit.allowNegative &&
        available(creditAfter) < 0 &&
        available(creditAfter) < available(credit)
      ) {
        return 'exceeds_debits';
      }
      this.accounts.set(debit.id, debitAfter);
      this.accounts.set(credit.id, creditAfter);
      this.transfers.set(request.id, {
        signature: signatureOf(request),
        debit: debit.id,
        credit: credit.id,
        amount: request.amount,
        isHold: hold,
        status: hold ? 'pending' : null,
        timeoutAtMs:
          hold && request.timeoutSeconds > 0 ? nowMs + request.timeoutSeconds * 1000 : null,
      });
      return 'created';
    }
    const pending = this.transfers.get(request.pendingId);
    if (!pending) return 'pending_transfer_not_found';
    if (!pending.isHold) return 'pending_transfer_not_pending';
    if (pending.status === 'posted') return 'pending_transfer_already_posted';
    if (pending.status === 'voided') return 'pending_transfer_already_voided';
    if (pending.status === 'expired') return 'pending_transfer_expired';
    if (pending.timeoutAtMs !== null && pending.timeoutAtMs <= nowMs)
      return 'pending_transfer_expired';
    const postedAmount = request.type === 'post' ? (request.amount ?? pending.amount) : 0;
    if (postedAmount > pending.amount) return 'exceeds_pending_transfer_amount';
    this.release(pending, postedAmount);
    pending.status = request.type === 'post' ? 'posted' : 'voided';
    this.transfers.set(request.id, {
      signature: signatureOf(request),
      debit: pending.debit,
      credit: pending.credit,
      amount: request.type === 'post' ? postedAmount : pending.amount,
      isHold: false,
      status: null,
      timeoutAtMs: null,
    });
    return 'created';
  }

  private release(pending: ModelTransfer, postedAmount: number): void {
    const debit = this.accounts.get(pending.debit);
    const credit = this.accounts.get(pending.credit);
    if (!debit || !credit) throw new Error('model: hold accounts vanished');
    debit.debitsPending -= pending.amount;
    credit.creditsPending -= pending.amount;
    debit.debitsPosted += postedAmount;
    credit.creditsPosted += postedAmount;
  }

  /** One call: requests in order, linked chains all-or-nothing. */
  call(requests: readonly ModelRequest[], nowMs: number): string[] {
    const results: string[] = [];
    let index = 0;
    while (index < requests.length) {
      let end = index;
      while (end < requests.length - 1 && requests[end]?.linked === true) end++;
      const chain = requests.slice(index, end + 1);
      const open = chain[chain.length - 1]?.linked === true;
      if (chain.length === 1 && !open) {
        results.push(this.applyOne(chain[0] as ModelRequest, nowMs));
      } else {
        const saved = this.clone();
        const codes: string[] = [];
        let failedAt = -1;
        for (const [position, request] of chain.entries()) {
          const code = this.applyOne(request, nowMs);
          codes.push(code);
          if (code !== 'created' && code !== 'exists') {
            failedAt = position;
            break;
          }
        }
        if (failedAt >= 0 || open) {
          this.accounts = saved.accounts;
          this.transfers = saved.transfers;
          const chainCodes = chain.map((_, position) =>
            position === failedAt ? (codes[position] as string) : 'linked_event_failed',
          );
          if (open) chainCodes[chainCodes.length - 1] = 'linked_event_chain_open';
          results.push(...chainCodes);
        } else {
          results.push(...codes);
        }
      }
      index = end + 1;
    }
    return results;
  }

  /** Voids every hold whose timeout has passed; returns how many. */
  expire(nowMs: number): number {
    let expired = 0;
    for (const transfer of this.transfers.values()) {
      const due = transfer.timeoutAtMs !== null && transfer.timeoutAtMs <= nowMs;
      if (transfer.status === 'pending' && due) {
        this.release(transfer, 0);
        transfer.status = 'expired';
        expired++;
      }
    }
    return expired;
  }

  holdStatus(id: string): string | undefined {
    return this.transfers.get(id)?.status ?? undefined;
  }
}
