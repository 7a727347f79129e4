import type {
  PayoutSchedulesTable,
  ScheduledBulkGroup,
  ScheduledDestination,
  ScheduledRemittance,
} from './tables';

type Described = Pick<PayoutSchedulesTable, 'kind'> & {
  destination: ScheduledDestination | ScheduledBulkGroup | ScheduledRemittance;
};

/** A withdrawal schedule's destination (the kind decides what `destination` holds). */
export function withdrawalOf(schedule: Described): ScheduledDestination {
  return schedule.destination as ScheduledDestination;
}

/** A remittance schedule's beneficiary and foreign amount. */
export function remittanceOf(schedule: Described): ScheduledRemittance {
  return schedule.destination as ScheduledRemittance;
}

/** A bulk schedule's group (name, description, rows). */
export function bulkGroupOf(schedule: Described): ScheduledBulkGroup {
  return schedule.destination as ScheduledBulkGroup;
}

/** Where a schedule pays, in the maker's mail: the account, or the group and its row count. */
export function describeDestination(schedule: Described): string {
  if (schedule.kind === 'bulk') {
    const group = bulkGroupOf(schedule);
    return `${group.group_name} (${group.rows})`;
  }
  const d = withdrawalOf(schedule);
  return `${d.product_name} ${d.account_number} a.n. ${d.account_name}`;
}
