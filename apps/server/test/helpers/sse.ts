/** One server-sent event as a test reads it. */
export interface SseFrame {
  id: string | null;
  event: string;
  data: { id: number; type: string; payload: Record<string, any> };
}

export interface SseClient {
  frames: SseFrame[];
  status: number;
  /** Resolves with the first frame (already received or to come) that matches. */
  next(match: (f: SseFrame) => boolean, timeoutMs?: number): Promise<SseFrame>;
  /** The last `id:` the stream sent (what a browser sends back as Last-Event-ID). */
  lastId(): string | null;
  close(): void;
}

/** Opens an event stream over real HTTP (inject cannot stream) and parses its frames. */
export async function openSse(
  url: string,
  headers: Record<string, string> = {},
): Promise<SseClient> {
  const abort = new AbortController();
  const res = await fetch(url, { headers, signal: abort.signal });
  const frames: SseFrame[] = [];
  const waiters: Array<() => void> = [];
  let last: string | null = null;
  if (res.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let cut = buffer.indexOf('\n\n');
          while (cut >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const frame = parseBlock(block);
            if (frame) {
              if (frame.id !== null) last = frame.id;
              frames.push(frame);
              for (const w of waiters.splice(0)) w();
            }
            cut = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // aborted
      }
    })();
  }
  return {
    frames,
    status: res.status,
    lastId: () => last,
    close: () => abort.abort(),
    async next(match, timeoutMs = 5_000) {
      const end = performance.now() + timeoutMs;
      for (;;) {
        const found = frames.find(match);
        if (found) return found;
        const left = end - performance.now();
        if (left <= 0) throw new Error(`no matching event in ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
  };
}

function parseBlock(block: string): SseFrame | null {
  let id: string | null = null;
  let event = 'message';
  let data = '';
  for (const line of block.split('\n')) {
    if (line.startsWith('id: ')) id = line.slice(4);
    else if (line.startsWith('event: ')) event = line.slice(7);
    else if (line.startsWith('data: ')) data += line.slice(6);
  }
  if (!data) return null;
  return { id, event, data: JSON.parse(data) };
}
