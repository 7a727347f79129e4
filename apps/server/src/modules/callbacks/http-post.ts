import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { receiverAgent } from './receiver-connections';

/** What a receiver answered (any status), or why no answer came. */
export type PostResult =
  | {
      kind: 'answer';
      status: number;
      body: string;
      /** The answer's headers, lower case, bounded (RESPONSE_HEADERS_MAX names, 500 chars each). */
      headers: Record<string, string>;
      durationMs: number;
    }
  | { kind: 'timeout'; durationMs: number; error: string }
  | { kind: 'network'; durationMs: number; error: string };

/**
 * One POST of a callback: no redirects followed (a redirect is not a 2xx, and following one could
 * leave the checked address), connections kept per origin and checked addresses
 * (receiver-connections.ts), the whole exchange bounded by `timeoutMs`, and only the first
 * `keepBytes` of the answer read. Never throws.
 */
export async function postCallback(input: PostInput): Promise<PostResult> {
  const started = performance.now();
  const first = await postOnce(input, started);
  // A kept connection the receiver had closed while it idled fails before any answer (reset or
  // broken pipe): the POST goes once more, within the same time bound, on a connection of its own
  // (not another kept one, which may be as stale). The receiver may have seen the first one:
  // callbacks are at least once, with the same event id.
  if (first.staleConnection) {
    const left = Math.max(1, input.timeoutMs - Math.round(performance.now() - started));
    return (await postOnce({ ...input, timeoutMs: left }, started, false)).result;
  }
  return first.result;
}

interface PostInput {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  keepBytes: number;
  /** Connect only to these (already checked) addresses; empty: resolve normally. */
  addresses?: string[];
}

const STALE_CONNECTION_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

function postOnce(
  input: PostInput,
  started: number,
  keptConnection = true,
): Promise<{ result: PostResult; staleConnection: boolean }> {
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: PostResult, staleConnection = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ result, staleConnection });
    };
    let target: URL;
    try {
      target = new URL(input.url);
      if (target.protocol !== 'http:' && target.protocol !== 'https:') {
        throw new Error(`unsupported scheme ${target.protocol}`);
      }
    } catch (error) {
      finish({ kind: 'network', durationMs: 0, error: errorText(error) });
      return;
    }
    const payload = Buffer.from(input.body, 'utf8');
    const client = target.protocol === 'https:' ? https : http;
    const addresses = input.addresses ?? [];
    const req = client.request(target, {
      method: 'POST',
      agent: keptConnection ? receiverAgent(target, addresses) : false,
      ...(addresses.length ? { lookup: pinnedLookup(addresses) } : {}),
      headers: { ...input.headers, 'content-length': String(payload.length) },
    });
    let answered = false;
    const timer = setTimeout(() => {
      finish({
        kind: 'timeout',
        durationMs: elapsed(),
        error: `no complete answer within ${input.timeoutMs} ms`,
      });
      req.destroy();
    }, input.timeoutMs);
    req.on('error', (error) =>
      finish(
        { kind: 'network', durationMs: elapsed(), error: errorText(error) },
        !answered &&
          req.reusedSocket &&
          STALE_CONNECTION_CODES.has(String((error as NodeJS.ErrnoException).code)),
      ),
    );
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      let kept = 0;
      const done = () =>
        finish({
          kind: 'answer',
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          headers: keptHeaders(res.headers),
          durationMs: elapsed(),
        });
      res.on('data', (chunk: Buffer) => {
        if (kept >= input.keepBytes) return;
        const part = chunk.subarray(0, input.keepBytes - kept);
        chunks.push(part);
        kept += part.length;
        if (kept >= input.keepBytes) {
          // Enough of the body: the status is what counts; stop reading the rest (and drop the
          // connection, which still carries the unread part).
          done();
          res.destroy();
        }
      });
      res.on('end', done);
      res.on('close', done);
      res.on('error', (error) =>
        finish({ kind: 'network', durationMs: elapsed(), error: errorText(error) }),
      );
    });
    req.end(payload);
  });
}

const RESPONSE_HEADERS_MAX = 40;

/** The answer's headers as stored with the attempt: at most 40, each value at most 500 chars. */
function keptHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers).slice(0, RESPONSE_HEADERS_MAX)) {
    if (value === undefined) continue;
    kept[name] = (Array.isArray(value) ? value.join(', ') : value).slice(0, 500);
  }
  return kept;
}

/** A `dns.lookup` stand-in that answers with the addresses the URL check approved. */
function pinnedLookup(addresses: string[]) {
  const entries = addresses.map((address) => ({ address, family: isIP(address) }));
  return ((
    _host: string,
    options: { all?: boolean } | number | undefined,
    callback: (...args: unknown[]) => void,
  ) => {
    const all = typeof options === 'object' && options?.all;
    if (all) callback(null, entries);
    else callback(null, entries[0]?.address, entries[0]?.family);
  }) as unknown as NonNullable<http.RequestOptions['lookup']>;
}

function errorText(error: unknown): string {
  const e = error as { code?: string; message?: string };
  return [e?.code, e?.message ?? String(error)].filter(Boolean).join(': ').slice(0, 500);
}
