import {
  type DataColumn,
  type DataFilter,
  type DataPageDescriptor,
  FILTER_OPERATORS,
  type FilterOperator,
  hasForbiddenText,
  isDateInRange,
  isIntegerInRange,
  MAX_PAGE_ROWS,
  maxFilterRows,
  OPERATORS_BY_TYPE,
  PAGE_SIZES,
  wibDate,
  wibDayStart,
} from '@gerbang/shared';
import { validationError } from '../../http/errors';

/**
 * Turns the query string of `GET /api/data/{path}` into a checked plan. Everything the caller
 * names (columns, operators, sort) must be in the page's descriptor; values are checked against
 * the column's type. The plan is what the SQL builder and the export job use, so an export runs
 * exactly the query the page showed (without the page window).
 */
export interface DataRequest {
  page?: string;
  limit?: string;
  sort?: string;
  filters?: string;
  param?: string;
  vaCode?: string;
  key?: string;
  value?: string;
  date?: string;
  exportCsv?: string;
}

export interface CheckedFilter {
  column: DataColumn;
  operator: FilterOperator;
  /** number for integer columns; string otherwise (dates as YYYY-MM-DD). */
  value: number | string;
}

export interface DataPlan {
  page: number;
  limit: number;
  sort: { column: string; direction: 'asc' | 'desc' };
  filters: CheckedFilter[];
  /** The fixed date range, as WIB dates; null on pages without one. */
  range: { from: string; to: string } | null;
  /** `key`/`value` pre-filter: equality on one column. */
  preFilter: { column: string; value: string } | null;
  /** Bank code of the VA bank selector. */
  param: string | null;
}

/** What an export job stores: the plan without the page window. */
export interface StoredPlan {
  sort: DataPlan['sort'];
  filters: Array<{ column: string; operator: FilterOperator; value: number | string }>;
  range: DataPlan['range'];
  preFilter: DataPlan['preFilter'];
  param: string | null;
}

const MAX_PAGE = 1_000_000;
const MAX_TEXT = 255;

/** The WIB date after `date` (YYYY-MM-DD). */
export function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** Start of the WIB day, and start of the WIB day after `to`: the half-open instant range. */
export function instantRange(from: string, to: string): { start: Date; end: Date } {
  return { start: wibDayStart(from), end: wibDayStart(nextDay(to)) };
}

function checkDate(text: string, column: string, today: string): string {
  // A real date within the shared bounds (2000-01-01..2100-12-31; year 0000 is no date to SQL).
  if (!isDateInRange(text)) throw validationError('data.errors.badValue', { column });
  if (text > today) throw validationError('data.errors.futureDate');
  return text;
}

function checkValue(column: DataColumn, operator: FilterOperator, raw: unknown, today: string) {
  if (typeof raw !== 'string' && typeof raw !== 'number') {
    throw validationError('data.errors.badValue', { column: column.name });
  }
  const text = String(raw).trim();
  if (hasForbiddenText(text))
    throw validationError('data.errors.badValue', { column: column.name });
  switch (column.type) {
    case 'integer': {
      if (!/^-?\d{1,16}$/.test(text))
        throw validationError('data.errors.badValue', { column: column.name });
      const value = Number(text);
      // Within the column's SQL type: `integer` columns (counts) take 32-bit values only.
      if (!isIntegerInRange(value, column.width ?? 'int8'))
        throw validationError('data.errors.badValue', { column: column.name });
      return value;
    }
    case 'date':
      return checkDate(text, column.name, today);
    case 'daterange': {
      const [from = '', to = '', ...rest] = text.split(',').map((part) => part.trim());
      if (rest.length > 0) throw validationError('data.errors.badDateRange');
      checkDate(from, column.name, today);
      checkDate(to, column.name, today);
      if (from > to) throw validationError('data.errors.badDateRange');
      return `${from},${to}`;
    }
    case 'enum': {
      const allowed = column.enumValues ?? [];
      if (!allowed.some((v) => v.value === text)) {
        throw validationError('data.errors.badValue', { column: column.name });
      }
      return text;
    }
    case 'string':
      if (text.length === 0 || text.length > MAX_TEXT) {
        throw validationError('data.errors.badValue', { column: column.name });
      }
      return text;
  }
  void operator;
  throw validationError('data.errors.badValue', { column: column.name });
}

function findColumn(page: DataPageDescriptor, name: unknown): DataColumn {
  const column = typeof name === 'string' ? page.columns.find((c) => c.name === name) : undefined;
  if (!column) {
    // Echo at most a short, printable prefix of what was sent.
    const shown = String(name ?? '')
      .replace(/[^\w .-]/g, '?')
      .slice(0, 40);
    throw validationError('data.errors.unknownColumn', { column: shown });
  }
  return column;
}

function parseFilters(page: DataPageDescriptor, text: string | undefined): DataFilter[] {
  if (text === undefined || text.trim() === '') return [];
  if (text.length > 8_000) throw validationError('data.errors.badFilters');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw validationError('data.errors.badFilters');
  }
  if (!Array.isArray(parsed)) throw validationError('data.errors.badFilters');
  const max = maxFilterRows(page);
  if (parsed.length > max) throw validationError('data.errors.tooManyFilters', { max });
  return parsed.map((item) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      throw validationError('data.errors.badFilters');
    }
    const { column, operator, value } = item as Record<string, unknown>;
    return {
      column: column as string,
      operator: operator as FilterOperator,
      value: value as string,
    };
  });
}

function parseLimit(text: string | undefined): number {
  if (text === undefined || text === '') return 10;
  if (!/^\d{1,5}$/.test(text)) throw validationError('data.errors.badLimit');
  const limit = Number(text);
  // 10, 50, 100, 200, 300, or "the total" when it is larger than 300 (capped; exports take the rest).
  const listed = (PAGE_SIZES as readonly number[]).includes(limit);
  if (!listed && !(limit > 300 && limit <= MAX_PAGE_ROWS))
    throw validationError('data.errors.badLimit');
  return limit;
}

function parsePage(text: string | undefined): number {
  if (text === undefined || text === '') return 1;
  if (!/^\d{1,7}$/.test(text)) throw validationError('data.errors.badPage');
  const page = Number(text);
  if (page < 1 || page > MAX_PAGE) throw validationError('data.errors.badPage');
  return page;
}

function parseSort(page: DataPageDescriptor, text: string | undefined): DataPlan['sort'] {
  if (text === undefined || text === '') return page.defaultSort;
  const match = /^([a-z0-9_]{1,64}):(asc|desc)$/.exec(text);
  if (!match) throw validationError('data.errors.badSort');
  const column = page.columns.find((c) => c.name === match[1]);
  if (!column || column.sortable === false) throw validationError('data.errors.badSort');
  return { column: column.name, direction: match[2] as 'asc' | 'desc' };
}

function presetRange(page: DataPageDescriptor, today: string): DataPlan['range'] {
  if (!page.dateRange) return null;
  // A monthly report's "today" is the current month (spec 03 §5.1: the preset is today).
  if (page.dateRange.preset === 'thisMonth') return { from: `${today.slice(0, 7)}-01`, to: today };
  return { from: today, to: today };
}

export function planRequest(page: DataPageDescriptor, request: DataRequest, now: Date): DataPlan {
  const today = wibDate(now);
  const plan: DataPlan = {
    page: parsePage(request.page),
    limit: parseLimit(request.limit),
    sort: parseSort(page, request.sort),
    filters: [],
    range: presetRange(page, today),
    preFilter: null,
    param: null,
  };

  // `date` (from a row action link) narrows the fixed range to that day.
  if (request.date !== undefined && request.date !== '') {
    const date = checkDate(request.date, 'date', today);
    if (page.dateRange) plan.range = { from: date, to: date };
  }

  let rangeSeen = false;
  for (const filter of parseFilters(page, request.filters)) {
    const column = findColumn(page, filter.column);
    if (
      typeof filter.operator !== 'string' ||
      !(FILTER_OPERATORS as readonly string[]).includes(filter.operator) ||
      !OPERATORS_BY_TYPE[column.type].includes(filter.operator)
    ) {
      const shown = String(filter.operator ?? '')
        .replace(/[^\w .-]/g, '?')
        .slice(0, 20);
      throw validationError('data.errors.badOperator', { operator: shown, column: column.name });
    }
    const value = checkValue(column, filter.operator, filter.value, today);
    if (column.type === 'daterange') {
      // Only the page's fixed date-range column takes a range, once.
      if (column.name !== page.dateRange?.column || rangeSeen) {
        throw validationError('data.errors.badFilters');
      }
      rangeSeen = true;
      const [from, to] = String(value).split(',') as [string, string];
      plan.range = { from, to };
      continue;
    }
    plan.filters.push({ column, operator: filter.operator, value });
  }

  if (request.key !== undefined && request.key !== '') {
    const keys = page.preFilterKeys ?? [];
    const index = /^\d{1,2}$/.test(request.key) ? Number(request.key) : -1;
    const column = keys[index];
    const value = (request.value ?? '').trim();
    if (
      column === undefined ||
      value === '' ||
      value.length > MAX_TEXT ||
      hasForbiddenText(value)
    ) {
      throw validationError('data.errors.badPreFilter');
    }
    plan.preFilter = { column, value };
  }

  const param = (request.param || request.vaCode || '').trim();
  if (param !== '') {
    if (!page.bankSelector || !/^[A-Za-z0-9]{1,16}$/.test(param)) {
      throw validationError('data.errors.badPreFilter');
    }
    plan.param = param;
  }
  return plan;
}

export function storedPlan(plan: DataPlan): StoredPlan {
  return {
    sort: plan.sort,
    filters: plan.filters.map((f) => ({
      column: f.column.name,
      operator: f.operator,
      value: f.value,
    })),
    range: plan.range,
    preFilter: plan.preFilter,
    param: plan.param,
  };
}

/** Rebuilds a plan from an export job's stored copy, checking it again against the descriptor. */
export function planFromStored(page: DataPageDescriptor, stored: StoredPlan): DataPlan {
  return {
    page: 1,
    limit: MAX_PAGE_ROWS,
    sort: stored.sort,
    filters: stored.filters.map((f) => ({
      column: findColumn(page, f.column),
      operator: f.operator,
      value: f.value,
    })),
    range: stored.range,
    preFilter: stored.preFilter,
    param: stored.param,
  };
}
