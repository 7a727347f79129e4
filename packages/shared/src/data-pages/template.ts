import { wibDate } from '../format/wib';

/**
 * Fills a row-action template: `{column}` becomes the row's value, `{column:date}` the WIB date
 * (YYYY-MM-DD) of a date or instant value. Values are URI-encoded, so a row cannot inject a path.
 * Returns null when a referenced value is missing.
 */
export function fillTemplate(
  template: string,
  row: Readonly<Record<string, unknown>>,
): string | null {
  let missing = false;
  const filled = template.replace(/\{(\w+)(:date)?\}/g, (_, column: string, asDate?: string) => {
    const value = row[column];
    if (value === null || value === undefined || value === '') {
      missing = true;
      return '';
    }
    if (asDate) {
      const text = String(value);
      if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
      const instant = new Date(text);
      if (Number.isNaN(instant.getTime())) {
        missing = true;
        return '';
      }
      return wibDate(instant);
    }
    return encodeURIComponent(String(value));
  });
  return missing ? null : filled;
}
