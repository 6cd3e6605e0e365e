import { describe, expect, it } from 'vitest';
import {
  checkLockDate,
  dueReminders,
  fillTaxReminderTemplate,
  financialYearStartOf,
  isWindowOpen,
  lockDateRange,
  reminderDueDate,
  taxReminderValues,
} from './declaration-window';

describe('financialYearStartOf (payroll spec §4: April onward this year to next, otherwise last year to this)', () => {
  it.each([
    ['2025-04-01', 2025],
    ['2026-03-31', 2025],
    ['2026-01-15', 2025],
    ['2025-12-31', 2025],
    ['2025-03-31', 2024],
  ])('%s → %i', (today, start) => expect(financialYearStartOf(today)).toBe(start));
});

describe('lockDateRange (payroll spec §5)', () => {
  it('IT: today to one month ahead capped to the end of the current month', () => {
    expect(lockDateRange('declaration', '2025-06-10')).toEqual({ min: '2025-06-10', max: '2025-06-30' });
    // 31 January: one month ahead would be 28 February, capped to 31 January.
    expect(lockDateRange('declaration', '2026-01-31')).toEqual({ min: '2026-01-31', max: '2026-01-31' });
    // Leap year February.
    expect(lockDateRange('declaration', '2028-02-03')).toEqual({ min: '2028-02-03', max: '2028-02-29' });
  });

  it('POI: tomorrow to the last day of the current month', () => {
    expect(lockDateRange('poi', '2025-06-10')).toEqual({ min: '2025-06-11', max: '2025-06-30' });
    expect(lockDateRange('poi', '2025-02-27')).toEqual({ min: '2025-02-28', max: '2025-02-28' });
    // On the last day of a month no POI lock date is possible.
    const last = lockDateRange('poi', '2025-06-30');
    expect(last.min > last.max).toBe(true);
  });
});

describe('checkLockDate', () => {
  it.each<[string, 'declaration' | 'poi', string | null, string, ReturnType<typeof checkLockDate>]>([
    ['none chosen', 'declaration', null, '2025-06-10', 'required'],
    ['empty', 'poi', '', '2025-06-10', 'required'],
    ['IT today is allowed', 'declaration', '2025-06-10', '2025-06-10', null],
    ['IT month end is allowed', 'declaration', '2025-06-30', '2025-06-10', null],
    ['IT next month', 'declaration', '2025-07-01', '2025-06-10', 'outsideMonth'],
    ['IT last month', 'declaration', '2025-05-31', '2025-06-10', 'outsideMonth'],
    ['IT same month, yesterday', 'declaration', '2025-06-09', '2025-06-10', 'tooEarly'],
    ['POI today is too early', 'poi', '2025-06-10', '2025-06-10', 'tooEarly'],
    ['POI tomorrow', 'poi', '2025-06-11', '2025-06-10', null],
    ['POI next year same month number', 'poi', '2026-06-20', '2025-06-10', 'outsideMonth'],
  ])('%s', (_name, kind, lockDate, today, expected) => expect(checkLockDate(kind, lockDate, today)).toBe(expected));
});

describe('isWindowOpen: the lock date is the last day to submit', () => {
  it.each([
    [{ released: true, lockDate: '2025-06-30' }, '2025-06-30', true],
    [{ released: true, lockDate: '2025-06-30' }, '2025-07-01', false],
    [{ released: false, lockDate: '2025-06-30' }, '2025-06-10', false],
    [{ released: true, lockDate: null }, '2025-06-10', false],
  ])('%o on %s → %s', (window, today, open) => expect(isWindowOpen(window, today)).toBe(open));
});

describe('reminder schedule (payroll spec §4, §9: N days before the lock date, at 06:00 in the organisation’s zone)', () => {
  it('the due day is N days before the lock date, 0 being the lock date itself', () => {
    expect(reminderDueDate('2025-06-30', 5)).toBe('2025-06-25');
    expect(reminderDueDate('2025-06-30', 0)).toBe('2025-06-30');
    expect(reminderDueDate('2025-07-03', 10)).toBe('2025-06-23');
  });

  const window = {
    released: true,
    lockDate: '2025-06-30',
    enableReminderEmails: true,
    reminders: [
      { id: 'five', daysBeforeLockDate: 5, isEnabled: true },
      { id: 'one', daysBeforeLockDate: 1, isEnabled: true },
      { id: 'zero-off', daysBeforeLockDate: 0, isEnabled: false },
    ],
  };
  const due = (w: typeof window, now: string, zone = 'Asia/Kolkata') => dueReminders(w, new Date(now), zone).map((d) => `${d.reminder.id}@${d.dueDate}`);

  it('Kolkata (UTC+5:30): 06:00 IST on 25 June is 00:30 UTC', () => {
    expect(due(window, '2025-06-25T00:29:00Z')).toEqual([]); // 05:59 IST
    expect(due(window, '2025-06-25T00:30:00Z')).toEqual(['five@2025-06-25']); // 06:00 IST
    expect(due(window, '2025-06-25T18:00:00Z')).toEqual(['five@2025-06-25']); // 23:30 IST, still the 25th
    expect(due(window, '2025-06-25T18:30:00Z')).toEqual([]); // 00:00 IST on the 26th
    expect(due(window, '2025-06-29T01:00:00Z')).toEqual(['one@2025-06-29']);
  });

  it('the day is the organisation’s, not UTC’s: 06:00 on 25 June in Dubai (UTC+4) is 02:00 UTC', () => {
    expect(due(window, '2025-06-25T01:59:00Z', 'Asia/Dubai')).toEqual([]);
    expect(due(window, '2025-06-25T02:00:00Z', 'Asia/Dubai')).toEqual(['five@2025-06-25']);
    // 24 June 22:00 in New York (UTC−4) is already 25 June in UTC, but not the due day there.
    expect(due(window, '2025-06-25T02:00:00Z', 'America/New_York')).toEqual([]);
    expect(due(window, '2025-06-25T10:00:00Z', 'America/New_York')).toEqual(['five@2025-06-25']);
  });

  it('a disabled reminder, a switched-off window, a locked or past window sends nothing', () => {
    expect(due({ ...window, lockDate: '2025-06-25' }, '2025-06-25T01:00:00Z')).toEqual([]); // 0-day reminder is disabled
    expect(due({ ...window, enableReminderEmails: false }, '2025-06-25T01:00:00Z')).toEqual([]);
    expect(due({ ...window, released: false }, '2025-06-25T01:00:00Z')).toEqual([]);
    expect(due({ ...window, lockDate: '2025-06-20', reminders: [{ id: 'late', daysBeforeLockDate: 0, isEnabled: true }] }, '2025-06-21T01:00:00Z')).toEqual([]);
  });
});

describe('placeholders (payroll spec §3: %CompanyName%, %EmployeeName%, %FiscalYearStart%, %FiscalYearEnd%, %LockDate%, %PrimaryContactName%, %TaxYear%)', () => {
  const values = taxReminderValues({ companyName: 'Nilgiri & Sons <Pvt>', employeeName: 'Aditi Agarwal', financialYearStart: 2025, lockDate: '2025-06-30', primaryContactName: 'Anita Rao' });

  it('values: years, the financial year label and dd/MM/yyyy', () => {
    expect(values).toEqual({
      CompanyName: 'Nilgiri & Sons <Pvt>',
      EmployeeName: 'Aditi Agarwal',
      FiscalYearStart: '2025',
      FiscalYearEnd: '2026',
      LockDate: '30/06/2025',
      PrimaryContactName: 'Anita Rao',
      TaxYear: '2025-26',
    });
    expect(taxReminderValues({ companyName: '', employeeName: '', financialYearStart: 2099, lockDate: '2099-06-01', primaryContactName: '' }).TaxYear).toBe('2099-00');
  });

  it('fills every placeholder of a body, escaping the values', () => {
    const body = '<p>Dear %EmployeeName%,</p><p>%CompanyName% locks %FiscalYearStart%-%FiscalYearEnd% (%TaxYear%) on <strong>%LockDate%</strong>.</p><p>%PrimaryContactName%</p>';
    expect(fillTaxReminderTemplate(body, values, 'html')).toBe(
      '<p>Dear Aditi Agarwal,</p><p>Nilgiri &amp; Sons &lt;Pvt&gt; locks 2025-2026 (2025-26) on <strong>30/06/2025</strong>.</p><p>Anita Rao</p>',
    );
  });

  it('a subject is text: values as they are; unknown %words% stay', () => {
    expect(fillTaxReminderTemplate('Reminder to submit your Income Tax Declaration for %TaxYear%', values, 'text')).toBe('Reminder to submit your Income Tax Declaration for 2025-26');
    expect(fillTaxReminderTemplate('%CompanyName%: 100% of %Unknown% and 50%', values, 'text')).toBe('Nilgiri & Sons <Pvt>: 100% of %Unknown% and 50%');
  });

  it('an employee name that looks like markup stays text in the body', () => {
    const evil = taxReminderValues({ companyName: 'X', employeeName: '<img src=x onerror=alert(1)>', financialYearStart: 2025, lockDate: '2025-06-30', primaryContactName: 'Y' });
    expect(fillTaxReminderTemplate('<p>%EmployeeName%</p>', evil, 'html')).toBe('<p>&lt;img src=x onerror=alert(1)&gt;</p>');
  });
});
