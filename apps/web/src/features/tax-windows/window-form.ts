import { TAX_WINDOW_MSG, type ItDeclarationConfigInput, type PoiConfigInput } from '@tankha/contracts';
import { checkLockDate, lockDateRange } from '@tankha/domain';
import type { ReminderItem, WindowConfig, WindowKind } from './tax-windows.api';

/** The month list of the POI form (payroll spec §9 "The month list comes from a shared constant"). */
export const MONTH_OPTIONS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'].map((label, i) => ({
  value: String(i + 1).padStart(2, '0'),
  label,
}));

/** What the form edits: both kinds' switches (each kind shows its own). */
export interface WindowValues {
  endDate: string;
  allowRegimeSwitch: boolean;
  allowTdsModificationExceedCalculatedAmount: boolean;
  allowTdsModificationDuringPayroll: boolean;
  canTdsExceedAnnualLimit: boolean;
  mandateInvestmentProofAttachments: boolean;
  mandateReviewerCommentsForPartialApproval: boolean;
  processPayrollFromMonth: string;
  notifyOnRelease: boolean;
  enableReminderEmails: boolean;
  notifyOnLock: boolean;
}

/** Payroll spec §8: config fetch failures apply defaults (switches off, month 01). */
export function initialValues(config: WindowConfig | null): WindowValues {
  return {
    endDate: config?.endDate ?? '',
    allowRegimeSwitch: config?.allowRegimeSwitch ?? false,
    allowTdsModificationExceedCalculatedAmount: config?.kind === 'declaration' ? config.allowTdsModificationExceedCalculatedAmount : false,
    allowTdsModificationDuringPayroll: config?.kind === 'poi' ? config.allowTdsModificationDuringPayroll : false,
    canTdsExceedAnnualLimit: config?.kind === 'poi' ? config.canTdsExceedAnnualLimit : false,
    mandateInvestmentProofAttachments: config?.kind === 'poi' ? config.mandateInvestmentProofAttachments : false,
    mandateReviewerCommentsForPartialApproval: config?.kind === 'poi' ? config.mandateReviewerCommentsForPartialApproval : false,
    processPayrollFromMonth: config?.kind === 'poi' ? config.processPayrollFromMonth : '01',
    notifyOnRelease: config?.notifyOnRelease ?? false,
    enableReminderEmails: config ? config.enableReminderEmails : true,
    notifyOnLock: config?.notifyOnLock ?? false,
  };
}

/**
 * The lock date's message (payroll spec §5), or null. A date kept from an earlier month (the form
 * opened on a saved window) gets the longer "Selected date is outside the current month" text.
 */
export function lockDateError(kind: WindowKind, endDate: string, today: string, options: { stored?: boolean } = {}): string | null {
  const problem = checkLockDate(kind, endDate, today);
  if (problem === 'required') return TAX_WINDOW_MSG.lockDateRequired;
  if (problem === 'outsideMonth') return options.stored ? TAX_WINDOW_MSG.storedDateOutsideMonth : TAX_WINDOW_MSG.lockDateOutsideMonth;
  if (problem === 'tooEarly') return kind === 'declaration' ? TAX_WINDOW_MSG.itLockDateTooEarly : TAX_WINDOW_MSG.poiLockDateTooEarly;
  return null;
}

/** The picker's range: IT today to the month's end, POI tomorrow to the month's end. */
export function pickerRange(kind: WindowKind, today: string): { min: string; max: string } {
  return lockDateRange(kind, today);
}

/** The two default reminders a new window shows before it is saved (payroll spec §4), as the server creates them. */
export function defaultReminders(subject: string, body: string): ReminderItem[] {
  return [5, 1].map((days) => ({ id: null, daysBeforeLockDate: days, isEnabled: true, subject, body }));
}

export function toItInput(values: WindowValues, config: WindowConfig | null, financialYearStart: number, drafts: ReminderItem[]): ItDeclarationConfigInput {
  return {
    ...(config ? { id: config.id } : { reminders: drafts.map(({ id: _id, ...r }) => r) }),
    endDate: values.endDate,
    status: 1,
    financialYearStart,
    financialYearEnd: financialYearStart + 1,
    allowRegimeSwitch: values.allowRegimeSwitch,
    allowTdsModificationExceedCalculatedAmount: values.allowTdsModificationExceedCalculatedAmount,
    notifyOnRelease: values.notifyOnRelease,
    enableReminderEmails: values.enableReminderEmails,
    notifyOnLock: values.notifyOnLock,
  };
}

export function toPoiInput(values: WindowValues, config: WindowConfig | null, financialYearStart: number, drafts: ReminderItem[]): PoiConfigInput {
  return {
    ...(config ? { id: config.id } : { reminders: drafts.map(({ id: _id, ...r }) => r) }),
    endDate: values.endDate,
    status: 1,
    financialYearStart,
    financialYearEnd: financialYearStart + 1,
    allowRegimeSwitch: values.allowRegimeSwitch,
    allowTdsModificationDuringPayroll: values.allowTdsModificationDuringPayroll,
    canTdsExceedAnnualLimit: values.allowTdsModificationDuringPayroll && values.canTdsExceedAnnualLimit,
    mandateInvestmentProofAttachments: values.mandateInvestmentProofAttachments,
    mandateReviewerCommentsForPartialApproval: values.mandateReviewerCommentsForPartialApproval,
    processPayrollFromMonth: values.processPayrollFromMonth as PoiConfigInput['processPayrollFromMonth'],
    notifyOnRelease: values.notifyOnRelease,
    enableReminderEmails: values.enableReminderEmails,
    notifyOnLock: values.notifyOnLock,
  };
}

/** '5 days before lock date', '1 day before lock date', 'On the lock date'. */
export function daysLabel(days: number): string {
  if (days === 0) return 'On the lock date';
  return `${String(days)} ${days === 1 ? 'day' : 'days'} before lock date`;
}

/** 'YYYY-MM-DD' → 'dd/MM/yyyy' (payroll spec §9). */
export function ddmmyyyy(date: string | null): string {
  if (!date) return '—';
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}
