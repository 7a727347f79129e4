import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** performance.now() when the request arrived. */
  at: number;
  /** performance.now() when it was answered (undefined while it waits). */
  answeredAt?: number;
  /** Which TCP connection it came on (1, 2, … in the order they were opened). */
  connection: number;
}

export type Behaviour = {
  status: number;
  body?: string;
  delayMs?: number;
  /** Close the connection without answering when the request came on a reused connection. */
  dropOnReusedConnection?: boolean;
};

/**
 * A real HTTP receiver on 127.0.0.1 for the sender to call: records every request (raw body
 * included) and answers as `behave(path)` says (status, body, delay before answering).
 */
export async function startReceiver() {
  const received: Received[] = [];
  let behave: (path: string) => Behaviour = () => ({ status: 200, body: '{"ok":true}' });
  const connectionOf = new WeakMap<object, number>();
  let connections = 0;
  const server = http.createServer((req, res) => {
    const connection = connectionOf.get(req.socket) ?? 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      const request: Received = {
        path,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: performance.now(),
        connection,
      };
      received.push(request);
      const b = behave(path);
      // Requests on one connection come one after another: an earlier one is already recorded.
      const reused = received.some((r) => r !== request && r.connection === connection);
      if (b.dropOnReusedConnection && reused) {
        req.socket.destroy();
        return;
      }
      const answer = () => {
        request.answeredAt = performance.now();
        if (res.destroyed) return;
        res.writeHead(b.status, { 'content-type': 'text/plain' });
        res.end(b.body ?? '');
      };
      if (b.delayMs) setTimeout(answer, b.delayMs);
      else answer();
    });
  });
  server.on('connection', (socket) => {
    connections += 1;
    connectionOf.set(socket, connections);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    setBehaviour(fn: (path: string) => Behaviour) {
      behave = fn;
    },
    /** The most of the `matching` requests that were received and not yet answered at once. */
    mostAtOnce(matching: (r: Received) => boolean): number {
      const mine = received.filter(matching);
      const openAt = (t: number) =>
        mine.filter((r) => r.at <= t && (r.answeredAt === undefined || t < r.answeredAt)).length;
      return Math.max(0, ...mine.map((r) => openAt(r.at)));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
