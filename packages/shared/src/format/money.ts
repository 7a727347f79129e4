/** Rupiah are whole numbers; the display is "Rp. 1.500.000" (spec 01 §1). */
export function formatThousands(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const digits = String(Math.trunc(Math.abs(amount)));
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

export function formatRupiah(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return 'Rp. 0';
  return `Rp. ${formatThousands(amount)}`;
}

/** Keeps digits only, as the amount inputs do before sending (spec 02 §5). */
export function digitsOnly(text: string): string {
  return text.replace(/\D/g, '');
}

export function isRupiah(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}
