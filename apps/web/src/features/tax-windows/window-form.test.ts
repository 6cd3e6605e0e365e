import { describe, expect, it } from 'vitest';
import { TAX_WINDOW_MSG } from '@tankha/contracts';
import { daysLabel, initialValues, lockDateError, pickerRange, toPoiInput } from './window-form';

describe('lock date messages (payroll spec §5)', () => {
  it.each([
    ['declaration', '', false, TAX_WINDOW_MSG.lockDateRequired],
    ['declaration', '2025-07-01', false, 'Please select a date within the current month.'],
    ['declaration', '2025-05-31', true, 'Selected date is outside the current month. Please select a date within the current month.'],
    ['declaration', '2025-06-10', false, null],
    ['poi', '2025-06-10', false, TAX_WINDOW_MSG.poiLockDateTooEarly],
    ['poi', '2025-06-30', false, null],
  ] as const)('%s %s', (kind, date, stored, message) => expect(lockDateError(kind, date, '2025-06-10', { stored })).toBe(message));

  it('picker ranges: IT from today, POI from tomorrow, both to the month’s end', () => {
    expect(pickerRange('declaration', '2025-06-10')).toEqual({ min: '2025-06-10', max: '2025-06-30' });
    expect(pickerRange('poi', '2025-06-10')).toEqual({ min: '2025-06-11', max: '2025-06-30' });
  });
});

describe('form values', () => {
  it('defaults: switches off, month 01, reminders on', () => {
    expect(initialValues(null)).toMatchObject({ endDate: '', allowRegimeSwitch: false, processPayrollFromMonth: '01', enableReminderEmails: true });
  });

  it('the TDS-exceed option is sent only with TDS modification during payroll (§5)', () => {
    const values = { ...initialValues(null), endDate: '2025-06-30', canTdsExceedAnnualLimit: true };
    expect(toPoiInput(values, null, 2025, []).canTdsExceedAnnualLimit).toBe(false);
    expect(toPoiInput({ ...values, allowTdsModificationDuringPayroll: true }, null, 2025, []).canTdsExceedAnnualLimit).toBe(true);
  });

  it('reminder labels', () => {
    expect([0, 1, 5].map(daysLabel)).toEqual(['On the lock date', '1 day before lock date', '5 days before lock date']);
  });
});
