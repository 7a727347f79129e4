/**
 * The altcha v2 proof of work (altcha-lib `solveChallenge` with the SHA deriveKey), written out so
 * the login page does not carry the ~30 KiB altcha widget. For counter n the
 * key is SHA-256 applied `cost` times to salt ‖ nonce ‖ uint32be(n) (each round truncated to
 * keyLength); the answer is the first n whose hex key starts with keyPrefix.
 */

export interface Challenge {
  parameters: {
    algorithm: string;
    nonce: string;
    salt: string;
    cost: number;
    keyLength?: number;
    keyPrefix: string;
    expiresAt?: number;
  };
  signature: string;
}

interface Job {
  algorithm: string;
  nonce: string;
  salt: string;
  cost: number;
  keyLength: number;
  keyPrefix: string;
  start: number;
  step: number;
}

/** Self-contained (it is also the body of the Web Workers): no outside names but globals. */
async function search(job: Job): Promise<{ counter: number; derivedKey: string } | null> {
  const bytes = (hex: string) =>
    Uint8Array.from(hex.match(/../g) ?? [], (b) => Number.parseInt(b, 16));
  const salt = bytes(job.salt);
  const nonce = bytes(job.nonce);
  const data = new Uint8Array(salt.length + nonce.length + 4);
  data.set(salt);
  data.set(nonce, salt.length);
  const view = new DataView(data.buffer);
  const prefix = job.keyPrefix.toLowerCase();
  for (let n = job.start; n <= 0xffffffff; n += job.step) {
    view.setUint32(data.length - 4, n);
    let key: Uint8Array<ArrayBuffer> = data;
    for (let i = 0; i < Math.max(1, job.cost); i++) {
      key = new Uint8Array(await crypto.subtle.digest(job.algorithm, key)).slice(0, job.keyLength);
    }
    const hex = Array.from(key, (b) => b.toString(16).padStart(2, '0')).join('');
    if (hex.startsWith(prefix)) return { counter: n, derivedKey: hex };
  }
  return null;
}

/**
 * Solves `challenge` on up to 4 Web Workers (interleaved counters, like the altcha widget), or on
 * the page itself when workers are unavailable (each digest is awaited, so the page stays
 * responsive). Resolves to the payload the server verifies: base64 JSON {challenge, solution}.
 */
export async function solve(challenge: Challenge, signal: AbortSignal): Promise<string> {
  const started = performance.now();
  const p = challenge.parameters;
  const job = (start: number, step: number): Job => ({
    algorithm: p.algorithm,
    nonce: p.nonce,
    salt: p.salt,
    cost: p.cost,
    keyLength: p.keyLength ?? 32,
    keyPrefix: p.keyPrefix,
    start,
    step,
  });
  let solution: { counter: number; derivedKey: string } | null;
  const workers: Worker[] = [];
  try {
    const count = Math.min(4, Math.max(1, navigator.hardwareConcurrency || 1));
    const url = URL.createObjectURL(
      new Blob([`onmessage=async e=>postMessage(await (${search.toString()})(e.data))`], {
        type: 'text/javascript',
      }),
    );
    try {
      for (let i = 0; i < count; i++) workers.push(new Worker(url));
    } finally {
      URL.revokeObjectURL(url);
    }
    solution = await new Promise((resolve, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason));
      workers.forEach((worker, i) => {
        worker.onmessage = (event) => resolve(event.data);
        worker.onerror = reject;
        worker.postMessage(job(i, workers.length));
      });
    });
  } catch (error) {
    // No workers here (or one failed): the same search on the page.
    if (signal.aborted) throw error;
    solution = await search(job(0, 1));
  } finally {
    for (const worker of workers) worker.terminate();
  }
  if (!solution || signal.aborted) throw new Error('captcha not solved');
  const time = Math.round(performance.now() - started);
  return btoa(
    JSON.stringify({
      challenge: { parameters: p, signature: challenge.signature },
      solution: { ...solution, time },
    }),
  );
}
