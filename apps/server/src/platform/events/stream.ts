import type { FastifyReply } from 'fastify';
import { eventFrame, OPEN_FRAME, resetFrame } from './frames';
import type { EventHub, Subscriber } from './hub';
import { type ReplayFilter, replayEvents } from './replay';

export const STREAM_LIMITS = {
  /** A client this far behind (a stalled socket) is dropped; it reconnects and replays. */
  maxBufferedBytes: 1 << 20,
  /**
   * A stream ends after this long (with jitter) and the browser reconnects with Last-Event-ID: the
   * session and its rights are checked again, and clients spread over restarted processes.
   */
  maxLifetimeMs: 15 * 60_000,
} as const;

export interface OpenStream {
  scope: string;
  accepts(type: string): boolean;
  replay: ReplayFilter;
  /** The `Last-Event-ID` header (a reconnect), when it is a number. */
  lastEventId: number | null;
}

/** `Last-Event-ID` as a stream position; anything else is a fresh stream. */
export function lastEventIdOf(header: string | string[] | undefined): number | null {
  const text = Array.isArray(header) ? header[0] : header;
  return text && /^\d{1,15}$/.test(text) ? Number(text) : null;
}

/**
 * Turns the reply into an event stream, subscribed to the hub: held while the replay of a
 * reconnect runs (so nothing that arrives meanwhile is lost or comes before it), then live.
 */
export async function openEventStream(
  hub: EventHub,
  db: Parameters<typeof replayEvents>[0],
  reply: FastifyReply,
  open: OpenStream,
): Promise<void> {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
  });
  raw.write(OPEN_FRAME);
  const sub: Subscriber = {
    scope: open.scope,
    accepts: open.accepts,
    held: open.lastEventId === null ? null : [],
    write(frame) {
      if (raw.writableLength > STREAM_LIMITS.maxBufferedBytes) return void raw.destroy();
      raw.write(frame);
    },
    end: () => raw.end(),
  };
  const lifetime = setTimeout(
    () => raw.end(),
    STREAM_LIMITS.maxLifetimeMs * (0.9 + Math.random() * 0.2),
  );
  lifetime.unref();
  raw.on('close', () => {
    clearTimeout(lifetime);
    hub.remove(sub);
  });
  hub.add(sub);
  if (open.lastEventId !== null) await replayInto(hub, db, sub, open);
}

async function replayInto(
  hub: EventHub,
  db: Parameters<typeof replayEvents>[0],
  sub: Subscriber,
  open: OpenStream,
): Promise<void> {
  // Everything the hub read so far; what it reads from now on is held for this stream.
  const upTo = hub.readUpTo;
  const rows = await replayEvents(db, open.replay, open.lastEventId ?? 0, upTo).catch(() => null);
  if (rows === null) sub.write(resetFrame(hub.position));
  else {
    // The balance is current, whichever of its events was missed: one frame with the latest.
    const lastBalance = rows.findLast((r) => r.type === 'balance');
    const payloads = await hub.enrich(lastBalance ? [lastBalance] : []);
    for (const row of rows) {
      if (row.type === 'balance' && row !== lastBalance) continue;
      sub.write(
        eventFrame(
          Math.min(row.id, hub.position),
          row.id,
          row.type,
          payloads.get(row) ?? row.payload,
        ),
      );
    }
  }
  const held = sub.held ?? [];
  sub.held = null;
  for (const frame of held) sub.write(frame);
}
