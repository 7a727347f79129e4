import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { CALLBACK_URL_MAX } from '@gerbang/shared';
import { refused } from '../../http/errors';

/**
 * Callback URLs must not point the server at itself or its private network (SSRF). In production
 * a URL must be https, and every address its host resolves to must be public: private, loopback,
 * link-local, unspecified, carrier-grade NAT, documentation, benchmark, multicast and reserved
 * ranges are refused. Checked when the URL is saved and again by the sender before each attempt
 * (the name may resolve elsewhere by then); the sender connects only to the addresses checked.
 * Demo and test mode allow http too, but still never link-local, unspecified or cloud metadata
 * addresses; loopback and private addresses only for the app's own origin (`PUBLIC_URL`, so the
 * demo can point callbacks at its own `/api/dev/callback_sink`), and loopback in test mode (the
 * API tests run their receiver on 127.0.0.1).
 */

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/**
 * Never called in any mode: unspecified (connects to this host), link-local (cloud metadata lives
 * at 169.254.169.254), multicast and broadcast, and the metadata addresses outside link-local
 * (Alibaba 100.100.100.200, AWS IPv6 fd00:ec2::254, Oracle 192.0.0.192).
 */
const forbidden = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['169.254.0.0', 16],
  ['100.100.100.200', 32],
  ['192.0.0.192', 32],
  ['224.0.0.0', 4],
  ['255.255.255.255', 32],
] as const) {
  forbidden.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['fe80::', 10],
  ['fec0::', 10],
  ['fd00:ec2::254', 128],
  ['ff00::', 8],
] as const) {
  forbidden.addSubnet(net, prefix, 'ipv6');
}

/** Host names of cloud metadata services (they resolve to link-local addresses anyway). */
const METADATA_HOSTS =
  /^(?:metadata|metadata\.google\.internal|instance-data(?:\.ec2\.internal)?)$/i;

/** The eight 16-bit groups of an IPv6 literal (already checked by `isIP`), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase();
  const dotted = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(2).map(Number) as [number, number, number, number];
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  const numbers = groups.map((g) => Number.parseInt(g, 16));
  return numbers.length === 8 && numbers.every((n) => n >= 0 && n <= 0xffff) ? numbers : null;
}

const v4Of = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/**
 * What an address is for the callback sender: `public` (callable), `loopback` (this host),
 * `private` (a non-public network: private, CGNAT, ULA, documentation, reserved ...) or
 * `forbidden` (never: unspecified, link-local, multicast, cloud metadata, IPv4-compatible and
 * SIIT-translated IPv6 forms). IPv4-mapped (::ffff:0:0/96) and NAT64 (64:ff9b::/96) addresses are
 * judged by the IPv4 address they carry (a NAT64 loopback is no loopback of ours: private).
 */
export type AddressClass = 'public' | 'loopback' | 'private' | 'forbidden';

export function classifyAddress(address: string): AddressClass {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) {
    if (forbidden.check(bare, 'ipv4')) return 'forbidden';
    if (bare.startsWith('127.')) return 'loopback';
    return blocked.check(bare, 'ipv4') ? 'private' : 'public';
  }
  if (family !== 6) return 'forbidden';
  const g = ipv6Groups(bare);
  if (!g) return 'forbidden';
  const zeros = (from: number, to: number) => g.slice(from, to).every((n) => n === 0);
  const [g4, g5, g6, g7] = [g[4] ?? 0, g[5] ?? 0, g[6] ?? 0, g[7] ?? 0];
  if (zeros(0, 7) && g7 === 1) return 'loopback';
  // ::/96 (IPv4-compatible, deprecated; includes ::) and ::ffff:0:0:0/96 (SIIT): never.
  if (zeros(0, 6)) return 'forbidden';
  if (zeros(0, 4) && g4 === 0xffff && g5 === 0) return 'forbidden';
  // ::ffff:0:0/96, IPv4-mapped: the IPv4 address itself.
  if (zeros(0, 5) && g5 === 0xffff) return classifyAddress(v4Of(g6, g7));
  // 64:ff9b::/96, the NAT64 well-known prefix: the gateway connects to the IPv4 address.
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) {
    const inner = classifyAddress(v4Of(g6, g7));
    return inner === 'loopback' ? 'private' : inner;
  }
  if (forbidden.check(bare, 'ipv6')) return 'forbidden';
  return blocked.check(bare, 'ipv6') ? 'private' : 'public';
}

/** True when `address` (an IP literal) is not a public unicast address. */
export function isNonPublicAddress(address: string): boolean {
  return classifyAddress(address) !== 'public';
}

export type HostLookup = (host: string) => Promise<string[]>;

const systemLookup: HostLookup = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** What a URL is checked against: from the configuration (`callbackUrlPolicy`). */
export interface CallbackUrlPolicy {
  /** Production mode: https only, public addresses only. */
  production: boolean;
  /** The app's own origin (`PUBLIC_URL`): outside production it may be loopback or private. */
  ownOrigin?: string;
  /** Outside production: loopback addresses allowed for any URL (test mode). */
  allowLoopback?: boolean;
  lookup?: HostLookup;
}

/** The policy of this installation's mode (callers: the settings call and the sender). */
export function callbackUrlPolicy(config: {
  mode: 'demo' | 'production' | 'test';
  publicUrl: string;
}): CallbackUrlPolicy {
  return {
    production: config.mode === 'production',
    ownOrigin: config.publicUrl,
    allowLoopback: config.mode === 'test',
  };
}

function originOf(raw: string | undefined): string | null {
  if (!raw) return null;
  try {
    return new URL(raw).origin;
  } catch {
    return null;
  }
}

/**
 * Refuses (ApiError, rc 01, catalog key) a callback URL that may not be called (the rules at the
 * top of this file). Returns the parsed URL and the addresses checked: the sender connects only
 * to one of them, so a second DNS answer cannot swap in another address.
 */
export async function assertPublicCallbackUrl(
  raw: string,
  opts: CallbackUrlPolicy,
): Promise<{ url: URL; addresses: string[] }> {
  if (raw.length > CALLBACK_URL_MAX) throw refused('credentials.url.tooLong');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused('credentials.url.invalid');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw refused('credentials.url.invalid');
  if (!url.hostname) throw refused('credentials.url.invalid');
  if (url.username || url.password) throw refused('credentials.url.credentials');
  if (opts.production && url.protocol !== 'https:') throw refused('credentials.url.httpsRequired');
  const ownOrigin = !opts.production && url.origin === originOf(opts.ownOrigin);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const name = host.replace(/\.$/, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    if (METADATA_HOSTS.test(name)) throw refused('credentials.url.privateAddress');
    if (
      /^localhost$|\.localhost$|\.local$|\.internal$/i.test(name) &&
      !ownOrigin &&
      !(opts.allowLoopback && !opts.production && /^localhost$/i.test(name))
    )
      throw refused('credentials.url.privateAddress');
    try {
      addresses = await (opts.lookup ?? systemLookup)(host);
    } catch {
      throw refused('credentials.url.unresolvable');
    }
    if (addresses.length === 0) throw refused('credentials.url.unresolvable');
  }
  const allowed = (address: string) => {
    const kind = classifyAddress(address);
    if (kind === 'public') return true;
    if (opts.production || kind === 'forbidden') return false;
    if (ownOrigin) return true;
    return kind === 'loopback' && Boolean(opts.allowLoopback);
  };
  if (!addresses.every(allowed)) throw refused('credentials.url.privateAddress');
  return { url, addresses };
}
