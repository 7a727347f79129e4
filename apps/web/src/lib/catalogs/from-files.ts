/**
 * A language's catalog from its JSON files, namespaced the way packages/shared/src/i18n/index.ts
 * does it: `deposit-return.json` → `depositReturn`. The web app loads one language at a time
 *; catalogs.test.ts checks the result equals the shared `catalogs[lang]`.
 */
export function catalogFromFiles(files: Record<string, unknown>): Record<string, unknown> {
  const catalog: Record<string, unknown> = {};
  for (const [file, content] of Object.entries(files)) {
    const base = file.replace(/^.*\//, '').replace(/\.json$/, '');
    catalog[base.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())] = content;
  }
  return catalog;
}
