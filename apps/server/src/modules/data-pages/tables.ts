import type { AdvanceFundsTables } from '../advance-funds/tables';
import type { AggregatorTables } from '../aggregator/tables';
import type { BulkTransferTables } from '../bulk-transfer/tables';
import type { CallbackTables } from '../callbacks/tables';
import type { ExportTables } from '../exports/tables';
import type { NmidTables } from '../nmid/tables';
import type { SettlementTables } from '../settlement/tables';
import type { TopupTables } from '../topup/tables';
import type { TransferTables } from '../transfer/tables';
import type { VirtualAccountTables } from '../virtual-account/tables';

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
