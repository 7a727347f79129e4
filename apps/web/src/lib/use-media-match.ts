import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether a media query matches, read from the window on the first render. Mantine's default
 * answers `false` first and the real value after an effect: a phone would render every component
 * using it twice on load (the header alone is ~90 components).
 */
export function useMediaMatch(query: string): boolean {
  return useMediaQuery(query, false, { getInitialValueInEffect: false });
}
