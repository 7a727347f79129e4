import type { Page } from 'playwright-core';

/**
 * Reading the generic data table in the browser tests: wait until it shows the rows of the
 * current address (the previous rows stay shown while the next ones load), and read a column.
 */
export async function waitForTable(page: Page): Promise<void> {
  await page.getByTestId('data-table').waitFor();
  await page.waitForFunction(() => {
    const table = document.querySelector('[data-testid="data-table"]');
    return table?.getAttribute('data-ready-for') === `ready:${window.location.search}`;
  });
}

/** Index of a column in the table (by its sort button), for reading cells. */
export async function columnIndex(page: Page, name: string): Promise<number> {
  const headers = page.locator('[data-testid="data-table"] thead th');
  const count = await headers.count();
  for (let i = 0; i < count; i++) {
    if ((await headers.nth(i).locator(`[data-testid="sort-${name}"]`).count()) > 0) return i;
  }
  throw new Error(`no column ${name}`);
}

/** The texts of one column in the shown rows. */
export async function columnTexts(page: Page, name: string): Promise<string[]> {
  const index = await columnIndex(page, name);
  return page
    .locator('[data-testid="data-row"]')
    .evaluateAll(
      (rows, i) =>
        rows.map((row) => (row.children[i] as HTMLElement | undefined)?.textContent ?? ''),
      index,
    );
}
