import { describe, expect, it } from 'vitest';
import { DATA_PAGES, isStatusColumn, readingOrder, tableColumns } from './pages';

/** Columns in the order people read them, the same on every data page. */
describe('reading order of the data tables', () => {
  const rank = (page: (typeof DATA_PAGES)[keyof typeof DATA_PAGES], name: string) => {
    const column = page.columns.find((c) => c.name === name);
    if (!column) return 4;
    // The row's own id (its key, else its first id column); other ids are "the rest".
    const id = page.columns.find((c) => c.name === page.rowKey || /^id(_|$)/.test(c.name));
    if (column === id) return 0;
    if (page.dateRange?.column === name) return 1;
    if (column.display === 'money') return 2;
    if (isStatusColumn(column)) return 3;
    return 4;
  };

  for (const page of Object.values(DATA_PAGES)) {
    it(`${page.path}: id, time, amounts, status, then the rest`, () => {
      const shown = tableColumns(page);
      // Amounts and the status come within the first columns, never past the fold at 1366 px.
      const amount = shown.findIndex((c) => c.display === 'money');
      const status = shown.findIndex(isStatusColumn);
      if (amount >= 0) expect(amount).toBeLessThanOrEqual(3);
      if (status >= 0) expect(status).toBeLessThanOrEqual(6);
      if (page.dateRange)
        expect(shown.findIndex((c) => c.name === page.dateRange?.column)).toBeLessThanOrEqual(1);
      // Id, time, amounts and status come in that order before the rest.
      const ranks = shown.map((c) => rank(page, c.name));
      const firstRest = ranks.indexOf(4);
      const head = ranks.slice(0, firstRest === -1 ? ranks.length : firstRest);
      expect(head).toEqual([...head].sort((a, b) => a - b));
      // Nothing is lost: the popup shows every column once.
      expect(
        readingOrder(page)
          .map((c) => c.name)
          .sort(),
      ).toEqual(page.columns.map((c) => c.name).sort());
    });
  }

  it('the API transaction page reads id, time, amount, admin fee, status', () => {
    expect(
      tableColumns(DATA_PAGES.transaction)
        .slice(0, 5)
        .map((c) => c.name),
    ).toEqual(['id_transaksi', 'time_request', 'nominal_origin', 'nominal_admin', 'status_trx']);
  });
});
