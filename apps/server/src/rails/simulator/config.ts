/**
 * The simulator's knobs. Parsed with zod so the server's config module can build them from the
 * environment and fail at start-up on a bad value.
 */
import { z } from 'zod';
import { MS_PER_DAY, MS_PER_MINUTE, parseWibTimeOfDay } from '../wib-clock';

const wibTimeOfDay = z.string().refine(
  (text) => {
    try {
      parseWibTimeOfDay(text);
      return true;
    } catch {
      return false;
    }
  },
  { message: 'Expected HH:mm (WIB)' },
);

const durationMs = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const simulatorConfigSchema = z.object({
  /** How long an ordinary transfer stays PROCESSING; 0 = SUCCESS on the first status check. */
  settleMs: durationMs.default(0),
  /** How long a transfer to a "slow bank" account (suffix 8888) stays PROCESSING. */
  slowBankMs: durationMs.default(MS_PER_MINUTE),
  /** How long a retail pickup code stays valid. */
  pickupValidMs: durationMs.min(1).default(MS_PER_DAY),
  /**
   * The nightly window in which banks queue transfers (spec 02 §9: 23:00 to 06:00 WIB). May cross
   * midnight. `null` turns it off; equal start and end mean an empty window.
   */
  bankDowntime: z
    .object({ startsAtWib: wibTimeOfDay, endsAtWib: wibTimeOfDay })
    .nullable()
    .default({ startsAtWib: '23:00', endsAtWib: '06:00' }),
});

export type SimulatorConfig = z.output<typeof simulatorConfigSchema>;
export type SimulatorConfigInput = z.input<typeof simulatorConfigSchema>;

export function resolveSimulatorConfig(input: SimulatorConfigInput = {}): SimulatorConfig {
  return simulatorConfigSchema.parse(input);
}
