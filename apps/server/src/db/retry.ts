import { isConnectionError } from './multi-host';

/**
 * Runs a money call again when it failed because the database connection was lost (a failover:
 * the primary died under the transaction), at most `attempts` times in all. ONLY for calls that are
 * idempotent by their key, so that a second run finds what a first run committed before its answer
 * was lost and answers the same (ADR 013 lists which calls use it and why the others do not):
 * withdrawal payments (the inquiry id: a paid inquiry answers its receipt), domestic transfer
 * confirmation (the order id: a confirmed order answers itself) and simulator pay-ins (the bank
 * reference: a known reference answers `replayed`). A new connection waits for the new primary
 * (multi-host.ts), so the retry runs there.
 */
export async function retryOnConnectionLoss<T>(
  run: () => Promise<T>,
  options: { attempts?: number; delayMs?: number } = {},
): Promise<T> {
  const attempts = options.attempts ?? 3;
  const delayMs = options.delayMs ?? 500;
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !isConnectionError(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delayMs * attempt));
    }
  }
}
