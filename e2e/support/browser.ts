import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { wibDate } from '@gerbang/shared';
import {
  type Browser,
  type BrowserContext,
  type Cookie,
  chromium,
  type Page,
  type Request,
  request,
} from 'playwright-core';
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

type PageOptions = { width?: number; height?: number; language?: 'id' | 'en' };
type StorageState = { cookies: Cookie[]; origins: [] };

/**
 * One Chromium per test file (Debian's, never a downloaded one), a fresh context per page; a
 * test's contexts are closed after it (pages left open would keep polling and drawing while the
 * next tests run), the browser after the file.
 */
export function useBrowser() {
  let browser: Browser | null = null;
  let contexts: BrowserContext[] = [];
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
    const done = contexts;
    contexts = [];
    await Promise.all(done.map((context) => context.close().catch(() => {})));
  });
  afterAll(async () => {
    await browser?.close();
  });
  const newPage = async (opts: PageOptions = {}, storageState?: StorageState): Promise<Page> => {
    if (!browser) throw new Error('browser not started');
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: opts.width ?? 1366, height: opts.height ?? 860 },
      acceptDownloads: true,
      ...(storageState ? { storageState } : {}),
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
  };
  return { newPage: (opts: PageOptions = {}) => newPage(opts), signedIn: signedInPages(newPage) };
}

export type E2EBrowser = ReturnType<typeof useBrowser>;

/**
 * `signedIn(user, opts)`: a page signed in as `user`, at `opts.at` (default the dashboard, where
 * `loginAs` lands). The first call per user logs in through the login page; later calls reuse that
 * session's cookies (logging in costs a page load and a password hash), and log in again if the
 * session has ended (a moved clock, a logout). `fresh` gives the test a session of its own, for
 * tests that change the session (the sandbox switch); a test of the login itself uses `loginAs`.
 */
function signedInPages(newPage: (opts: PageOptions, state?: StorageState) => Promise<Page>) {
  const sessions = new Map<string, StorageState>();
  return async (
    username: string,
    opts: PageOptions & { password?: string; at?: string; fresh?: boolean } = {},
  ): Promise<Page> => {
    const { password = DEMO_PASSWORD, at = '/', fresh = false, ...screen } = opts;
    const key = `${username}\n${password}`;
    const state = fresh ? undefined : sessions.get(key);
    if (state) {
      const page = await newPage(screen, state);
      await page.goto(at);
      if (await landsSignedIn(page)) return page;
      sessions.delete(key);
      await page.context().close();
    }
    const page = await newPage(screen);
    await loginAs(page, username, password);
    if (!fresh) {
      // The cookies only: the language comes from the page's options, as for a new page.
      const { cookies } = await page.context().storageState();
      sessions.set(key, { cookies, origins: [] });
    }
    if (at !== '/') await page.goto(at);
    return page;
  };
}

/**
 * Waits for the app to show its shell or the sign-up landing (signed in), or the login form (the
 * session has ended).
 */
async function landsSignedIn(page: Page): Promise<boolean> {
  const either = page
    .locator('[data-testid="sidebar"], [data-testid="signup-landing"], [data-testid="login-form"]')
    .first();
  await either.waitFor({ state: 'attached' });
  return (await page.getByTestId('login-form').count()) === 0;
}

/** Logs in through the real login page in test mode (captcha replaced by the test key). */
export async function loginAs(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto(`/auth/login?test=${E2E_TEST_KEY}`);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** Waits until no CSS transition or animation runs (a dialog has finished opening). */
export async function animationsDone(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
}

/** WIB instant `hh:mm` of the current WIB day. */
export function wibTodayAt(hhmm: string): Date {
  const wibToday = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
  return new Date(`${wibToday}T${hhmm}:00+07:00`);
}

/**
 * Moves the server's one clock (test mode's `POST /api/dev/clock`, which needs the test key);
 * `null` puts it back on real time. Pages follow it through each answer's X-Server-Time. The
 * suite has one server, so a file that moves the clock puts it back in `afterAll`.
 */
export async function setServerClock(at: Date | null): Promise<void> {
  const api = await request.newContext({ baseURL: baseUrl() });
  try {
    const token = await api.get('/api/auth/csrf_token');
    const csrf = ((await token.json()) as { data: { csrf: string } }).data.csrf;
    const res = await api.post('/api/dev/clock', {
      headers: { 'x-csrf-token': csrf },
      data: { test_key: E2E_TEST_KEY, ...(at ? { at: at.toISOString() } : {}) },
    });
    const body = (await res.json()) as { rc: string; rd: string };
    if (body.rc !== '00') throw new Error(`dev clock refused: ${body.rc} ${body.rd}`);
  } finally {
    await api.dispose();
  }
}

/**
 * For a whole file: the server's clock at `hh:mm` WIB of today (so time rules do not depend on
 * when the suite runs), back on real time after the file. Its `day()` is the server's day then.
 */
export function useServerClockAt(hhmm: string): { day(): string } {
  let at: Date | null = null;
  beforeAll(() => {
    at = wibTodayAt(hhmm);
    return setServerClock(at);
  });
  afterAll(() => setServerClock(null));
  return {
    /**
     * The server's WIB day (YYYY-MM-DD) during the file: the day it was set in, even when the
     * suite has run on past midnight since.
     */
    day() {
      if (!at) throw new Error('the server clock is set in beforeAll');
      return wibDate(at);
    },
  };
}

/**
 * Counts a page's open requests from now on, the live event stream left out (it stays open for
 * good, so Playwright's `networkidle` never comes on a logged-in page). `quiet()` resolves once
 * no other request has been open for 500 ms (15 s at most).
 */
export function trackRequests(page: Page): { quiet(): Promise<void> } {
  let open = 0;
  let lastChange = performance.now();
  const counted = (req: Request) => req.resourceType() !== 'eventsource';
  const change = (req: Request, delta: number) => {
    if (!counted(req)) return;
    open += delta;
    lastChange = performance.now();
  };
  page.on('request', (req) => change(req, 1));
  page.on('requestfinished', (req) => change(req, -1));
  page.on('requestfailed', (req) => change(req, -1));
  return {
    async quiet() {
      const deadline = performance.now() + 15_000;
      while ((open > 0 || performance.now() - lastChange < 500) && performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
