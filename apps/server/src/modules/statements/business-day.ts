/**
 * A `date` column as `YYYY-MM-DD`. The PostgreSQL drivers turn a date into a Date at local
 * midnight of the server's zone, so its local fields are the day (its UTC ones are not, east of
 * Greenwich: a server in Jakarta would read the day before).
 */
export function businessDay(value: unknown): string {
  if (!(value instanceof Date)) return String(value).slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}
