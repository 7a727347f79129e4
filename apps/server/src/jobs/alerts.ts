import { runLowBalanceOnce } from '../modules/alerts/low-balance';
import { runScheduleShortOnce } from '../modules/alerts/schedule-short';
import { runCallbackHealthOnce } from '../modules/callbacks/health';
import { runReconSummaryOnce } from '../modules/reconciliation/summary-mail';
import type { Job } from './job';

/**
 * The alert job: every 5 s the low-balance check and the scheduled-payout balance check
 * (modules/alerts), the daily callback health mail (claimed once per agent and WIB day,
 * modules/callbacks/health.ts), the daily reconciliation summary (claimed once per agent,
 * environment and WIB day, modules/reconciliation/summary-mail.ts), and the outbox's SMTP delivery
 * of what they queued (a no-op without SMTP_URL).
 */
export const alertsJob: Job<{
  fired: number;
  rearmed: number;
  scheduleShort: number;
  healthMails: number;
  reconMails: number;
}> = {
  name: 'alerts',
  intervalMs: 5_000,
  runOnce: async (services) => {
    const balance = await runLowBalanceOnce(services);
    const scheduleShort = await runScheduleShortOnce(services);
    const healthMails = await runCallbackHealthOnce(services);
    const reconMails = await runReconSummaryOnce(services);
    if (balance.fired + scheduleShort + healthMails + reconMails > 0) {
      await services.mail.deliverQueued();
    }
    return { ...balance, scheduleShort, healthMails, reconMails };
  },
  report: (r) =>
    r.fired + r.rearmed + r.scheduleShort + r.healthMails + r.reconMails > 0 ? r : null,
};
