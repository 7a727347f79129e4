import dayjs from 'dayjs';
import 'dayjs/locale/id';

/** "22 November 2026" in the interface language (news dates use formatIndonesianDate instead). */
export function formatDisplayDate(date: string, language: string): string {
  return dayjs(date)
    .locale(language === 'en' ? 'en' : 'id')
    .format('D MMMM YYYY');
}

/** "16 Nov": the short day label of chart axes. */
export function formatShortDate(date: string, language: string): string {
  return dayjs(date)
    .locale(language === 'en' ? 'en' : 'id')
    .format('D MMM');
}
