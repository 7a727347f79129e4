import type { Environment } from '@gerbang/shared';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { BalanceReader } from '../balance/balance-reader';
import type { StoredEvent } from './events-table';
import { eventFrame, HEARTBEAT_FRAME } from './frames';
import { Gaps } from './gaps';

export const HUB_LIMITS = {
  /** Rows per read; a longer backlog is read in several. */
  batch: 1_000,
  /**
   * How often the table is read: the events' only wake-up. A NOTIFY at commit would wake sooner,
   * but PostgreSQL serialises every notifying commit of the database on one lock (ADR 017,
   * "Later"); one indexed read per process every 200 ms costs far less than that queue.
   */
  pollMs: 200,
  /** How long an id passed over may still commit (Gaps). */
  gapWaitMs: 10_000,
  heartbeatMs: 25_000,
} as const;

/** A connected stream: where its events come from, which types it may see, how to write. */
export interface Subscriber {
  /** `a<agent>:<environment>` (session streams) or an event subject (`pay:<id>`). */
  scope: string;
  accepts(type: string): boolean;
  write(frame: string): void;
  /** Ends the stream (shutdown): the browser reconnects to another process with Last-Event-ID. */
  end(): void;
  /** Frames held while the subscriber's replay runs (null: live). */
  held: string[] | null;
}

export const scopeOf = (agentId: number, environment: Environment) => `a${agentId}:${environment}`;

interface HubDeps {
  db: Kysely<any>;
  balances: BalanceReader;
  log: Logger;
}

/**
 * One per process (ADR 017): reads the events table on a short poll, in id order, once for all
 * its clients, and writes each event to the local streams of its scope. The fan-out costs one frame string per event and one socket write per client.
 */
export class EventHub {
  private cursor = 0;
  private readonly gaps = new Gaps(HUB_LIMITS.gapWaitMs);
  private readonly scopes = new Map<string, Set<Subscriber>>();
  private reading: Promise<void> | null = null;
  private again = false;
  private timers: NodeJS.Timeout[] = [];
  /** When each delivered event was read (the bench's delay figure reads it). */
  onDelivered: ((events: readonly StoredEvent[]) => void) | null = null;

  constructor(private readonly deps: HubDeps) {}

  async start(): Promise<void> {
    const row = await this.deps.db
      .selectFrom('events')
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirst();
    this.cursor = Number(row?.max ?? 0);
    const poll = setInterval(() => this.wake(), HUB_LIMITS.pollMs);
    const beat = setInterval(() => this.broadcast(HEARTBEAT_FRAME), HUB_LIMITS.heartbeatMs);
    poll.unref();
    beat.unref();
    this.timers = [poll, beat];
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    await this.reading;
  }

  /** Delivered or given up: a stream's `id:` never passes it (see Gaps). */
  get position(): number {
    return this.gaps.watermark(this.cursor);
  }

  /** The highest id read (a replay covers up to here; later ones reach the stream live). */
  get readUpTo(): number {
    return this.cursor;
  }

  get clients(): number {
    let n = 0;
    for (const set of this.scopes.values()) n += set.size;
    return n;
  }

  add(sub: Subscriber): void {
    const set = this.scopes.get(sub.scope) ?? new Set<Subscriber>();
    this.scopes.set(sub.scope, set);
    set.add(sub);
  }

  remove(sub: Subscriber): void {
    const set = this.scopes.get(sub.scope);
    if (!set) return;
    set.delete(sub);
    if (set.size === 0) this.scopes.delete(sub.scope);
  }

  /** Every stream, e.g. on shutdown. */
  subscribers(): Subscriber[] {
    return [...this.scopes.values()].flatMap((set) => [...set]);
  }

  /** Reads now, or once more after the read in progress (wake-ups coalesce). */
  wake(): void {
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = this.readAll()
      .catch((error) => this.deps.log.warn({ err: error }, 'live events: read failed'))
      .finally(() => {
        this.reading = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async readAll(): Promise<void> {
    for (;;) {
      const rows = await this.readBatch();
      this.gaps.expire(performance.now());
      if (rows.length > 0) await this.deliver(rows);
      if (rows.length < HUB_LIMITS.batch) return;
    }
  }

  /** The rows after the cursor, and any row that filled a gap. */
  private async readBatch(): Promise<StoredEvent[]> {
    const gapIds = this.gaps.ids;
    const rows = (await this.deps.db
      .selectFrom('events')
      .select(['id', 'agent_id', 'environment', 'type', 'subject', 'payload'])
      .where((eb) =>
        gapIds.length > 0
          ? eb.or([eb('id', '>', this.cursor), eb('id', 'in', gapIds)])
          : eb('id', '>', this.cursor),
      )
      .orderBy('id')
      .limit(HUB_LIMITS.batch)
      .execute()) as StoredEvent[];
    const fresh = rows.filter((r) => r.id > this.cursor).map((r) => r.id);
    for (const r of rows) if (r.id <= this.cursor) this.gaps.close(r.id);
    this.gaps.see(this.cursor, fresh, performance.now());
    if (fresh.length > 0) this.cursor = fresh[fresh.length - 1];
    return rows;
  }

  private async deliver(rows: readonly StoredEvent[]): Promise<void> {
    const position = this.position;
    const payloads = await this.enrich(rows);
    for (const row of rows) {
      const frame = eventFrame(
        Math.min(row.id, position),
        row.id,
        row.type,
        payloads.get(row) ?? row.payload,
      );
      this.send(scopeOf(row.agent_id, row.environment), row.type, frame);
      if (row.subject) this.send(row.subject, row.type, frame);
    }
    this.onDelivered?.(rows);
  }

  private send(scope: string, type: string, frame: string): void {
    const set = this.scopes.get(scope);
    if (!set) return;
    for (const sub of set) {
      if (!sub.accepts(type)) continue;
      if (sub.held) sub.held.push(frame);
      else sub.write(frame);
    }
  }

  private broadcast(frame: string): void {
    for (const set of this.scopes.values()) for (const sub of set) if (!sub.held) sub.write(frame);
  }

  /**
   * Balance events carry the balance, read once per agent and batch here (the formula stays the
   * ledger's), so thousands of tabs do not each ask for it. Only for scopes someone listens to.
   */
  async enrich(rows: readonly StoredEvent[]): Promise<Map<StoredEvent, unknown>> {
    const out = new Map<StoredEvent, unknown>();
    const reads = new Map<string, Promise<unknown>>();
    for (const row of rows) {
      if (row.type !== 'balance') continue;
      const scope = scopeOf(row.agent_id, row.environment);
      if (!this.scopes.has(scope)) continue;
      let read = reads.get(scope);
      if (!read) {
        read = this.deps.balances.read(row.agent_id, row.environment);
        reads.set(scope, read);
      }
      out.set(row, await read);
    }
    return out;
  }
}
