/**
 * An export gives way to requests. The database backend that makes an export's lines works at
 * full speed and normal priority (the export thread's nice value does not reach it), so on a busy
 * machine it takes a core from the requests. The API process publishes how busy its event loop
 * is (jobs/event-loop-gauge.ts); between two batches the export reads it, and while the API is
 * busy it rests nine times as long as the batch took: the export and its backend then use about a
 * tenth of the time they would, and finish later instead of slowing every request meanwhile.
 */

import type { Pace } from '../data-pages/stream';

/** The API counts as busy from half of its event loop's time spent running (‰ of the last window). */
export const BUSY_PERMILLE = 500;
/** The share of the time an export works while the API is busy. */
export const BUSY_SHARE = 0.1;
/** A batch that took long never makes the export rest longer than this at once. */
const MAX_REST_MS = 1_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The pace of an export reading `gauge` (element 0: the API's event-loop use in ‰). */
export function giveWayTo(gauge: Int32Array, rest: (ms: number) => Promise<void> = sleep): Pace {
  return async (batchMs) => {
    if (Atomics.load(gauge, 0) < BUSY_PERMILLE) return;
    await rest(Math.min(MAX_REST_MS, batchMs * (1 / BUSY_SHARE - 1)));
  };
}
