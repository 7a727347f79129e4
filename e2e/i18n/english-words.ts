import type { Page } from 'playwright-core';

/**
 * Known English words an Indonesian page must not show. Proper names and codes
 * (Transfer, Virtual Account, Top Up, Sandbox, Production, BCA, QRIS, CASH IN…) are not listed; nor
 * are words Indonesian shares with English ("robot": the phrase "not a robot" is).
 */
export const ENGLISH_WORDS = [
  'Verified',
  'Verifying',
  'not a robot',
  'Cash-out',
  'Cash-in',
  'Success',
  'Failed',
  'Pending',
  'Download',
  'Export',
  'Search',
  'Balance',
  'Amount',
  'Date',
  'Queue',
  'On Process',
  'Refunded',
  'Debited',
  'Password',
  'ORDER ID',
  'Loading',
  'Submit',
  'Cancel',
  'Withdrawal',
  'Payment',
  'Expired',
  'Please',
];

/** The visible text of the page, shadow roots included. */
export async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.body.innerText];
    const walk = (root: Document | ShadowRoot) => {
      for (const el of Array.from(root.querySelectorAll('*'))) {
        if (!el.shadowRoot) continue;
        for (const child of Array.from(el.shadowRoot.children)) {
          parts.push((child as HTMLElement).innerText ?? child.textContent ?? '');
        }
        walk(el.shadowRoot);
      }
    };
    walk(document);
    return parts.join('\n');
  });
}

/** The listed words found in `text`, whole words, any case. */
export function englishWordsIn(text: string): string[] {
  // File names (export-12-ab.csv) and ledger transfer ids (withdraw:WD26…:amount) are codes,
  // not words.
  const words = text
    .replace(/\S+\.(csv|xlsx|pdf)\b/gi, ' ')
    .replace(/\S*[\p{L}\d]:[\p{L}\d]\S*/gu, ' ');
  return ENGLISH_WORDS.filter((word) => {
    const body = word.replace(/ /g, '\\s+');
    return new RegExp(`(^|[^\\p{L}])${body}($|[^\\p{L}])`, 'iu').test(words);
  });
}
