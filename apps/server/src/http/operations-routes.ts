import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Services } from './services';

/**
 * The routes an operator's tools call, outside /api and its envelope: Prometheus' scrape
 * (GET /metrics), the liveness probe (GET /healthz: the process answers) and the readiness probe
 * (GET /readyz: the database answers and the process is neither still starting nor draining — a
 * load balancer sends traffic only to ready processes). Also the request id every answer carries
 * and every request's log lines hold, and the request metrics.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** SIGTERM's first step: /readyz answers 503 so balancers stop sending (main.ts). */
    startDraining(): void;
    /**
     * Start-up work done after the listener opens (a later demo start's top-up of the demo data,
     * main.ts): /readyz answers 503 "starting" until it settles, so nothing that waits for a
     * ready process sees the data while it is still moving.
     */
    whileStarting<T>(task: () => Promise<T>): Promise<T>;
  }
}

/** An id a proxy in front may already have given the request; anything else is replaced. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(req: { headers: FastifyRequest['headers'] }): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function mayScrape(req: FastifyRequest, token: string | null): boolean {
  if (token) return req.headers.authorization === `Bearer ${token}`;
  // Without a token only this machine may read the figures (req.socket: X-Forwarded-For aside).
  return LOOPBACK.has(req.socket.remoteAddress ?? '');
}

export function registerOperationsRoutes(app: FastifyInstance, services: Services): void {
  let draining = false;
  let startingTasks = 0;
  app.decorate('startDraining', () => {
    draining = true;
  });
  app.decorate('whileStarting', async <T>(task: () => Promise<T>): Promise<T> => {
    startingTasks += 1;
    try {
      return await task();
    } finally {
      startingTasks -= 1;
    }
  });

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  app.addHook('onResponse', async (req, reply) => {
    // The route's pattern, not its URL: ids in paths would make a series per id.
    const route = req.routeOptions.url ?? 'unmatched';
    services.metrics.observeRequest(req.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { helmet: false }, async (req, reply) => {
    if (!mayScrape(req, services.config.metricsToken)) {
      return reply.status(403).type('text/plain; charset=utf-8').send('403');
    }
    const { registry } = services.metrics;
    const body = await registry.metrics();
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(body);
  });

  app.get('/healthz', { helmet: false }, async (_req, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );

  app.get('/readyz', { helmet: false }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    if (draining) return reply.status(503).send({ status: 'draining' });
    if (startingTasks > 0) return reply.status(503).send({ status: 'starting' });
    try {
      await sql`select 1`.execute(services.db);
    } catch {
      return reply.status(503).send({ status: 'database unavailable' });
    }
    return reply.send({ status: 'ready' });
  });
}
