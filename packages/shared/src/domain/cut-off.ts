import { wibMinuteOfDay } from '../format/wib';
import { CUT_OFF_END_MINUTE, CUT_OFF_START_MINUTE } from './limits';

/** True between 23:45 and 00:15 WIB, the cut-off window of spec 01 §2. */
export function isInCutOff(instant: Date): boolean {
  const minute = wibMinuteOfDay(instant);
  return minute >= CUT_OFF_START_MINUTE || minute < CUT_OFF_END_MINUTE;
}
