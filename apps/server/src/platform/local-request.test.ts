import { describe, expect, it } from 'vitest';
import { forwardingHeadersOf, isDirectLocalRequest, isLoopbackAddress } from './local-request';

describe('direct local requests (the dev mailbox answers only these)', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.255.0.9', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['::FFFF:127.0.0.1', true],
    ['10.0.0.5', false],
    ['192.168.1.20', false],
    ['::ffff:10.0.0.5', false],
    ['2001:db8::1', false],
    ['128.0.0.1', false],
    ['127.0.0.1.evil', false],
    ['', false],
    [undefined, false],
  ])('%s is loopback: %s', (address, loopback) => {
    expect(isLoopbackAddress(address)).toBe(loopback);
  });

  it('names every forwarding header a request carries, in any case', () => {
    expect(forwardingHeadersOf({ host: 'localhost', 'user-agent': 'curl', accept: '*/*' })).toEqual([]);
    expect(forwardingHeadersOf({ 'x-forwarded-for': '1.2.3.4', 'X-Forwarded-Host': 'a', forwarded: 'for=1.2.3.4', 'x-real-ip': '1.2.3.4', via: '1.1 p' })).toEqual([
      'x-forwarded-for',
      'x-forwarded-host',
      'forwarded',
      'x-real-ip',
      'via',
    ]);
  });

  it('is a loopback peer with no forwarding header', () => {
    expect(isDirectLocalRequest({ socket: { remoteAddress: '127.0.0.1' }, headers: { host: 'localhost:3000' } })).toBe(true);
    expect(isDirectLocalRequest({ socket: { remoteAddress: '127.0.0.1' }, headers: { 'x-forwarded-for': '203.0.113.9' } })).toBe(false);
    expect(isDirectLocalRequest({ socket: { remoteAddress: '192.168.1.20' }, headers: {} })).toBe(false);
    expect(isDirectLocalRequest({ socket: {}, headers: {} })).toBe(false);
  });
});
