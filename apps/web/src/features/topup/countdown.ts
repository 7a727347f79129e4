const pad = (n: number) => String(n).padStart(2, '0');

/** hh:mm:ss left until `until`; 00:00:00 once it has passed (spec 02 §4). */
export function countdown(until: Date, now: Date): string {
  const left = Math.max(0, Math.floor((until.getTime() - now.getTime()) / 1000));
  return `${pad(Math.floor(left / 3600))}:${pad(Math.floor((left % 3600) / 60))}:${pad(left % 60)}`;
}
