import type { SseFrame } from './sse';

/**
 * A client with the browser's EventSource semantics, for tests that take the server away: it
 * reads the stream, remembers the last `id:`, and when the stream ends or the connection fails it
 * waits the server's `retry:` and connects again with `Last-Event-ID`. Like the web app's store it
 * drops repeats by the event's own id (`data.id`): delivery is at least once on the wire.
 */
export class ReconnectingEventSource {
  /** Events kept after dropping repeats, in arrival order. */
  readonly events: SseFrame[] = [];
  /** Frames that repeated an id already kept (at-least-once replays). */
  repeats = 0;
  /** Connections opened (the first one included) and those answered 200. */
  connects = 0;
  opened = 0;
  lastId: string | null;
  private retryMs = 2_000;
  private readonly seen = new Set<number>();
  private abort: AbortController | null = null;
  private closed = false;
  private readonly waiters: Array<() => void> = [];

  constructor(
    private readonly url: string,
    private readonly headers: Record<string, string>,
    lastEventId: string | null = null,
  ) {
    this.lastId = lastEventId;
    void this.loop();
  }

  private async loop() {
    while (!this.closed) {
      await this.once().catch(() => undefined);
      if (this.closed) return;
      await new Promise((r) => setTimeout(r, this.retryMs));
    }
  }

  private async once() {
    this.connects += 1;
    this.abort = new AbortController();
    const res = await fetch(this.url, {
      headers: { ...this.headers, ...(this.lastId ? { 'last-event-id': this.lastId } : {}) },
      signal: this.abort.signal,
    });
    if (res.status !== 200 || !res.body) return;
    this.opened += 1;
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let cut = buffer.indexOf('\n\n');
      while (cut >= 0) {
        this.block(buffer.slice(0, cut));
        buffer = buffer.slice(cut + 2);
        cut = buffer.indexOf('\n\n');
      }
    }
  }

  private block(block: string) {
    let id: string | null = null;
    let event = 'message';
    let data = '';
    for (const line of block.split('\n')) {
      if (line.startsWith('id: ')) id = line.slice(4);
      else if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data += line.slice(6);
      else if (line.startsWith('retry: ')) this.retryMs = Number(line.slice(7));
    }
    if (id !== null) this.lastId = id;
    if (!data) return;
    const frame: SseFrame = { id, event, data: JSON.parse(data) };
    if (frame.data.id > 0 && this.seen.has(frame.data.id)) {
      this.repeats += 1;
      return;
    }
    if (frame.data.id > 0) this.seen.add(frame.data.id);
    this.events.push(frame);
    for (const w of this.waiters.splice(0)) w();
  }

  /** Resolves when `done()` holds over the events kept, or rejects after `timeoutMs`. */
  async until(done: (events: SseFrame[]) => boolean, timeoutMs = 20_000): Promise<void> {
    const end = performance.now() + timeoutMs;
    while (!done(this.events)) {
      const left = end - performance.now();
      if (left <= 0) throw new Error(`stream did not get there in ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 250));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close() {
    this.closed = true;
    this.abort?.abort();
  }
}
