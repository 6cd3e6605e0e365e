import { describe, expect, it } from 'vitest';
import { isKnownIfsc } from './ifsc-directory';

// Against Razorpay's IFSC list as the `ifsc` package ships it. The known codes are real branches
// (HDFC Bank, ICICI Bank, State Bank of India, Axis Bank, Kotak Mahindra Bank — the demo's).
describe('IFSC branch directory (offline)', () => {
  it.each(['HDFC0001753', 'ICIC0000409', 'SBIN0040277', 'UTIB0000009', 'KKBK0008066'])('%s is a branch', (ifsc) => {
    expect(isKnownIfsc(ifsc)).toBe(true);
  });
  it('reads the code as typed: any case, spaces inside', () => {
    expect(isKnownIfsc('hdfc0001753')).toBe(true);
    expect(isKnownIfsc(' SBIN 0040277 ')).toBe(true);
  });
  it.each([
    ['HDFC0000000', 'a branch number no bank issues'],
    ['ZZZZ0001753', 'no such bank'],
    ['HDFC1234', 'not an IFSC at all (the issue’s value)'],
    ['HDFC1001753', 'fifth character not 0'],
    ['', 'empty'],
  ])('%s is not (%s)', (ifsc) => {
    expect(isKnownIfsc(ifsc)).toBe(false);
  });
});
