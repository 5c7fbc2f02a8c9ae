import net from 'node:net';

/**
 * The client a per-client limit counts (bookings, enquiries, sign-in, page views, tyres held):
 * an IPv4 address as it is, an IPv6 address as its /64. A household or a mobile phone is given a
 * whole /64 and can take any address in it, so counting single IPv6 addresses would let one
 * client escape every limit by changing address. An IPv4 address written as IPv6
 * (`::ffff:203.0.113.7`, as a dual-stack socket reports it) is that IPv4 address. Anything else
 * (no address, or one a proxy garbled) is counted as it is.
 */
export function clientKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const plain = address
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  if (net.isIPv4(plain)) return plain;
  if (!net.isIPv6(plain)) return address;
  const groups = ipv6Groups(plain);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail read). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string | undefined) =>
    part ? part.split(':').map((group) => parseInt(group, 16)) : [];
  const first = parse(head);
  if (tail === undefined) return first;
  const last = parse(tail);
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
}
