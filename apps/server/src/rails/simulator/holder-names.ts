/**
 * Account holder names for inquiry answers: plausible Indonesian names, always the same one for the
 * same account, in capitals as banks return them.
 */
import { digestWord } from './digest';

const FIRST_NAMES: readonly string[] = (
  'Budi Siti Agus Dewi Rina Andi Joko Sri Wahyu Putri Rizky Nur Ahmad Dian Eko Fitri Hendra ' +
  'Indah Yusuf Ayu Bambang Lestari Dimas Ratna Fajar Intan Gilang Maya Teguh Wulan Arif Novi'
).split(' ');

const LAST_NAMES: readonly string[] = (
  'Santoso Wijaya Saputra Hidayat Kusuma Pratama Siregar Nasution Hasibuan Simanjuntak Gunawan ' +
  'Setiawan Susanto Rahman Wibowo Purnomo Sihombing Harahap Nugroho Permana Halim Tanjung ' +
  'Suryadi Lubis Sitompul Kurniawan Firmansyah Maulana Hakim Utami Handoko Sembiring'
).split(' ');

/** `destination` identifies the account, e.g. "014:1234567890" or "GOPAY:081234567890". */
export function holderNameFor(destination: string): string {
  const first = FIRST_NAMES[digestWord(destination, 0) % FIRST_NAMES.length];
  const last = LAST_NAMES[digestWord(destination, 1) % LAST_NAMES.length];
  return `${first} ${last}`.toUpperCase();
}

/**
 * The simulator's renamed accounts (a test or a demo renames an account to see a saved
 * beneficiary's payout held for a name mismatch). In memory, like the operator's answers when no
 * database store is passed; `null` gives the account its derived name back.
 */
export interface HolderNameBook {
  nameFor(destination: string): string;
  rename(destination: string, name: string | null): void;
}

export function createHolderNameBook(): HolderNameBook {
  const renamed = new Map<string, string>();
  return {
    nameFor: (destination) => renamed.get(destination) ?? holderNameFor(destination),
    rename(destination, name) {
      if (name === null) renamed.delete(destination);
      else renamed.set(destination, name.trim().toUpperCase());
    },
  };
}
