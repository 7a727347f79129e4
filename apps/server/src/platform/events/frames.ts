import { EVENT_RETRY_MS } from '@gerbang/shared/contract/events';

/** One SSE frame: `id:` the stream position (the watermark), `data:` the event with its own id. */
export function eventFrame(position: number, id: number, type: string, payload: unknown): string {
  return `id: ${position}\nevent: ${type}\ndata: ${JSON.stringify({ id, type, payload })}\n\n`;
}

/** Sent when the replay cannot cover the gap: the page reloads what it shows. */
export function resetFrame(position: number): string {
  return eventFrame(position, 0, 'reset', {});
}

/** First bytes of a stream: the browser's reconnect delay. */
export const OPEN_FRAME = `retry: ${EVENT_RETRY_MS}\n\n`;
/** A comment line: keeps proxies and the browser from closing an idle stream. */
export const HEARTBEAT_FRAME = ': hb\n\n';
