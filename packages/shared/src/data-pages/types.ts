import type { z } from 'zod';
import type { AnyCall } from '../contract/call';
import type { dataPageAnswer } from '../contract/data-pages';
import type { IntegerWidth } from '../contract/input-rules';
import type { AccessRequirement } from '../domain/access-rule';
import type { DataPath } from '../domain/permissions';

/**
 * The vocabulary of a data page descriptor (ARCHITECTURE §9: one descriptor per page, one server
 * engine and one DataTable for all of them). Descriptors hold no SQL: the server maps each path to
 * its query in `apps/server/src/modules/data-pages/sources.ts`.
 */

/** Column types of spec 03 §3.1 ("integer, string, enum, date, date range"). */
export const COLUMN_TYPES = ['integer', 'string', 'enum', 'date', 'daterange'] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

/** Filter operators, spelled as the spec spells them (spec 03 §5.1). */
export const FILTER_OPERATORS = [
  'greater',
  'less',
  'equal',
  'not equal',
  'like',
  'startwith',
  'endwith',
  'between',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** Operators by column type, exactly spec 03 §5.1. */
export const OPERATORS_BY_TYPE: Readonly<Record<ColumnType, readonly FilterOperator[]>> = {
  integer: ['greater', 'less', 'equal', 'not equal'],
  date: ['greater', 'less', 'equal', 'not equal'],
  string: ['like', 'startwith', 'endwith', 'equal', 'not equal'],
  enum: ['equal', 'not equal'],
  daterange: ['between'],
};

/** Mantine colour names for the badge colours the spec names (spec 03 §4). */
export const BADGE_COLORS = {
  primary: 'blue',
  success: 'green',
  warning: 'yellow',
  danger: 'red',
  info: 'cyan',
  secondary: 'gray',
} as const;
export type BadgeTone = keyof typeof BADGE_COLORS;

export interface EnumValue {
  /** The value as the row carries it, as text ('0', 'COMPLETED', 'true'). */
  value: string;
  labelKey: string;
  tone: BadgeTone;
}

/** How a value is shown; the type decides filtering, the display decides formatting. */
/** `page`: a data page path, shown as that page's title (the export list's menu column). */
export type ColumnDisplay =
  | 'text'
  | 'money'
  | 'number'
  | 'datetime'
  | 'date'
  | 'month'
  | 'long'
  | 'page';

export interface DataColumn {
  /** The spec's field name; the row key in `{ total, data }`. */
  name: string;
  type: ColumnType;
  labelKey: string;
  display: ColumnDisplay;
  /** Enum columns: the values offered by the filter and shown as badges. */
  enumValues?: readonly EnumValue[];
  /** Label for a value not in `enumValues` (e.g. deposit "else Failed"). */
  enumOther?: Omit<EnumValue, 'value'>;
  /** Shown in the row popup and the export, not as a table column (long or rarely needed fields). */
  popupOnly?: boolean;
  sortable?: boolean;
  /** Integer columns: the SQL type compared with, which bounds a filter value (default int8). */
  width?: IntegerWidth;
}

export type SubNavGroup = 'transactions' | 'balance' | 'monitor' | 'fees' | 'settlement' | 'va';

/**
 * `{column}` in a template is the row's value; `{column:date}` is the WIB date (YYYY-MM-DD) of a
 * date or instant value.
 */
export type Template = string;

export interface LinkAction {
  kind: 'link';
  key: string;
  labelKey: string;
  href: Template;
  /** Shown only when the caller passes this rule too (the target page's rule). */
  requires?: AccessRequirement;
  /** Only for rows where this column is non-empty. */
  whenPresent?: string;
  /** Only for rows whose column holds one of these values. */
  when?: { column: string; in: readonly string[] };
}

export interface CallAction {
  kind: 'call';
  key: string;
  labelKey: string;
  /** The call of the shared contract (contract/row-action-calls.ts); `params` fill its input. */
  call: AnyCall;
  params: Readonly<Record<string, Template>>;
  requires?: AccessRequirement;
  /** Catalog key of a confirmation question; none means no confirmation. */
  confirmKey?: string;
  /** Only for rows whose column holds one of these values. */
  when?: { column: string; in: readonly string[] };
  tone?: BadgeTone;
}

export interface DownloadAction {
  kind: 'download';
  key: string;
  labelKey: string;
  /** Offered only when this status column equals `value` and `fileColumn` is not empty. */
  when: { column: string; value: string; fileColumn: string };
}

export type RowAction = LinkAction | CallAction | DownloadAction;

export interface AddButton {
  labelKey: string;
  to: string;
  requires: AccessRequirement;
}

/** Data pages plus pages guarded by another page's rule (the activity log, a product's charges). */
export type PagePath = DataPath | 'activity_log' | 'produk_charge';

export interface DataPageDescriptor {
  path: PagePath;
  titleKey: string;
  /** The server refuses the page's calls unless this rule allows; the page mirrors it. */
  access: AccessRequirement;
  columns: readonly DataColumn[];
  /** The column whose value identifies a row (actions, React keys). */
  rowKey: string;
  defaultSort: { column: string; direction: 'asc' | 'desc' };
  /**
   * The fixed date-range filter: a `daterange` column, preset to `today` (spec 03 §5.1); a monthly
   * page's today is the current month. List pages without dated rows have none.
   */
  dateRange?: { column: string; preset: 'today' | 'thisMonth' };
  group?: SubNavGroup;
  actions?: readonly RowAction[];
  /** Show the balance card (available and hold) above the table. */
  balanceCard?: boolean;
  addButton?: AddButton;
  /** VA pages: a bank selector that sends `param` (the bank code). */
  bankSelector?: boolean;
  backTo?: string;
  /** Columns that `key=<index>&value=...` pre-filters with equality (spec 03 §2.2). */
  preFilterKeys?: readonly string[];
  /** False for the export list itself. */
  exportable: boolean;
  /**
   * The page refreshes itself every `intervalMs` while a shown row's `column` holds one of
   * `values` (the export list while a job is New / Queue / On Process), and stops when none does.
   */
  refreshWhile?: { column: string; values: readonly string[]; intervalMs: number };
}

/** The "total" page size (spec 03 §9: 300, or the total when larger) is capped here; larger results are for the export. */
export const MAX_PAGE_ROWS = 5_000;

/** A filter row as the page sends it (JSON list in `filters`). */
export interface DataFilter {
  column: string;
  operator: FilterOperator;
  /** daterange: "YYYY-MM-DD,YYYY-MM-DD"; date: "YYYY-MM-DD"; others: text. */
  value: string;
}

/**
 * One page of rows (`GET data/{path}`): the contract's answer (contract/data-pages.ts), with the
 * rows typed by the reader.
 */
export type DataPageAnswer<Row = Record<string, unknown>> = Omit<
  z.infer<typeof dataPageAnswer>,
  'data'
> & { data: Row[] };

export type { ExportJobCreated } from '../contract/data-pages';
