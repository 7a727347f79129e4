/**
 * The first frame the server may write into a page's document, just before the root (the shell's
 * outline and the page's title, apps/server/src/http/first-frame.ts). It stays on screen while the
 * page loads — the loaders show nothing over it — and goes when the shell mounts, or as soon as the
 * app is at another address (the login page, not-found). A phone on a slow network sees its page's
 * title at once, then the same title in the same place once the scripts have run. The frame's
 * nodes are the document's own until then: a browser counts a text as painted only if it is still
 * in the page when its paint is reported, so it is not rendered again.
 */
let frame = document.querySelector<HTMLElement>('body > [data-first-frame]');

/** Whether the document's frame is still the page's loading view. */
export function showsFirstFrame(): boolean {
  return frame !== null && frame.dataset.firstFrame === window.location.pathname;
}

/** Takes the frame away, or only when the app is no longer at its address (`unlessAt`). */
export function releaseFirstFrame(unlessAt?: string) {
  if (!frame || frame.dataset.firstFrame === unlessAt) return;
  frame.remove();
  frame = null;
}
