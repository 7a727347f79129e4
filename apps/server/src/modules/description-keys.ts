import { BULK_TRANSFER_DESCRIPTIONS } from './bulk-transfer/description-keys';
import { REMITTANCE_DESCRIPTIONS } from './remittance/description-keys';
import { DEPOSIT_RETURN_DESCRIPTIONS } from './topup/description-keys';
import { declareDescriptionKeys } from './transactions/descriptions';
import { TRANSFER_DESCRIPTIONS } from './transfer/description-keys';
import { WITHDRAW_DESCRIPTIONS } from './withdraw/description-keys';

/**
 * Every area's transaction-description keys (each declares its own in `description-keys.ts`),
 * registered once at start by each process that writes or reads descriptions: the server
 * (bootstrap) and the export worker. The shared `descriptions.*` subtree needs no declaration.
 * An area that writes descriptions of its own catalog adds one line here.
 */
export function registerDescriptionKeys(): void {
  for (const sources of [
    WITHDRAW_DESCRIPTIONS,
    DEPOSIT_RETURN_DESCRIPTIONS,
    TRANSFER_DESCRIPTIONS,
    BULK_TRANSFER_DESCRIPTIONS,
    REMITTANCE_DESCRIPTIONS,
  ])
    declareDescriptionKeys(sources);
}
