/**
 * What we keep of a client's IP address, parsed with ipaddr.js (no hand-written parsing):
 * - `rateLimitSubject`: the unit a rate limit counts. One IPv4 address; for IPv6 the /64 prefix,
 *   because a single subscriber usually holds a whole /64 and could otherwise rotate addresses at will.
 *   IPv4-mapped IPv6 (`::ffff:203.0.113.7`, what a dual-stack socket reports) counts as the IPv4 address.
 * - `ipPrefix`: what the audit log and the session list show: IPv4 /24, IPv6 /64, never a full address.
 */
import ipaddr from 'ipaddr.js';

type Parsed = ipaddr.IPv4 | ipaddr.IPv6;

function parse(ip: string): Parsed | undefined {
  if (!ipaddr.isValid(ip)) return undefined;
  // process() turns IPv4-mapped IPv6 into the IPv4 address it carries.
  return ipaddr.process(ip);
}

function ipv6Network(address: ipaddr.IPv6): string {
  const parts = address.parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}

export function rateLimitSubject(ip: string): string {
  const address = parse(ip);
  if (!address) return `unparsed:${ip.slice(0, 64)}`;
  return address.kind() === 'ipv4' ? address.toString() : ipv6Network(address as ipaddr.IPv6);
}

export function ipPrefix(ip: string): string | null {
  const address = parse(ip);
  if (!address) return null;
  if (address.kind() === 'ipv6') return ipv6Network(address as ipaddr.IPv6);
  const [a, b, c] = (address as ipaddr.IPv4).octets;
  return `${a}.${b}.${c}.0/24`;
}
