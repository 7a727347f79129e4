import type { Environment } from '@gerbang/shared';
import type { Services } from '../../http/services';

/**
 * Callback rows whose receiver expects another protocol than Gerbang's own callback (headers and
 * HMAC of deliver.ts, any 2xx delivers): a feature registers a format for its `type_callback` at
 * the composition root (modules/callback-formats.ts), and the sender then signs each attempt and
 * judges each 2xx answer the format's way. Everything else stays the engine's: the outbox row
 * queued in the money event's transaction, the URL check, the lease, the retry schedule and the
 * attempt log.
 */

/** What a format sees of the row being sent. */
export interface FormatRow {
  id_callback: number;
  agent_id: number;
  environment: Environment;
  type_callback: string;
  request_raw: string;
  event_id: string;
  attempts: number;
}

export type AnswerJudgement = { ok: true } | { ok: false; error: string };

export interface CallbackFormat {
  /** The request headers of one attempt of `row` to `url` at `at` (the body is the row's). */
  headers(
    services: Services,
    row: FormatRow,
    url: string,
    at: Date,
  ): Promise<Record<string, string>>;
  /** A 2xx answer's body (its first 4 KB): delivered, or why not (then retried as any failure). */
  judge(body: string): AnswerJudgement;
  /**
   * The demo receiver's check of what it received at `path` (path and query as requested):
   * whether the signature verifies; null when the format cannot tell.
   */
  verify(
    services: Services,
    received: { path: string; rawBody: string; headers: Record<string, unknown> },
  ): Promise<boolean | null>;
}

const formats = new Map<string, CallbackFormat>();

export function registerCallbackFormat(typeCallback: string, format: CallbackFormat): void {
  formats.set(typeCallback, format);
}

export function callbackFormatOf(typeCallback: string): CallbackFormat | undefined {
  return formats.get(typeCallback);
}
