import { checkBankAccount } from './bank-simulator';
import { checkWallet } from './ewallet-simulator';
import type { HolderNameBook } from './holder-names';

export type RenameResult =
  | { readonly ok: true; readonly name: string }
  | { readonly ok: false; readonly code: string };

/** The simulator page's control of simulated accounts. */
export interface SimulatorAccountControl {
  /**
   * Renames a simulated account (a bank account, a VA or an e-wallet): the rail's inquiry answers
   * the new name from now on (`name` null: the account's own name again). A saved beneficiary's
   * next payout is then held by the pipeline's name check.
   */
  renameAccount(request: {
    kind: 'BANK' | 'VA' | 'EWALLET';
    code: string;
    accountNumber: string;
    name: string | null;
  }): RenameResult;
}

export function createSimulatorAccountControl(names: HolderNameBook): SimulatorAccountControl {
  return {
    renameAccount({ kind, code, accountNumber, name }) {
      const checked =
        kind === 'EWALLET'
          ? checkWallet(code, accountNumber)
          : checkBankAccount(code, accountNumber, kind === 'VA' ? 'VA' : 'NORMAL');
      if (!checked.ok) return { ok: false, code: checked.code };
      names.rename(checked.destination, name);
      return { ok: true, name: names.nameFor(checked.destination) };
    },
  };
}
