import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';

import { DEMO_PASSWORD } from '../../apps/server/src/seed/demo-users';
import { E2E_TEST_KEY } from './global-setup';

export { DEMO_PASSWORD } from '../../apps/server/src/seed/demo-users';
export { E2E_TEST_KEY };
export const artifactsDir = path.resolve(import.meta.dirname, '../.artifacts');

/** True when the suite has a server and a browser; files call `describe.skipIf(!hasBrowser())`. */
export function hasBrowser(): boolean {
  return inject('e2eBaseUrl') !== '';
}

export function baseUrl(): string {
  return inject('e2eBaseUrl');
}

/**
 * One Chromium per test file (Debian's, never a downloaded one), a fresh context per `newPage`,
 * closed after the file.
 */
export function useBrowser() {
  let browser: Browser | null = null;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    if (!hasBrowser()) return;
    browser = await chromium.launch({
      executablePath: inject('e2eChromium'),
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    });
  });
  let lastPage: Page | null = null;
  afterEach(async (ctx) => {
    // A failing test leaves a screenshot of its last page in e2e/.artifacts for diagnosis.
    if (ctx.task.result?.state === 'fail' && lastPage && !lastPage.isClosed()) {
      await screenshot(
        lastPage,
        `FAILED-${ctx.task.name.replace(/[^\w-]+/g, '_').slice(0, 80)}`,
      ).catch(() => {});
    }
    lastPage = null;
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async newPage(
      opts: { width?: number; height?: number; language?: 'id' | 'en' } = {},
    ): Promise<Page> {
      if (!browser) throw new Error('browser not started');
      const context = await browser.newContext({
        baseURL: baseUrl(),
        viewport: { width: opts.width ?? 1366, height: opts.height ?? 860 },
        acceptDownloads: true,
      });
      if (opts.language) {
        await context.addInitScript(
          (lang) => localStorage.setItem('gerbang.language', lang),
          opts.language,
        );
      }
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      lastPage = page;
      return page;
    },
  };
}

/** Logs in through the real login page in test mode (captcha replaced by the test key). */
export async function loginAs(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto(`/auth/login?test=${E2E_TEST_KEY}`);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => url.pathname === '/');
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
}
