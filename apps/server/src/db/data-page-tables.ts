import type { AdvanceFundsTables } from '../modules/advance-funds/tables';
import type { AggregatorTables } from '../modules/aggregator/tables';
import type { BulkTransferTables } from '../modules/bulk-transfer/tables';
import type { CallbackTables } from '../modules/callbacks/tables';
import type { ExportTables } from '../modules/exports/tables';
import type { NmidTables } from '../modules/nmid/tables';
import type { SettlementTables } from '../modules/settlement/tables';
import type { TopupTables } from '../modules/topup/tables';
import type { TransferTables } from '../modules/transfer/tables';
import type { VirtualAccountTables } from '../modules/virtual-account/tables';

/**
 * The tables of migrations 0040–0049 (docs/data-model.md), each typed in its area's folder,
 * gathered here so `db/schema.ts` extends one interface.
 */
export interface DataPageTables
  extends TopupTables,
    VirtualAccountTables,
    SettlementTables,
    CallbackTables,
    ExportTables,
    BulkTransferTables,
    TransferTables,
    AggregatorTables,
    AdvanceFundsTables,
    NmidTables {}
