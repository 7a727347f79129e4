import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { bundleServerIfChanged, SERVER_BUNDLE } from '../../../../scripts/server-bundle.mjs';

export { freePort } from '../helpers/free-port';

/**
 * A real server process, as `npm start` runs it (the server bundle, scripts/server-bundle.mjs,
 * bundled again first when its sources changed), killed with SIGKILL or stopped with SIGTERM and
 * started again on the same database: the bank and kill -9 tests, the rolling restart, the failover,
 * and the browser suite's one server (e2e/support/global-setup.ts).
 */

const root = path.resolve(import.meta.dirname, '../../../..');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class ServerProcess {
  private child: ChildProcess | null = null;
  private output = '';
  private partialLine = '';
  /** Every 'unhandled error' line the server logged (behind a 5xx answer), for failure messages. */
  readonly unhandledErrors: string[] = [];
  /** Resolves when the current process answers; clients wait on it after a connection error. */
  ready: Promise<void> = Promise.resolve();
  starts = 0;
  kills = 0;
  readonly url: string;

  constructor(
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  /** The last lines the server printed, for failure messages. */
  tail(chars = 4000): string {
    return this.output.slice(-chars);
  }

  start(timeoutMs = 90_000): Promise<void> {
    this.starts += 1;
    this.ready = this.spawnAndWait(timeoutMs);
    // Clients await `ready`; a failed start is reported by whoever awaits start().
    this.ready.catch(() => undefined);
    return this.ready;
  }

  private async spawnAndWait(timeoutMs: number): Promise<void> {
    await bundleServerIfChanged();
    const child = spawn(process.execPath, [SERVER_BUNDLE], {
      cwd: root,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (data: Buffer) => {
      const text = data.toString();
      this.output = (this.output + text).slice(-50_000);
      const lines = (this.partialLine + text).split('\n');
      this.partialLine = lines.pop() ?? '';
      for (const line of lines) {
        if (line.includes('unhandled error')) this.unhandledErrors.push(line.slice(0, 4000));
      }
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    await this.waitUntilReady(child, timeoutMs);
  }

  /**
   * Until /readyz answers 200: a later demo start answers before it has topped up the demo data
   * (main.ts), and says "starting" there until that is done — balances still move meanwhile.
   */
  private async waitUntilReady(child: ChildProcess, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`server exited (${child.exitCode ?? child.signalCode}):\n${this.tail()}`);
      }
      try {
        const res = await fetch(`${this.url}/readyz`, { signal: AbortSignal.timeout(2_000) });
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    throw new Error(`server did not start within ${timeoutMs} ms:\n${this.tail()}`);
  }

  private async exited(child: ChildProcess, timeoutMs: number): Promise<boolean> {
    if (child.exitCode !== null || child.signalCode !== null) return true;
    return Promise.race([
      new Promise<boolean>((resolve) => child.once('exit', () => resolve(true))),
      sleep(timeoutMs).then(() => false),
    ]);
  }

  /** kill -9: no shutdown handler runs, requests in flight are cut. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child) return;
    child.kill('SIGKILL');
    await this.exited(child, 10_000);
    this.kills += 1;
    this.child = null;
  }

  /** A clean stop (SIGTERM runs the shutdown handler), SIGKILL if it hangs. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    child.kill('SIGTERM');
    if (!(await this.exited(child, 10_000))) {
      child.kill('SIGKILL');
      await this.exited(child, 5_000);
    }
    this.child = null;
  }
}

/** Why a request has no answer: the server died or was not there (the outcome is unknown). */
export class NoAnswer extends Error {
  constructor(cause: unknown) {
    super(`no answer: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'NoAnswer';
  }
}

export interface Answer {
  status: number;
  rc: string;
  rd: string;
  data: any;
}

/** A browser-like client: cookie jar, CSRF header and Origin on every POST. */
export class BankClient {
  private cookies = new Map<string, string>();
  private csrf = '';
  /** HTTP 5xx answers this client received, and what each was (for the failure message). */
  serverErrors = 0;
  serverErrorAnswers: string[] = [];
  requests = 0;

  constructor(
    private readonly server: ServerProcess,
    readonly username: string,
    private readonly password: string,
    private readonly testKey: string,
  ) {}

  /** The session's cookies as a Cookie header (for a stream opened outside this client). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** One request; throws NoAnswer when the connection fails or no answer comes in time. */
  async send(method: 'GET' | 'POST', url: string, body?: unknown): Promise<Answer> {
    this.requests += 1;
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${this.server.url}/api${url}`, {
        method,
        headers: {
          cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          'x-language': 'en',
          ...(method === 'POST'
            ? {
                'content-type': 'application/json',
                'x-csrf-token': this.csrf,
                origin: this.server.url,
                'sec-fetch-site': 'same-origin',
              }
            : {}),
        },
        body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
        signal: AbortSignal.timeout(20_000),
      });
      text = await res.text();
    } catch (error) {
      throw new NoAnswer(error);
    }
    this.keep(res);
    // A session-bound CSRF token comes back in this header (at login).
    const csrf = res.headers.get('x-csrf-token');
    if (csrf) this.csrf = csrf;
    let parsed: any;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = { rc: `HTTP${res.status}`, rd: text.slice(0, 200), data: null };
    }
    if (res.status >= 500) {
      this.serverErrors += 1;
      this.serverErrorAnswers.push(`${method} ${url} → ${res.status} ${parsed.rc} ${parsed.rd}`);
    }
    return { status: res.status, rc: parsed.rc, rd: parsed.rd, data: parsed.data };
  }

  /** Sends until an answer comes, waiting for the server to be back in between. */
  async sendSurely(method: 'GET' | 'POST', url: string, body?: unknown): Promise<Answer> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.send(method, url, body);
      } catch (error) {
        if (!(error instanceof NoAnswer) || attempt >= 20) throw error;
        await this.server.ready.catch(() => undefined);
        await sleep(100);
      }
    }
  }

  private async refreshCsrf() {
    const res = await this.sendSurely('GET', '/auth/csrf_token');
    this.csrf = res.data?.csrf ?? '';
  }

  /** Logs in with the test key as captcha (demo server started with TEST_MODE_KEY). */
  async login(): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt++) {
      this.cookies.clear();
      await this.refreshCsrf();
      let res: Answer;
      try {
        res = await this.send('POST', '/auth/login', {
          username: this.username,
          password: this.password,
          captcha: this.testKey,
        });
      } catch (error) {
        if (!(error instanceof NoAnswer)) throw error;
        await this.server.ready.catch(() => undefined);
        continue;
      }
      if (res.rc !== '00') throw new Error(`login as ${this.username}: ${res.rc} ${res.rd}`);
      return;
    }
    throw new Error(`login as ${this.username} never got an answer`);
  }

  /** A POST that logs in again when the session is gone (401), then sends once more. */
  async post(url: string, body: unknown): Promise<Answer> {
    const res = await this.send('POST', url, body);
    if (res.status === 401 || res.status === 403) {
      await this.login();
      return this.send('POST', url, body);
    }
    return res;
  }

  async get(url: string): Promise<Answer> {
    const res = await this.sendSurely('GET', url);
    if (res.status === 401) {
      await this.login();
      return this.sendSurely('GET', url);
    }
    return res;
  }
}
