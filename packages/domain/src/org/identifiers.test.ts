import { describe, expect, it } from 'vitest';
import { identifierFormatMessage, isValidIdentifier } from './identifiers';

// Formats from the platform spec §5 and the issuing authorities: PAN and TAN (Income Tax
// Department), GSTIN (GST Council: state code + PAN + entity number + 'Z' + check character),
// CIN (Ministry of Corporate Affairs), LLPIN (MCA, e.g. 'AAA-1234').
describe('Indian business identifiers', () => {
  it.each([
    ['pan', 'AAFCN4821K', true],
    ['pan', 'aafcn4821k', true], // checked after upper-casing
    ['pan', ' AAFCN4821K ', true],
    ['pan', 'AAFC4821K', false],
    ['pan', 'AAFCN48211', false],
    ['pan', '1AFCN4821K', false],
    ['tan', 'BLRN04821E', true],
    ['tan', 'BLR004821E', false],
    ['gst', '29AAFCN4821K1Z3', true],
    ['gst', '27AAPFU0939F1ZV', true],
    ['gst', '29AAFCN4821K0Z3', false], // entity number is 1-9 or A-Z, never 0
    ['gst', '29AAFCN4821K1Y3', false], // 14th character is always Z
    ['gst', 'AAAFCN4821K1Z3', false],
    ['cin', 'U72200KA2016PTC094821', true],
    ['cin', 'L17110MH1973PLC019786', true], // Reliance Industries
    ['cin', 'X72200KA2016PTC094821', false],
    ['cin', 'U72200KA2016PT094821', false],
    ['llpin', 'AAA-1234', true],
    ['llpin', 'aab-0001', true],
    ['llpin', 'AAA1234', false],
    ['llpin', 'AA-1234', false],
  ] as const)('%s %s → %s', (kind, value, valid) => {
    expect(isValidIdentifier(kind, value)).toBe(valid);
  });

  it("the message is 'Format: ' followed by a sample that itself is valid", () => {
    for (const kind of ['pan', 'tan', 'gst', 'cin', 'llpin'] as const) {
      const message = identifierFormatMessage(kind);
      expect(message.startsWith('Format: ')).toBe(true);
      expect(isValidIdentifier(kind, message.slice('Format: '.length))).toBe(true);
    }
  });
});
