import { z } from 'zod';
import { SIMULATOR_PAY_CHANNELS } from './payins';

/**
 * The simulator's demo-only issuing call (demo and test mode only): something for a payer to pay
 * when no page issues it yet. Messages are catalog keys.
 */

/** POST /dev/simulator/issue */
export const simulatorIssueRequest = z.object({
  /** A pay-in channel code of the catalog: a VA bank code (014), QRIS, ALFAMART, PAYOVO, … */
  channel: z
    .string({ error: 'simulator.chooseIssueChannel' })
    .trim()
    .min(1, 'simulator.chooseIssueChannel')
    .max(16, 'simulator.chooseIssueChannel'),
  /** The username of the agent (merchant) that receives the money. */
  agent: z
    .string({ error: 'simulator.enterAgent' })
    .trim()
    .min(1, 'simulator.enterAgent')
    .max(100, 'simulator.enterAgent'),
  /** Whole rupiah. A VA without an amount is open (any amount); with one it is a close bill. */
  amount: z
    .number({ error: 'payins.amountRequired' })
    .int('payins.amountRequired')
    .positive('payins.amountRequired')
    .max(10_000_000_000, 'payins.amountRequired')
    .optional(),
  environment: z.enum(['production', 'sandbox']).default('production'),
});
export type SimulatorIssueRequest = z.infer<typeof simulatorIssueRequest>;

export const simulatorIssueResult = z.object({
  /** The catalog channel code it was issued on. */
  channel: z.string(),
  /** What to choose in the simulator's pay form to pay it. */
  pay_channel: z.enum(SIMULATOR_PAY_CHANNELS),
  /** The VA number, the QRIS payload, the retail code or the e-wallet checkout reference. */
  number: z.string(),
  /** The billed amount; null for an open VA. */
  amount: z.number().nullable(),
  /** ISO instant; null for an open VA. */
  expires_at: z.string().nullable(),
});
export type SimulatorIssueResult = z.infer<typeof simulatorIssueResult>;
