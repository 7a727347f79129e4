import { formatRupiah } from '@gerbang/shared';

/** Rupiah as "Rp. 1.500.000"; unknown values show as Rp. 0 (spec 01 §4 fallback). */
export function Money({ value }: { value: number | null | undefined }) {
  return <span className="money">{formatRupiah(value ?? 0)}</span>;
}
