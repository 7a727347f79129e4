import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { artifactsDir, hasBrowser, useBrowser } from '../support/browser';
import { SCREENS } from '../support/screens';

/** The shared SCREENS, the laptop at its common 768 px height (the menu's room is the point). */
const SIZES = SCREENS.map((screen) => (screen.width > 500 ? { ...screen, height: 768 } : screen));

/** Opens every group of the menu, so the list is as long as it gets (the bottom ones included). */
async function openEveryGroup(page: Page) {
  for (const group of await page
    .locator('[data-testid="sidebar-menu"] > [data-testid^="menu-"]')
    .all()) {
    const expanded = await group.getAttribute('data-expanded');
    if (expanded === null && (await group.getAttribute('href')) === null) await group.click();
  }
}

/** True when the item's middle is on screen inside the menu's viewport and nothing covers it. */
async function reachable(page: Page, testId: string): Promise<boolean> {
  return page.evaluate((id) => {
    const item = document.querySelector(`[data-testid="sidebar-menu"] [data-testid="${id}"]`);
    const viewport = item?.closest('.mantine-ScrollArea-viewport');
    if (!item || !viewport) return false;
    const box = item.getBoundingClientRect();
    const room = viewport.getBoundingClientRect();
    const y = box.top + Math.min(box.height, 20) / 2;
    if (y < room.top || y > room.bottom || y > window.innerHeight) return false;
    const hit = document.elementFromPoint(box.left + 20, y);
    return hit !== null && item.contains(hit);
  }, testId);
}

/**
 * The sidebar of the user with the longest menu, every group open, at a laptop's 1366x768 and a
 * phone's 390x844: the menu scrolls inside the sidebar with a scrollbar shown without hovering,
 * and every item (the last one too) can be brought into view above the hide-menu button.
 */
describe.skipIf(!hasBrowser())('sidebar: every item reachable, scrollbar visible', () => {
  const browser = useBrowser();

  it.each(SIZES)('$width x $height ($language)', async ({ width, height, language }) => {
    const page = await browser.signedIn('partner@demo.id', { width, height, language });
    if (width < 768) await page.getByRole('button', { name: 'menu', exact: true }).click();
    await page.getByTestId('sidebar-menu').waitFor();
    await openEveryGroup(page);
    const items = await page
      .locator('[data-testid="sidebar-menu"] a[data-testid^="menu-"]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('data-testid') ?? ''));
    expect(items.length).toBeGreaterThan(20);
    const last = items[items.length - 1] as string;

    // Taller than the room: the viewport overflows, and the scrollbar is drawn with no pointer on it.
    await page.mouse.move(width - 5, height - 5);
    const scrollbar = page.locator(
      '[data-testid="sidebar-scroll"] .mantine-ScrollArea-scrollbar[data-orientation="vertical"]',
    );
    await expect.poll(() => scrollbar.getAttribute('data-state')).toBe('visible');
    const bar = await scrollbar.boundingBox();
    expect(bar?.width ?? 0).toBeGreaterThan(4);
    expect(await scrollbar.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');

    // The wheel over the menu takes it to its end: the last item shows above the hide button.
    await page.getByTestId('sidebar-menu').hover();
    for (let i = 0; i < 20 && !(await reachable(page, last)); i += 1)
      await page.mouse.wheel(0, 400);
    expect(await reachable(page, last), `${last} after scrolling`).toBe(true);
    const hide = await page.getByTestId('hide-menu').boundingBox();
    expect((hide?.y ?? 0) + (hide?.height ?? 0)).toBeLessThanOrEqual(height + 1);
    // The viewport as the user sees it (a full-page capture would move the fixed sidebar).
    await page.screenshot({
      path: path.join(artifactsDir, `sidebar-scroll-end-${language}-${width}.png`),
    });

    // Every item can be scrolled to and is then uncovered and on screen.
    for (const id of items) {
      await page
        .locator(`[data-testid="sidebar-menu"] [data-testid="${id}"]`)
        .scrollIntoViewIfNeeded();
      expect(await reachable(page, id), id).toBe(true);
    }
  });
});
