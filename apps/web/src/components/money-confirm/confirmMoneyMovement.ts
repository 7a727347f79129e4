import { loadModals } from '../../lib/lazy-modals';
import type { MoneyTotals } from './money-totals';

export type { MoneyTotals } from './money-totals';

/**
 * Asks the user to confirm an action that moves money, showing its totals (one dialog for every
 * such action). Resolves true on "yes", false on cancel or close; nothing is sent before it. The
 * dialog lives with the lazily loaded modal stack, so pages do not carry it until it is needed.
 */
export async function confirmMoneyMovement(totals: MoneyTotals): Promise<boolean> {
  await loadModals();
  const { openMoneyConfirmation } = await import('./MoneyConfirmation');
  return openMoneyConfirmation(totals);
}
