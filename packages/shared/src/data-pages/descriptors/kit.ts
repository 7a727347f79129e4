import { MOVEMENT_KINDS } from '../../contract/statement';
import type { AccessRequirement } from '../../domain/access-rule';
import type {
  BadgeTone,
  ColumnDisplay,
  ColumnType,
  DataColumn,
  EnumValue,
  PagePath,
} from '../types';

/** The column helpers, status sets and actions the data-page descriptors are written with. */

type ColumnExtras = Partial<
  Pick<DataColumn, 'enumValues' | 'enumOther' | 'popupOnly' | 'sortable'>
>;

export function col(
  name: string,
  type: ColumnType,
  display: ColumnDisplay,
  extras: ColumnExtras = {},
): DataColumn {
  return { name, type, display, labelKey: `data.columns.${name}`, ...extras };
}

export const text = (name: string, extras?: ColumnExtras) => col(name, 'string', 'text', extras);
export const long = (name: string) => col(name, 'string', 'long', { popupOnly: true });
export const money = (name: string) => col(name, 'integer', 'money');
/** A count: an `integer` (int4) column or aggregate, so filter values stay within 32 bits. */
export const count = (name: string) => ({
  ...col(name, 'integer', 'number'),
  width: 'int4' as const,
});
/** A numeric identifier: filtered as a number, shown without thousands separators. */
export const numericId = (name: string) => col(name, 'integer', 'text');
export const instant = (name: string, extras?: ColumnExtras) =>
  col(name, 'date', 'datetime', extras);
export const day = (name: string) => col(name, 'date', 'date');
/** The page's fixed date-range column, shown as an instant. */
export const rangeInstant = (name: string) => col(name, 'daterange', 'datetime');
export const rangeDay = (name: string) => col(name, 'daterange', 'date');

export function values(
  set: string,
  entries: ReadonlyArray<readonly [string, BadgeTone]>,
): EnumValue[] {
  return entries.map(([value, tone]) => ({
    value,
    tone,
    labelKey: `data.enums.${set}.${value.replace(/[^\w-]/g, '_')}`,
  }));
}

export function enumCol(
  name: string,
  set: string,
  entries: ReadonlyArray<readonly [string, BadgeTone]>,
  other?: BadgeTone,
  extras: ColumnExtras = {},
): DataColumn {
  return col(name, 'enum', 'text', {
    enumValues: values(set, entries),
    ...(other ? { enumOther: { labelKey: `data.enums.${set}.other`, tone: other } } : {}),
    ...extras,
  });
}

/** The statement's movement kind: labels from the `statement.movement` catalog. */
export const movementKindColumn = col('keterangan_detail', 'enum', 'text', {
  enumValues: MOVEMENT_KINDS.map((value) => ({
    value,
    tone: (value.startsWith('hold_') ? 'info' : 'secondary') as BadgeTone,
    labelKey: `statement.movement.${value}`,
  })),
  enumOther: { labelKey: 'statement.movement.other', tone: 'secondary' },
});

// Statuses of spec 03 §4 and §3.1.
export const TRANSFER_STATUS_VALUES = values('transferStatus', [
  ['NEW', 'warning'],
  ['PAID', 'primary'],
  ['PROCESS_COMPLETED', 'warning'],
  ['COMPLETED', 'success'],
  ['FAILED', 'danger'],
  // A NEW order past its expiry time (computed, never stored).
  ['EXPIRED', 'secondary'],
]);
export const EXPORT_STATUS: Array<[string, BadgeTone]> = [
  ['0', 'secondary'],
  ['1', 'info'],
  ['2', 'warning'],
  ['3', 'success'],
  ['4', 'danger'],
];
export const DEPOSIT_STATUS: Array<[string, BadgeTone]> = [
  ['0', 'warning'],
  ['1', 'success'],
  ['2', 'danger'],
  ['3', 'secondary'],
];
export const CALLBACK_STATUS: Array<[string, BadgeTone]> = [
  ['0', 'secondary'],
  ['1', 'success'],
  ['2', 'danger'],
  ['3', 'warning'],
];
export const HOLD_SENT: Array<[string, BadgeTone]> = [
  ['0', 'warning'],
  ['1', 'success'],
];
export const MONITOR_SENT: Array<[string, BadgeTone]> = [
  ['0', 'warning'],
  ['1', 'success'],
  ['2', 'danger'],
  ['3', 'info'],
];
export const DISBURSEMENT_STATUS: Array<[string, BadgeTone]> = [
  ['-2', 'info'],
  ['-1', 'secondary'],
  ['0', 'warning'],
  ['1', 'success'],
  ['2', 'danger'],
];
/** A payout's name-mismatch hold (name_checks.status). */
export const NAME_CHECK_STATUS: Array<[string, BadgeTone]> = [
  ['WAITING', 'warning'],
  ['RELEASED', 'success'],
  ['REJECTED', 'danger'],
  ['EXPIRED', 'secondary'],
];
export const VA_REQUEST_STATUS: Array<[string, BadgeTone]> = [
  ['0', 'warning'],
  ['1', 'success'],
  ['2', 'danger'],
];
export const SETTLEMENT_STATUS: Array<[string, BadgeTone]> = [
  ['waiting', 'warning'],
  ['process', 'info'],
  ['failed', 'danger'],
  ['completed', 'success'],
];

export const read = (path: PagePath): AccessRequirement['permission'] => ({
  module: `data_${path}`,
  action: 'READ',
});

/** Bank transfer of the row's transaction: the invoice page and the callback monitor. */
export const printAction = (idColumn: string, dateColumn: string) =>
  ({
    kind: 'link',
    key: 'print',
    labelKey: 'data.actions.print',
    href: `/invoice/{${idColumn}}/{${dateColumn}:date}`,
    whenPresent: idColumn,
  }) as const;
export const callbackAction = (idColumn: string, dateColumn: string) =>
  ({
    kind: 'link',
    key: 'callback',
    labelKey: 'data.actions.callback',
    href: `/data/callback?key=1&value={${idColumn}}&date={${dateColumn}:date}`,
    requires: { permission: read('callback') },
    whenPresent: idColumn,
  }) as const;
