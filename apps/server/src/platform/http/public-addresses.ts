import dns from 'node:dns';
import net from 'node:net';

// Addresses a URL chosen by a site's staff (calendar feeds, webhook receivers) may not reach: this host, private networks, link-local (cloud metadata lives at
// 169.254.169.254), carrier-grade NAT, documentation, benchmarking, multicast and reserved ranges.
const nonPublic = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  nonPublic.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 127], // unspecified and loopback
  ['64:ff9b::', 96], // NAT64, the same
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10],
  ['ff00::', 8], // multicast
] as const) {
  nonPublic.addSubnet(address, prefix, 'ipv6');
}

/** Whether an IP address is one such a URL may not reach. */
export function isNonPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  // IPv4-mapped IPv6 (`::ffff:a.b.c.d`) would carry any IPv4 address past the IPv4 rules. (BlockList
  // itself matches IPv4 addresses against a `::ffff:0:0/96` rule, so it cannot be listed there.)
  if (family === 6 && /^(0{0,4}:){0,5}:?ffff:/i.test(address)) return true;
  return nonPublic.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The URL's host when it can be judged without DNS: an IP literal or a local name. Connect answers 400 for
 * these at once; names that resolve to such addresses are refused when fetched.
 */
export function literalNonPublicHost(url: string): string | undefined {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    return undefined;
  }
  if (net.isIP(host)) return isNonPublicAddress(host) ? host : undefined;
  return host === 'localhost' || host.endsWith('.localhost') ? host : undefined;
}

/**
 * A DNS lookup that refuses non-public answers, failing with `refuse(host)`. It runs when the socket
 * connects, so the address checked is the address used (a name cannot resolve to a public address for a
 * check and a private one after: DNS rebinding).
 */
export function publicOnlyLookupRefusing(refuse: (host: string) => Error): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.find((entry) => isNonPublicAddress(entry.address));
      if (refused || addresses.length === 0) {
        return callback(refuse(`${hostname} (${refused?.address ?? 'no address'})`), '', 0);
      }
      if (options.all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
