import { describe, expect, it } from 'vitest';
import { ipPrefix, rateLimitSubject } from '../../api/platform/lib/client-ip.ts';

describe('rateLimitSubject', () => {
  it('counts an IPv4 address as itself, and an IPv4-mapped IPv6 address as that IPv4 address', () => {
    expect(rateLimitSubject('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitSubject('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitSubject('::FFFF:cb00:7107')).toBe('203.0.113.7');
  });

  it('counts IPv6 clients per /64, whatever the spelling', () => {
    expect(rateLimitSubject('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(rateLimitSubject('2001:0DB8:0001:0002::9')).toBe('2001:db8:1:2::/64');
    expect(rateLimitSubject('2001:db8:1:3::9')).toBe('2001:db8:1:3::/64');
  });

  it('keeps something bounded for what is not an address', () => {
    expect(rateLimitSubject('x'.repeat(500))).toHaveLength('unparsed:'.length + 64);
  });
});

describe('ipPrefix', () => {
  it('shows IPv4 as /24 and IPv6 as /64, never the full address', () => {
    expect(ipPrefix('203.0.113.7')).toBe('203.0.113.0/24');
    expect(ipPrefix('::ffff:203.0.113.7')).toBe('203.0.113.0/24');
    expect(ipPrefix('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(ipPrefix('pas une adresse')).toBeNull();
  });
});
