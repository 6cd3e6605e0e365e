import { afterEach, describe, expect, it, vi } from 'vitest';
import { Role } from '@tankha/contracts';
import { ADMINISTRATOR_ROLE_ID, EARLY_READS_GLOBAL, earlyReadsFor, readKey, startEarlyReads, takeEarlyRead } from './early-reads';
import { makeToken } from '../test/helpers';
import { USER_STORAGE_KEY } from './session';

const HEADER = ['/Tenants', '/Account/me', '/Notifications/unread/count'];

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  delete (window as unknown as Record<string, unknown>)[EARLY_READS_GLOBAL];
  window.history.replaceState(null, '', '/');
});

describe('the reads index.html starts', () => {
  it('are the header’s and the page’s, with the month, year and financial year of the day', () => {
    expect(earlyReadsFor('/payslips', '2026-11-30')).toEqual([...HEADER, '/Payslips?year=2026']);
    expect(earlyReadsFor('/payslips/', '2026-11-30')).toEqual([...HEADER, '/Payslips?year=2026']);
    // February of a leap year ends on the 29th; the financial year of 15 Feb 2028 began in April 2027.
    expect(earlyReadsFor('/my-attendance', '2028-02-15')).toContain('/Attendances?startDate=2028-02-01&endDate=2028-02-29');
    expect(earlyReadsFor('/payroll/taxes/employeeITDeclaration', '2028-02-15')).toContain('/ITDeclaration/status?financialYearStart=2027&financialYearEnd=2028');
    expect(earlyReadsFor('/payroll/taxes/employeeITDeclaration', '2027-04-01')).toContain('/ITDeclaration/declarations?financialYearStart=2027&financialYearEnd=2028');
    expect(earlyReadsFor('/users/my-people', '2026-11-30')).toEqual([]);
  });

  it("add the setup status for an Administrator only (the setup gate reads it; a member's screens do not)", () => {
    expect(ADMINISTRATOR_ROLE_ID).toBe(Role.Administrator);
    expect(earlyReadsFor('/payslips', '2026-11-30', Role.Administrator)).toEqual([...HEADER, '/orgprofilecompletionstatus', '/Payslips?year=2026']);
    expect(earlyReadsFor('/payslips', '2026-11-30', Role.Member)).toEqual([...HEADER, '/Payslips?year=2026']);
    expect(earlyReadsFor('/payslips', '2026-11-30', Role.Moderator)).not.toContain('/orgprofilecompletionstatus');
  });

  it('compare with the client’s URLs whatever the order of the query', () => {
    expect(readKey('/backend/api/Leaves?scope=mine&pageSize=6&pageNumber=1')).toBe(readKey('/backend/api/Leaves?pageSize=6&scope=mine&pageNumber=1'));
    expect(readKey('/backend/api/Tenants')).toBe('/backend/api/Tenants');
  });

  it('start only for a signed-in user, on India’s date, and are taken once, by the same session only', async () => {
    const fetch = vi.fn((url: string, _init?: RequestInit) => Promise.resolve(new Response(url)));
    vi.stubGlobal('fetch', fetch);
    window.history.replaceState(null, '', '/payslips');
    startEarlyReads(new Date('2026-12-31T18:30:00Z'));
    expect(fetch).not.toHaveBeenCalled();

    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ token: makeToken(-60) }));
    startEarlyReads(new Date());
    expect(fetch).not.toHaveBeenCalled();

    // Still valid on the day below: it expires 60 days from now, and now is 30 Nov 2026 or later.
    const token = makeToken(60 * 24 * 3600);
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ token, roleId: Role.Member }));
    // 18:30 UTC on 31 December is midnight in India: the reads are of 2027.
    startEarlyReads(new Date('2026-12-31T18:30:00Z'));
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([...HEADER, '/Payslips?year=2027'].map((r) => `/backend/api${r}`));
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({ headers: { Authorization: `Bearer ${token}` } });

    expect(takeEarlyRead('/backend/api/Payslips?year=2027', 'token-b')).toBeUndefined();
    const read = takeEarlyRead('/backend/api/Payslips?year=2027', token);
    expect(await (await read)?.text()).toBe('/backend/api/Payslips?year=2027');
    expect(takeEarlyRead('/backend/api/Payslips?year=2027', token)).toBeUndefined();
    expect(takeEarlyRead('/backend/api/Payslips?year=2026', token)).toBeUndefined();
  });
});
