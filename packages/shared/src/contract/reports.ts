import { z } from 'zod';
import type { AccessRequirement } from '../domain/access-rule';
import { AREA_PERMISSIONS } from './access-rules';
import { TRANSACTION_TYPES } from './dashboard';

/**
 * Monthly reports (spec 01 §2 "Monthly report page", §7 `GET report/{key}`): one row per day of
 * the month and group. Each key carries the access rule the server enforces and the page mirrors:
 * report READ (the area) and READ on the key's own module.
 */
export interface ReportDefinition {
  key: string;
  rule: AccessRequirement;
  /** What `amount` counts: a number of rows, or rupiah. */
  unit: 'count' | 'rupiah';
  /** Rows also carry `fullamount` (rupiah) beside a count. */
  hasFullAmount: boolean;
}

/** Every report is inside the report area: a sub-user denied `report` loses them all. */
const REPORT = AREA_PERMISSIONS.report;

export const REPORTS = [
  {
    key: 'daily_success_trx',
    rule: {
      permission: { module: 'daily_success_trx', action: 'READ' },
      alsoPermissions: [REPORT],
    },
    unit: 'count',
    hasFullAmount: true,
  },
  {
    key: 'daily_omzet',
    rule: {
      permission: { module: 'daily_omzet', action: 'READ' },
      alsoPermissions: [REPORT],
    },
    unit: 'rupiah',
    hasFullAmount: false,
  },
  {
    key: 'daily_callback',
    rule: {
      permission: { module: 'daily_callback', action: 'READ' },
      alsoPermissions: [REPORT],
      apiEnabled: true,
    },
    unit: 'count',
    hasFullAmount: false,
  },
  {
    key: 'report_transaction_payment_success_by_agen',
    rule: {
      permission: { module: 'report_transaction_payment_success_by_agen', action: 'READ' },
      alsoPermissions: [REPORT],
      groups: [11],
    },
    unit: 'count',
    hasFullAmount: true,
  },
  {
    key: 'report_transaction_payment_success_by_product',
    rule: {
      permission: { module: 'report_transaction_payment_success_by_product', action: 'READ' },
      alsoPermissions: [REPORT],
      groups: [11],
    },
    unit: 'count',
    hasFullAmount: true,
  },
] as const satisfies readonly ReportDefinition[];

export type ReportKey = (typeof REPORTS)[number]['key'];
export const REPORT_KEYS = REPORTS.map((r) => r.key) as ReportKey[];

/** The tabs of the report page (spec 01 §2): normal groups, and group 11. */
export const NORMAL_REPORT_TABS: readonly ReportKey[] = [
  'daily_success_trx',
  'daily_omzet',
  'daily_callback',
];
export const AGGREGATOR_REPORT_TABS: readonly ReportKey[] = [
  'report_transaction_payment_success_by_agen',
  'report_transaction_payment_success_by_product',
];

export function findReport(key: string): ReportDefinition | undefined {
  return (REPORTS as readonly ReportDefinition[]).find((r) => r.key === key);
}

const isMonth = (period: string) => {
  const month = Number(period.slice(4, 6));
  return month >= 1 && month <= 12;
};

export const reportQuery = z.object({
  period: z
    .string({ error: 'reports.errors.periodInvalid' })
    .regex(/^\d{6}$/, { error: 'reports.errors.periodInvalid' })
    .refine(isMonth, { error: 'reports.errors.periodInvalid' }),
  type: z.enum(TRANSACTION_TYPES, { error: 'reports.errors.typeInvalid' }).optional(),
});
export type ReportQuery = z.input<typeof reportQuery>;

/** A report row (spec 01 §3): the WIB date, the group it belongs to, and its amount. */
export const reportRow = z.object({
  date: z.string(),
  group: z.string(),
  amount: z.number(),
  fullamount: z.number().optional(),
});
export type ReportRow = z.infer<typeof reportRow>;
