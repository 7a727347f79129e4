/**
 * The back office document's first script (an entry of its own, without imports): it asks for
 * the session while the app's scripts download. Asked by the app, the question would wait until
 * every script had loaded and run, and the first page render waits for its answer: on a cold
 * load that is one round trip more. The app takes this answer once (lib/session.tsx); every later
 * check asks again. The headers are the API client's (lib/api.ts).
 */
declare global {
  interface Window {
    /** The answer on its way, when it was asked and when it came (the server clock is read). */
    gerbangEarlySession?: { answer: Promise<Response>; sentAt: number; receivedAt?: number };
  }
}

const early: NonNullable<Window['gerbangEarlySession']> = {
  sentAt: Date.now(),
  answer: fetch('/api/auth/session', {
    credentials: 'same-origin',
    headers: {
      'X-Requested-With': 'XMLHttpRequest',
      'X-Language': localStorage.getItem('gerbang.language') ?? 'id',
    },
  }).then((response) => {
    early.receivedAt = Date.now();
    return response;
  }),
};
window.gerbangEarlySession = early;

export {};
