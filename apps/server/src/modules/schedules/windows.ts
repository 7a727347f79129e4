import { isInCutOff, wibDate, wibDayStart, wibMinuteOfDay } from '@gerbang/shared';
import type { Services } from '../../http/services';
import { dailyWindow, startOfWorkAfter } from '../../rails/simulator/bank-downtime';

const MINUTE_MS = 60_000;
const CUT_OFF_END_MINUTE = 15;

/**
 * When an occurrence due at `due` may run: `due` itself, or the end of the window it falls in —
 * the cut-off (23:45–00:15 WIB, for the agents under it: `CUT_OFF_AGENTS`), when a payout made
 * then is refused, and the banks' nightly downtime (the rails' configured window, which the
 * console's demo switch turns off), when a transfer would only wait at the bank. A payout made
 * at that time would be refused or queued; the schedule waits and runs when the window ends.
 */
export function runAfter(
  services: Pick<Services, 'config' | 'rails'>,
  agentUsername: string,
  due: Date,
): Date {
  let at = due;
  // Applied until nothing moves it: the end of one window may fall inside the other.
  for (let step = 0; step < 3; step++) {
    const before = at.getTime();
    if (services.config.cutOffAgents.includes(agentUsername) && isInCutOff(at)) {
      at = cutOffEnd(at);
    }
    const downtime = services.rails.simulatorSettings.bankDowntime;
    if (downtime) {
      at = startOfWorkAfter(dailyWindow(downtime.startsAtWib, downtime.endsAtWib), at);
    }
    if (at.getTime() === before) break;
  }
  return at;
}

/** 00:15 WIB after an instant inside the cut-off. */
function cutOffEnd(at: Date): Date {
  const dayStart = wibDayStart(wibDate(at)).getTime();
  const tomorrow = wibMinuteOfDay(at) >= CUT_OFF_END_MINUTE ? 24 * 60 * MINUTE_MS : 0;
  return new Date(dayStart + tomorrow + CUT_OFF_END_MINUTE * MINUTE_MS);
}
