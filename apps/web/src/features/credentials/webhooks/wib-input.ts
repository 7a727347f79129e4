/** A `datetime-local` value read as WIB (`2026-11-27T10:00` → `2026-11-27T10:00:00+07:00`). */
export const wibInputToIso = (value: string) => `${value}:00+07:00`;

/** An instant as the value of a `datetime-local` input showing WIB. */
export const isoToWibInput = (at: Date) =>
  new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 16);
