/** Addresses that only this computer can reach. */
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK.has(host.trim().toLowerCase()) || host.trim().startsWith('127.');
}

/**
 * What the demo start banner says about who can open the server: demo mode shows every OTP and
 * reset link in the dev mailbox, so it listens on 127.0.0.1 unless HOST opens it to others.
 */
export function demoExposureLines(host: string): string[] {
  if (isLoopbackHost(host)) {
    return [
      `Listening on ${host} only: other computers cannot open it.`,
      'To open it to others on your network, start with HOST=0.0.0.0 (e.g. `HOST=0.0.0.0 npm start`):',
      'everyone who can reach it then reads the dev mailbox, with every OTP and reset link.',
    ];
  }
  return [
    `WARNING: listening on ${host}: anyone who can reach this address reads the dev mailbox,`,
    'with every OTP and reset link. Demo mode is for a laptop; unset HOST to keep it on 127.0.0.1.',
  ];
}
