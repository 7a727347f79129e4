import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The app sends only the Mantine stylesheets of the components it uses (apps/web/src/lib/
 * styles-first-paint.ts and styles-full.ts), not Mantine's whole styles.css. A component used for
 * the first time without its file would render unstyled: every Mantine class and animation the
 * built JavaScript names (`m_` and a hash, in the components' class maps) must have a rule or a
 * keyframes block in the built CSS. Read from the build the browser tests run against.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const assets = path.join(process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist'), 'assets');

const read = (ext: string) =>
  readdirSync(assets)
    .filter((name) => name.endsWith(ext))
    .map((name) => readFileSync(path.join(assets, name), 'utf8'))
    .join('\n');

describe('Mantine styles in the web build', () => {
  it('every Mantine class and animation the code names has its rule in the CSS', () => {
    const named = new Set(
      [...read('.js').matchAll(/[`'"](m_[0-9a-f]{5,8})[`'"]/g)].map((m) => m[1] as string),
    );
    const styled = new Set(
      [...read('.css').matchAll(/(?:\.|@keyframes\s*)(m_[0-9a-f]{5,8})\b/g)].map(
        (m) => m[1] as string,
      ),
    );
    // The components' class maps: a build that names none would make this test hollow.
    expect(named.size).toBeGreaterThan(200);
    expect([...named].filter((name) => !styled.has(name))).toEqual([]);
  });

  it("Mantine's unused components are not sent", () => {
    // Classes of components the app never renders (Stepper, Timeline, Rating, ColorPicker).
    const css = read('.css');
    for (const unused of ['m_cbb4ea7e', 'm_43657ece', 'm_f8d312f2', 'm_fee9c77']) {
      expect(css, unused).not.toContain(`.${unused}`);
    }
  });
});
