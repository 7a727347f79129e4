import { z } from 'zod';

/**
 * The payer side of the rails simulator (demo and test mode only): pay a VA, a QRIS payload, a
 * retail code, an e-wallet checkout or a bank account, and run settlement now. Messages are
 * catalog keys.
 */
export const SIMULATOR_PAY_CHANNELS = [
  'va',
  'qris',
  'retail',
  'bank_transfer',
  'ewallet',
  'card',
] as const;
export type SimulatorPayChannel = (typeof SIMULATOR_PAY_CHANNELS)[number];

/** The most one simulated payment may carry. */
export const SIMULATOR_MAX_AMOUNT = 10_000_000_000;

/** POST /dev/simulator/pay */
export const simulatorPayRequest = z.object({
  channel: z.enum(SIMULATOR_PAY_CHANNELS, { error: 'payins.simulator.chooseChannel' }),
  /** The VA number, the QRIS payload, the retail code, the checkout reference or the account number. */
  number: z
    .string({ error: 'payins.simulator.enterNumber' })
    .trim()
    .min(1, 'payins.simulator.enterNumber')
    .max(512, 'payins.simulator.enterNumber'),
  amount: z
    .number({ error: 'payins.simulator.enterAmount' })
    // In this order, so the first message names the real problem: 1e20 is too large (it is
    // also not a safe integer), 1.5 is not whole rupiah, 0 or less is no amount at all.
    .positive('payins.simulator.enterAmount')
    .max(SIMULATOR_MAX_AMOUNT, 'payins.simulator.amountTooLarge')
    .int('payins.simulator.amountWhole'),
  /** The bank's reference; a new one when absent. Send the same one again to replay a payment. */
  reference: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, 'payins.simulator.badReference')
    .optional(),
  environment: z.enum(['production', 'sandbox']).default('production'),
  /**
   * false: the bank books a bank transfer on its statement but sends no notification (no automatic
   * match); a later check (a transfer order's "I have paid") finds it. Bank transfers only.
   */
  notify: z.boolean().default(true),
});
export type SimulatorPayRequest = z.infer<typeof simulatorPayRequest>;

/**
 * What the simulator's pay form checks before calling, in the order the server checks them
 * (channel, number, amount); the reference is left to the server, whose answer shows it.
 */
export const simulatorPayFormSchema = simulatorPayRequest.pick({
  channel: true,
  number: true,
  amount: true,
});

export const simulatorPayResult = z.object({
  /** The bank's reference of this payment (send it again to replay). */
  reference: z.string(),
  /** SUCCESS (money taken), or REFUSED with `reason`. */
  status: z.enum(['SUCCESS', 'REFUSED']),
  id_transaksi: z.string().nullable(),
  /** The reference had been paid before: nothing moved this time. */
  replayed: z.boolean(),
  /** held, available (matched top-up) or suspense (unmatched transfer); null when refused. */
  outcome: z.enum(['held', 'available', 'suspense']).nullable(),
  reason: z.string().nullable(),
});
export type SimulatorPayResult = z.infer<typeof simulatorPayResult>;

/** POST /dev/simulator/settle */
export const simulatorSettleRequest = z.object({
  /** Settle every waiting payment, whatever its settlement date. */
  all: z.boolean().default(false),
});

export const simulatorSettleResult = z.object({
  /** Payments (holds) moved from held to available. */
  settled: z.number(),
  /** Settlement rows completed. */
  settlements: z.number(),
  /** Set when nothing ran because of the banks' nightly window (23:00–06:00 WIB). */
  skipped: z.enum(['bank_downtime']).nullable(),
});
export type SimulatorSettleResult = z.infer<typeof simulatorSettleResult>;
