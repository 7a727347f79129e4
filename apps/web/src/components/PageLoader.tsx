import { Center, Loader } from '@mantine/core';
import { showsFirstFrame } from '../lib/first-frame';

/**
 * A page loading: a spinner, or nothing over the document's first frame while that is still the
 * page's loading view (lib/first-frame.ts) — except inside the shell (`inShell`).
 */
export function PageLoader({ inShell = false }: { inShell?: boolean }) {
  if (!inShell && showsFirstFrame()) return null;
  return (
    <Center mih={240}>
      <Loader />
    </Center>
  );
}
