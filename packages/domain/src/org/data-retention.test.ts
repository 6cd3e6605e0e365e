import { describe, expect, it } from 'vitest';
import { RETENTION_YEARS, computeErasureAllowedFrom, isRetentionOver } from './data-retention';

describe('the retention period of a relieved employee', () => {
  it('defaults to the eight years of Companies Act 2013 s.128(5), never fewer than the three of the Limitation Act', () => {
    expect(RETENTION_YEARS).toEqual({ min: 3, max: 20, default: 8 });
  });

  it.each([
    // Last working day 31 March 2025 (FY 2024-25, AY 2025-26): rule 6F(5) keeps its books until 31 March 2032
    // (six years after the AY ends); eight years from the last day covers it: 31 March 2033.
    ['2025-03-31', 8, '2033-03-31'],
    ['2020-06-15', 3, '2023-06-15'],
    // 29 February has no twin in 2027: the day after 28 February.
    ['2024-02-29', 3, '2027-03-01'],
    ['2024-02-29', 8, '2032-02-29'],
  ])('left on %s, kept %i years: erasable from %s', (left, years, from) => {
    expect(computeErasureAllowedFrom(left, years)).toBe(from);
  });

  it('is over on the day it allows erasure, not the day before', () => {
    expect(isRetentionOver('2025-03-31', 8, '2033-03-30')).toBe(false);
    expect(isRetentionOver('2025-03-31', 8, '2033-03-31')).toBe(true);
  });
});
