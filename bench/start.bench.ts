/**
 * Start benchmark: how long `npm start` (scripts/start.mjs) takes until the server answers its first
 * request (`GET /api/app/config`), on embedded PGlite as a fresh clone runs it. Targets: a later
 * start (data directory seeded, builds up to date) ≤ 2 s; the first start in a new data directory
 * (migrations and the demo seed) ≤ 20 s. The anchor, measured in the same run, is a bare Node HTTP
 * server (`node -e`) timed the same way: Node's own start on this machine at this load.
 *
 *   npm run bench:start
 *   START_BENCH_LATER=3 npm run bench:start        (later starts measured; default 2)
 *   START_BENCH_CLEAN=1 npm run bench:start        (also a start after a clean clone: both build
 *                                                   stamps removed, so the web app and the server
 *                                                   build first; tens of seconds)
 *
 * Each line prints the wall time to the first answer and the CPU the process had used by then
 * (from /proc; less sensitive to busy neighbours), and the ratio to the anchor.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const LATER = Number(process.env.START_BENCH_LATER ?? 2);
const CLEAN = process.env.START_BENCH_CLEAN === '1';
const TICKS_PER_SECOND = 100;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** User + system CPU seconds of a process so far (its own, not its children's). */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

interface Timing {
  wall: number;
  cpu: number;
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Starts `args` with PORT set and times it to the first answer of `url` (polled every 10 ms). */
async function timeStart(args: string[], env: NodeJS.ProcessEnv, urlPath: string): Promise<Timing> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}:\n${output}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}${urlPath}`);
        await res.arrayBuffer();
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    const wall = (performance.now() - started) / 1000;
    return { wall, cpu: cpuSeconds(child.pid ?? 0) };
  } finally {
    await stop(child);
  }
}

const BARE_SERVER =
  "require('node:http').createServer((q,s)=>s.end('ok')).listen(Number(process.env.PORT),'127.0.0.1')";

function line(label: string, t: Timing, anchor: Timing, target?: number) {
  const verdict =
    target === undefined
      ? ''
      : t.wall <= target
        ? `  (target ≤ ${target} s)`
        : `  << above ${target} s`;
  console.log(
    `  ${label.padEnd(44)} ${t.wall.toFixed(2).padStart(6)} s  CPU ${t.cpu.toFixed(2).padStart(5)} s  ` +
      `×${(t.wall / anchor.wall).toFixed(1)} anchor${verdict}`,
  );
}

async function main() {
  // npm start's own case: embedded PGlite, demo mode (a DATABASE_URL from the bench chain is dropped).
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gerbang-start-bench-'));
  const startEnv = { ...env, DATA_DIR: dataDir };
  const start = [path.join(root, 'scripts/start.mjs')];
  console.log(
    `npm start to the first answer of /api/app/config (Node ${process.version}, PGlite in ${dataDir})`,
  );
  try {
    const anchor = await timeStart(['-e', BARE_SERVER], env, '/');
    line('anchor: bare node http server', anchor, anchor);
    if (CLEAN) {
      // What `npm ci && npm start` does on a fresh clone: both builds, then a new data directory.
      rmSync(path.join(root, 'apps/web/dist/.build-hash'), { force: true });
      rmSync(path.join(root, 'apps/server/dist/.build-hash'), { force: true });
      const cleanDir = mkdtempSync(path.join(tmpdir(), 'gerbang-start-bench-'));
      try {
        const clean = await timeStart(start, { ...env, DATA_DIR: cleanDir }, '/api/app/config');
        line('first start after a clean clone (builds)', clean, anchor, 20);
      } finally {
        rmSync(cleanDir, { recursive: true, force: true });
      }
    }
    const first = await timeStart(start, startEnv, '/api/app/config');
    line('first start, new data directory', first, anchor, 20);
    for (let i = 1; i <= LATER; i++) {
      const later = await timeStart(start, startEnv, '/api/app/config');
      line(`later start ${i}`, later, anchor, 2);
    }
    const anchorAgain = await timeStart(['-e', BARE_SERVER], env, '/');
    line('anchor again', anchorAgain, anchor);
    console.log(
      `  load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
