import { runLowBalanceOnce } from '../modules/alerts/low-balance';
import { runScheduleShortOnce } from '../modules/alerts/schedule-short';
import { runCallbackHealthOnce } from '../modules/callbacks/health';
import type { Job } from './job';

/**
 * The alert job (issue 27 part 3): every 5 s the low-balance check and the scheduled-payout
 * balance check (modules/alerts), the daily callback health mail (claimed once per agent and WIB day, modules/callbacks/health.ts), and the
 * outbox's SMTP delivery of what they queued (a no-op without SMTP_URL).
 */
export const alertsJob: Job<{
  fired: number;
  rearmed: number;
  scheduleShort: number;
  healthMails: number;
}> = {
  name: 'alerts',
  intervalMs: 5_000,
  runOnce: async (services) => {
    const balance = await runLowBalanceOnce(services);
    const scheduleShort = await runScheduleShortOnce(services);
    const healthMails = await runCallbackHealthOnce(services);
    if (balance.fired + scheduleShort + healthMails > 0) await services.mail.deliverQueued();
    return { ...balance, scheduleShort, healthMails };
  },
  report: (r) => (r.fired + r.rearmed + r.scheduleShort + r.healthMails > 0 ? r : null),
};
