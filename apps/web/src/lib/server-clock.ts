import { useEffect, useState } from 'react';

/**
 * The server's time as the page knows it. Every API answer carries `X-Server-Time`; the page keeps
 * the difference to the device clock, so the cut-off notice, "today" of the date filters and the
 * current report month follow the server even when the device's clock is off.
 */
let offsetMs = 0;

/** Called by the API client with each answer's `X-Server-Time`. */
export function noteServerTime(header: string | null, sentAtMs: number, receivedAtMs: number) {
  if (!header) return;
  const server = Date.parse(header);
  if (Number.isNaN(server)) return;
  // The server stamped the answer somewhere between sending and receiving: take the middle.
  offsetMs = server - (sentAtMs + receivedAtMs) / 2;
}

export function serverNow(): Date {
  return new Date(Date.now() + offsetMs);
}

/** The server's time, re-read every `intervalMs` so time-of-day notices come and go on their own. */
export function useServerNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
