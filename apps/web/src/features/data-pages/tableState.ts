import {
  type DataFilter,
  type DataPageDescriptor,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_ROWS,
  PAGE_SIZES,
  wibDate,
} from '@gerbang/shared';
import type { DataPageQuery } from '@gerbang/shared/contract/data-pages';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { serverNow } from '../../lib/server-clock';

/**
 * The table's state lives in the URL (ARCHITECTURE §9): page, size, sort and the applied filter
 * rows, plus the key/value/date/param pre-filters that row-action links carry. Reloading or
 * sharing the address shows the same table.
 */
export interface TableState {
  page: number;
  limit: number;
  sort: { column: string; direction: 'asc' | 'desc' };
  /** Applied filters, the fixed date range first (when the page has one). */
  filters: DataFilter[];
  key: string | null;
  value: string | null;
  date: string | null;
  param: string | null;
}

export function todayWib(): string {
  return wibDate(serverNow());
}

/** The fixed date-range filter's default value (spec 03 §5.1: today; monthly pages: this month). */
export function presetRange(page: DataPageDescriptor, date: string | null): string {
  const today = todayWib();
  if (date && /^\d{4}-\d{2}-\d{2}$/.test(date) && date <= today) return `${date},${date}`;
  if (page.dateRange?.preset === 'thisMonth') return `${today.slice(0, 7)}-01,${today}`;
  return `${today},${today}`;
}

function parseFilters(text: string | null): DataFilter[] {
  if (!text) return [];
  try {
    const parsed = JSON.parse(text);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (f): f is DataFilter =>
        f &&
        typeof f.column === 'string' &&
        typeof f.operator === 'string' &&
        typeof f.value === 'string',
    );
  } catch {
    return [];
  }
}

export function useTableState(page: DataPageDescriptor) {
  const [params, setParams] = useSearchParams();

  const state = useMemo<TableState>(() => {
    const pageNumber = Number(params.get('page') ?? '1');
    const limit = Number(params.get('limit') ?? DEFAULT_PAGE_SIZE);
    const sortText = params.get('sort') ?? '';
    const [sortColumn, sortDirection] = sortText.split(':');
    const sortable = page.columns.some((c) => c.name === sortColumn && c.sortable !== false);
    const date = params.get('date');
    let filters = parseFilters(params.get('filters'));
    if (page.dateRange) {
      const rangeColumn = page.dateRange.column;
      const range = filters.find((f) => f.column === rangeColumn && f.operator === 'between');
      filters = [
        range ?? { column: rangeColumn, operator: 'between', value: presetRange(page, date) },
        ...filters.filter((f) => f !== range),
      ];
    }
    return {
      page: Number.isInteger(pageNumber) && pageNumber > 0 ? pageNumber : 1,
      limit:
        (PAGE_SIZES as readonly number[]).includes(limit) || (limit > 300 && limit <= MAX_PAGE_ROWS)
          ? limit
          : DEFAULT_PAGE_SIZE,
      sort:
        sortable && (sortDirection === 'asc' || sortDirection === 'desc')
          ? { column: sortColumn as string, direction: sortDirection }
          : page.defaultSort,
      filters,
      key: params.get('key'),
      value: params.get('value'),
      date,
      param: params.get('param'),
    };
  }, [params, page]);

  const update = useCallback(
    (change: Partial<Pick<TableState, 'page' | 'limit' | 'sort' | 'filters' | 'param'>>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (change.page !== undefined) next.set('page', String(change.page));
          if (change.limit !== undefined) next.set('limit', String(change.limit));
          if (change.sort !== undefined)
            next.set('sort', `${change.sort.column}:${change.sort.direction}`);
          if (change.filters !== undefined) {
            next.set('filters', JSON.stringify(change.filters));
            // The date of a row-action link only seeds the range; the applied range replaces it.
            next.delete('date');
          }
          if (change.param !== undefined) {
            if (change.param) next.set('param', change.param);
            else next.delete('param');
          }
          return next;
        },
        { replace: false },
      );
    },
    [setParams],
  );

  /** The query string sent to `GET /api/data/{path}`. */
  const query = useMemo(() => {
    const q: DataPageQuery = {
      page: String(state.page),
      limit: String(state.limit),
      sort: `${state.sort.column}:${state.sort.direction}`,
      filters: JSON.stringify(state.filters),
    };
    if (state.key !== null && state.value !== null) {
      q.key = state.key;
      q.value = state.value;
    }
    if (state.param) q.param = state.param;
    return q;
  }, [state]);

  return { state, update, query };
}
