/**
 * The simulator's bank statement of incoming transfers to the provider's accounts. The payer page
 * normally notifies the handler at once (the automatic match); a transfer paid with `notify: false`
 * only lands here, as when a bank's notification is late or lost, and `check` finds it — the port a
 * "confirm I have paid" asks. In memory, like the operator answers (state-store.ts).
 */
import type {
  InboundPaymentNotification,
  InboundTransferCheckRequest,
  InboundTransferRail,
} from '../ports';

export interface SimulatedBankStatement extends InboundTransferRail {
  /** Books an incoming transfer on the statement without notifying anyone. */
  record(notification: InboundPaymentNotification): Promise<void>;
}

const digits = (accountNumber: string) => accountNumber.replace(/[\s-]/g, '');

export function createSimulatedBankStatement(): SimulatedBankStatement {
  const lines: InboundPaymentNotification[] = [];
  return {
    async record(notification) {
      if (lines.some((l) => l.railReference === notification.railReference)) return;
      lines.push(notification);
    },
    async check(request: InboundTransferCheckRequest) {
      const account = digits(request.accountNumber);
      return lines
        .filter(
          (l) =>
            l.channel === 'BANK_TRANSFER' &&
            l.environment === request.environment &&
            digits(l.paidTo) === account &&
            l.amount === request.amount &&
            l.paidAt.getTime() >= request.since.getTime() &&
            l.paidAt.getTime() <= request.now.getTime(),
        )
        .sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime());
    },
  };
}
