import fc from 'fast-check';
import { sourceOf } from './source-address';

describe('sourceOf', () => {
  it('counts IPv4 by address, written either way', () => {
    expect(sourceOf('203.0.113.9')).toBe('203.0.113.9');
    expect(sourceOf('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(sourceOf('::FFFF:cb00:7109')).toBe('203.0.113.9');
  });

  it('counts IPv6 by its /64, however it is spelled', () => {
    expect(sourceOf('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(sourceOf('2001:0db8:0001:0002:ffff::1')).toBe('2001:db8:1:2::/64');
    expect(sourceOf('2001:DB8:1:2::')).toBe('2001:db8:1:2::/64');
    expect(sourceOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(sourceOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(sourceOf('::1')).toBe('0:0:0:0::/64');
  });

  it('puts every address of one /64 in one source, and addresses of two /64s in two', () => {
    const group = fc.integer({ min: 0, max: 0xffff }).map((g) => g.toString(16));
    const prefix = fc.array(group, { minLength: 4, maxLength: 4 });
    fc.assert(
      fc.property(prefix, fc.array(group, { minLength: 4, maxLength: 4 }), fc.array(group, { minLength: 4, maxLength: 4 }), (net, a, b) => {
        fc.pre(!(net[0] === '0' && net[1] === '0' && net[2] === '0' && net[3] === '0'));
        expect(sourceOf([...net, ...a].join(':'))).toBe(sourceOf([...net, ...b].join(':')));
        const other = [...net.slice(0, 3), ((parseInt(net[3]!, 16) + 1) % 0x10000).toString(16)];
        expect(sourceOf([...other, ...a].join(':'))).not.toBe(sourceOf([...net, ...a].join(':')));
      }),
    );
  });

  it('answers one source for what is no address', () => {
    expect(sourceOf(undefined)).toBe('unknown');
    expect(sourceOf('not an address')).toBe('unknown');
  });
});
