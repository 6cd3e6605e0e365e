import { describe, expect, it } from 'vitest';
import { runPollInterval } from './payroll-format';

const finalizedAt = '2026-11-25T10:00:00.000Z';
const at = (minutes: number) => Date.parse(finalizedAt) + minutes * 60_000;

describe('runPollInterval', () => {
  it('polls every second while processing and not at all for a draft', () => {
    expect(runPollInterval({ status: 'processing', payslips: { total: 0, rendered: 0, emailed: 0 }, finalizedAt: null })).toBe(1000);
    expect(runPollInterval({ status: 'draft', payslips: { total: 0, rendered: 0, emailed: 0 }, finalizedAt: null })).toBe(false);
  });

  it('keeps polling a finalized run until every PDF is rendered, however long it takes', () => {
    expect(runPollInterval({ status: 'finalized', payslips: { total: 10, rendered: 4, emailed: 0 }, finalizedAt }, at(120))).toBe(3000);
  });

  it('watches e-mails only for a while once the PDFs are done (some may never go: no address)', () => {
    const run = { status: 'finalized' as const, payslips: { total: 10, rendered: 10, emailed: 9 }, finalizedAt };
    expect(runPollInterval(run, at(5))).toBe(3000);
    expect(runPollInterval(run, at(16))).toBe(false);
  });

  it('stops when everything has gone out', () => {
    expect(runPollInterval({ status: 'paid', payslips: { total: 10, rendered: 10, emailed: 10 }, finalizedAt }, at(1))).toBe(false);
  });
});
