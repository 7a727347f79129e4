/** Business constants shared by the web app and the server (spec 01 §9, 02 §9, 03 §9). */
export const REQUEST_TIMEOUT_MS = 60_000;
export const BALANCE_POLL_MS = 10_000;
export const DISBURSEMENT_MAX_AMOUNT = 50_000_000;
export const OTP_LENGTH = 6;
export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_WRONG_TRIES = 5;
export const PAGE_SIZES = [10, 50, 100, 200, 300] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const NEWS_PAGE = 6;
export const NEWS_PLACEHOLDERS = 5;
export const RELATED_ARTICLES = 4;
export const REPORT_YEARS_BACK = 5;
/** Cut-off window in WIB minutes-of-day: 23:45 to 00:15. */
export const CUT_OFF_START_MINUTE = 23 * 60 + 45;
export const CUT_OFF_END_MINUTE = 15;
