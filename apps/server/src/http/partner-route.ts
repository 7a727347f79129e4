import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from './services';

/**
 * A partner API route (the SNAP API, modules/snap): called by a partner's server, outside `/api`,
 * with its own authentication (signatures and a bearer token instead of a session) and its own
 * answer shape. The wrapper here only does what is the same for every such route: no cookie,
 * session or CSRF is read (a browser's cookies give the call nothing), the exact body bytes are
 * kept for the signature, the body is limited, and answers are never cached. Everything else —
 * who the caller is, whether it may, and every refusal — is the area's handler and `onError`.
 */
export interface PartnerRouteDefinition {
  method: 'GET' | 'POST';
  /** The full path, e.g. `/snap/v1.0/transfer-interbank`. */
  url: string;
  /**
   * The rule kind the route-matrix test checks: `token` (a signed access-token request),
   * `signed` (a bearer token and a request signature), `document` (public, read-only).
   */
  access: { partnerApi: 'token' | 'signed' | 'document'; reason: string };
  bodyLimit?: number;
  handler: (call: PartnerCall) => Promise<unknown>;
  /** Answers a refusal the framework raised before the handler (broken JSON, too large). */
  onError?: (call: PartnerCall, error: unknown) => Promise<unknown>;
}

export interface PartnerCall {
  req: FastifyRequest;
  reply: FastifyReply;
  services: Services;
  /** The body exactly as received ('' without one). */
  rawBody: string;
  /** The caller's address, through the configured trusted proxies only (TRUST_PROXY). */
  ip: string;
  /** When the request arrived (services clock), for the latency of the API log. */
  startedAt: number;
}

export const PARTNER_BODY_LIMIT = 64 * 1024;

/**
 * A partner API's own path space (`/snap` and everything under it): a path no route serves, or a
 * known path called with another method, is answered by the area in its own shape — a partner's
 * client parses every answer, so the server's plain-text 404 would break it. `allowed` lists the
 * methods the path does have (empty: no such path).
 */
export interface PartnerArea {
  prefix: string;
  unmatched: (call: PartnerCall, allowed: readonly string[]) => Promise<unknown>;
}

const pathOf = (url: string) => url.split('?')[0] ?? '';

export function partnerAreaOf(areas: readonly PartnerArea[], url: string): PartnerArea | undefined {
  const path = pathOf(url);
  return areas.find((a) => path === a.prefix || path.startsWith(`${a.prefix}/`));
}

/** Answers a request to an area that no route of the area took (unknown path or method). */
export async function answerUnmatched(
  area: PartnerArea,
  routes: readonly PartnerRouteDefinition[],
  services: Services,
  req: FastifyRequest,
  reply: FastifyReply,
  jsonHeaders: Record<string, string>,
) {
  const path = pathOf(req.url);
  const allowed = routes
    .filter((r) => r.url === path)
    .flatMap((r) => (r.method === 'GET' ? ['GET', 'HEAD'] : [r.method]));
  reply.headers(jsonHeaders).header('cache-control', 'no-store');
  await area.unmatched(partnerCall(req, reply, services), allowed);
  return reply;
}

function partnerCall(req: FastifyRequest, reply: FastifyReply, services: Services): PartnerCall {
  return {
    req,
    reply,
    services,
    rawBody: req.partnerRawBody ?? '',
    // Fastify's req.ip honours X-Forwarded-For only from the configured trusted proxies.
    ip: req.ip,
    startedAt: req.partnerStartedAt ?? services.now().getTime(),
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    partnerRawBody?: string;
    partnerStartedAt?: number;
  }
}

async function keepRaw(req: FastifyRequest, payload: NodeJS.ReadableStream, limit: number) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const part = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += part.length;
    if (size > limit) throw Object.assign(new Error('body too large'), { statusCode: 413 });
    chunks.push(part);
  }
  const raw = Buffer.concat(chunks);
  req.partnerRawBody = raw.toString('utf8');
  return Readable.from([raw]);
}

export function registerPartnerRoute(
  app: FastifyInstance,
  services: Services,
  route: PartnerRouteDefinition,
  jsonHeaders: Record<string, string>,
) {
  if (route.url.startsWith('/api/') || !route.url.startsWith('/')) {
    throw new Error(`${route.url}: a partner route lives outside /api`);
  }
  const limit = route.bodyLimit ?? PARTNER_BODY_LIMIT;
  const callOf = (req: FastifyRequest, reply: FastifyReply) => partnerCall(req, reply, services);
  app.route({
    method: route.method,
    url: route.url,
    bodyLimit: limit,
    helmet: false as const,
    onRequest: async (req, reply) => {
      req.partnerStartedAt = services.now().getTime();
      reply.headers(jsonHeaders);
      reply.header('cache-control', 'no-store');
    },
    preParsing: async (req, _reply, payload) => keepRaw(req, payload, limit),
    handler: async (req, reply) => {
      const result = await route.handler(callOf(req, reply));
      return reply.sent ? reply : result;
    },
    errorHandler: async (error, req, reply) => {
      if (route.onError) {
        await route.onError(callOf(req, reply), error);
        return reply;
      }
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      return reply.status(status).type('text/plain; charset=utf-8').send(String(status));
    },
  });
}
