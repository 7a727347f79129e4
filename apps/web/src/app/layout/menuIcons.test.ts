import { describe, expect, it } from 'vitest';
import { MENU, type MenuItem } from '../menu';
import { MENU_ICONS } from './menuIcons';

function keys(items: MenuItem[]): string[] {
  return items.flatMap((item) => [item.key, ...keys(item.children ?? [])]);
}

describe('sidebar icons', () => {
  it('every menu item has its own icon', () => {
    const missing = keys(MENU).filter((key) => !Object.hasOwn(MENU_ICONS, key));
    expect(missing).toEqual([]);
  });
});
