import type { ColumnType } from 'kysely';

/** An instant (`timestamptz`): read as Date, written as Date or ISO string, optional on insert. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Set once at insert (defaults to now()) and never updated. */
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
