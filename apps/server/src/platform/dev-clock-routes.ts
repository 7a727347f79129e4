import { timingSafeEqual } from 'node:crypto';
import { devCalls } from '@gerbang/shared/contract/dev-calls';
import { accessDenied } from '../http/errors';
import { defineRoute, ok } from '../http/route';

/**
 * POST /dev/clock: moves the server's one clock, so browser tests put it inside and outside the
 * cut-off and downtime windows instead of skipping at those hours. Registered only outside
 * production and only when a test key is configured (production refuses both CLOCK_AT and the
 * key), and each call must carry that key.
 *
 * `{test_key, at}` sets the clock to `at` (an ISO instant) and lets it run on; `{test_key}` alone
 * puts it back on the machine's time.
 */
export const devClockRoutes = [
  defineRoute(devCalls.clock, async ({ services, body }) => {
    const key = services.config.testModeKey;
    if (!key || !sameText(body.test_key, key)) throw accessDenied();
    if (body.at) services.clock.set(new Date(body.at));
    else services.clock.reset();
    return ok({ now: services.now().toISOString() });
  }),
];

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
