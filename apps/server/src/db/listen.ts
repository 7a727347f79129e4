import pg from 'pg';

/**
 * A wake-up source: calls `onWake` when another transaction (of any process) committed on the
 * channel, and again after a lost connection came back (notifications sent meanwhile are gone, so
 * the reader must look). The listener never carries data: the table it guards is the truth.
 */
export type ListenFn = (channel: string, onWake: () => void) => Promise<() => Promise<void>>;

interface Held {
  client: pg.ClientBase;
  release(broken?: Error): Promise<void> | void;
}

/** Backoff of a lost LISTEN connection; the reader's poll covers the gap meanwhile. */
const RECONNECT_MS = 1_000;

/**
 * PostgreSQL: LISTEN on one connection held for the process's life (a dedicated client, or one of
 * the pool's), re-established after a restart or failover. Channel names are identifiers chosen
 * by the code, never input.
 */
export function pgListen(connect: () => Promise<Held>, onLost: (error: Error) => void): ListenFn {
  return async (channel, onWake) => {
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel ${channel}`);
    let stopped = false;
    let held: Held | null = null;
    let timer: NodeJS.Timeout | null = null;
    const retry = (error: Error) => {
      if (stopped) return;
      onLost(error);
      timer = setTimeout(() => void open(), RECONNECT_MS);
      timer.unref();
    };
    // A held connection broke ('error' and 'end' may both come: only the first counts).
    const lost = (error: Error, was: Held) => {
      if (held !== was) return;
      held = null;
      void Promise.resolve(was.release(error)).catch(() => {});
      retry(error);
    };
    const open = async () => {
      let next: Held | null = null;
      try {
        next = await connect();
        const mine = next;
        next.client.on('notification', (msg) => {
          if (msg.channel === channel) onWake();
        });
        next.client.on('error', (error) => lost(error, mine));
        next.client.on('end', () => lost(new Error('listen connection ended'), mine));
        held = next;
        await next.client.query(`LISTEN ${channel}`);
        if (stopped) return;
        onWake();
      } catch (error) {
        if (next && held === next) lost(error as Error, next);
        else retry(error as Error);
      }
    };
    await open();
    return async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      const was = held;
      held = null;
      if (!was) return;
      await was.client.query(`UNLISTEN ${channel}`).catch(() => {});
      await was.release();
    };
  };
}

/** A dedicated client to `url` (EVENTS_LISTEN_URL: the primary, past a transaction pooler). */
export function dedicatedClient(url: string): () => Promise<Held> {
  return async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return { client, release: () => client.end().catch(() => {}) };
  };
}
