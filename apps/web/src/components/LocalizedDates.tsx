import { DatesProvider } from '@mantine/dates';
import dayjs from 'dayjs';
import 'dayjs/locale/id';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Calendars in the reader's language: month and day names from dayjs' locale, weeks
 * starting on Monday. Mantine writes the weekday row with the two-letter names (`dd`); Indonesian
 * calendars use three letters (Sen Sel Rab Kam Jum Sab Min), so the `id` locale gets those.
 */
const locales = (dayjs as unknown as { Ls: Record<string, { weekdaysMin?: string[] }> }).Ls;
const id = locales.id;
if (id) id.weekdaysMin = ['Min', 'Sen', 'Sel', 'Rab', 'Kam', 'Jum', 'Sab'];

export function datesLocale(language: string): 'id' | 'en' {
  return language === 'en' ? 'en' : 'id';
}

export function LocalizedDates({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <DatesProvider settings={{ locale: datesLocale(i18n.language), firstDayOfWeek: 1 }}>
      {children}
    </DatesProvider>
  );
}
