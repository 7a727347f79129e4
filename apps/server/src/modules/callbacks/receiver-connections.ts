import http from 'node:http';
import https from 'node:https';

/**
 * Kept connections to callback receivers. A partner's endpoint gets many callbacks in a row; a
 * new TCP (and TLS) connection for each costs both sides a handshake per callback. Connections are
 * kept per origin AND per set of addresses the URL check approved for this attempt, so a kept
 * socket is only reused while its address is still one the check allows: when the name moves to
 * other addresses, the next attempt gets a pool of its own and the old one ages out.
 */

/** A kept connection idles at most this long (less when the receiver announces a shorter keep-alive). */
const IDLE_MS = 4_000;
/** Pools kept at once; the least recently used is closed beyond this. */
const MAX_POOLS = 256;

const pools = new Map<string, http.Agent>();

/** The connection pool for a POST to `target` at the checked `addresses`. */
export function receiverAgent(target: URL, addresses: readonly string[]): http.Agent {
  const key = `${target.protocol}//${target.host}|${addresses.join(',')}`;
  const kept = pools.get(key);
  if (kept) {
    // Most recently used last: Map keeps insertion order.
    pools.delete(key);
    pools.set(key, kept);
    return kept;
  }
  const options: http.AgentOptions = {
    keepAlive: true,
    timeout: IDLE_MS,
    maxSockets: 8,
    maxFreeSockets: 4,
    scheduling: 'lifo',
  };
  const agent = target.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
  pools.set(key, agent);
  if (pools.size > MAX_POOLS) {
    const [oldestKey, oldest] = pools.entries().next().value as [string, http.Agent];
    pools.delete(oldestKey);
    oldest.destroy();
  }
  return agent;
}
