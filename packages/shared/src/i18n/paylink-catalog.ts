/** The paylink catalog alone, both languages: the public payment page's only strings. */
import en from './en/paylink.json';
import id from './id/paylink.json';

export const PAYLINK_CATALOG = { id, en } as const;
