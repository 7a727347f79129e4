import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScheduleShortOnce } from '../../src/modules/alerts/schedule-short';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { agentIdOf, PARTNER, TUESDAY_10_WIB } from '../payins/factory';
import { consoleLogin } from '../signup/helpers';

const HOUR = 3_600_000;

/**
 * The scheduled-payout balance alert: a payout schedule due within the next
 * 24 hours whose amount exceeds the available balance raises `schedule_short` — a console row
 * and a mail to the main user — once per occurrence, however many alert passes run at once.
 */
describe.each(testDatabases())('scheduled payout balance alert on %s', (kind) => {
  let t: TestApp;
  let db: Kysely<any>;
  let agentId: number;
  let makerId: number;

  beforeAll(async () => {
    t = await createTestApp(kind, { clockAt: TUESDAY_10_WIB });
    db = t.services.db as Kysely<any>;
    agentId = await agentIdOf(t);
    const maker = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', PARTNER)
      .executeTakeFirstOrThrow();
    makerId = Number(maker.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A schedule row as the schedules module keeps it; the alert only reads these. */
  async function scheduleRow(amount: number, dueInHours: number, note: string) {
    const now = t.clock.now;
    const due = new Date(now.getTime() + dueInHours * HOUR);
    const row = await db
      .insertInto('payout_schedules')
      .values({
        agent_id: agentId,
        environment: 'production',
        maker_user_id: makerId,
        kind: 'withdraw',
        destination: JSON.stringify({
          rail: 'BANK',
          code: '014',
          rail_code: '014',
          product_name: 'BCA',
          account_type: 'NORMAL',
          account_number: '1234567890',
          account_name: 'Budi',
        }),
        amount,
        note,
        rule: JSON.stringify({ frequency: 'daily', start_date: '2026-11-24', time: '13:00' }),
        next_due_at: due,
        next_run_at: due,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  const mails = () =>
    db.selectFrom('mail_outbox').selectAll().where('kind', '=', 'alert_schedule_short').execute();

  it('alerts once per occurrence that the balance cannot cover, and only those', async () => {
    const { balance } = await t.services.balances.read(agentId, 'production');
    const short = await scheduleRow(balance + 1, 3, 'Gaji Desember');
    await scheduleRow(balance, 2, 'Covered');
    await scheduleRow(balance + 50_000, 30, 'Later than the window');
    const paused = await scheduleRow(balance + 50_000, 1, 'Paused');
    await db
      .updateTable('payout_schedules')
      .set({ status: 'PAUSED' })
      .where('id', '=', paused)
      .execute();

    const passes = await Promise.all(
      Array.from({ length: 4 }, () => runScheduleShortOnce(t.services)),
    );
    expect(passes.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await runScheduleShortOnce(t.services)).toBe(0);
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0].to_address).toBe(PARTNER);
    expect(sent[0].body_text).toContain('Gaji Desember');

    // The runner moves the schedule to its next occurrence: that one is a new alert.
    const next = new Date(t.clock.now.getTime() + 20 * HOUR);
    await db
      .updateTable('payout_schedules')
      .set({ next_due_at: next, next_run_at: next })
      .where('id', '=', short)
      .execute();
    await Promise.all([runScheduleShortOnce(t.services), runScheduleShortOnce(t.services)]);
    expect(await mails()).toHaveLength(2);

    // Console staff see them across merchants.
    const ops = await consoleLogin(t);
    const list = await ops.get('/console/alerts');
    expect(list.rc).toBe('00');
    const ours = list.data.filter((a: any) => a.kind === 'schedule_short');
    expect(ours).toHaveLength(2);
    expect(ours[0]).toMatchObject({ username: PARTNER, environment: 'production' });
    expect(ours[0].detail).toMatchObject({ schedule: 'Gaji Desember' });
  });
});
