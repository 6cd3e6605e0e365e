import { useQuery } from '@tanstack/react-query';
import {
  payrollSettingsReplySchema,
  payrollSetupReplySchema,
  payrollStatusReplySchema,
  type PayrollSettings,
  type PayrollSettingsInput,
  type PayrollSetup,
} from '@tankha/contracts';
import { ApiError, api } from '../../app/api';

/** Every payroll-setup query starts with this key: a save or a completed step refreshes them all. */
export const PAYROLL_SETUP_KEY = 'payroll-setup';

/** GET /PayrollSetup: the checklist (statutoryComponents is null on the free plan). */
export function usePayrollSetup(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [PAYROLL_SETUP_KEY, 'checklist'],
    queryFn: async ({ signal }): Promise<PayrollSetup> => (await api.get('/PayrollSetup', payrollSetupReplySchema, { quiet: true, signal })).data,
    enabled: options.enabled ?? true,
  });
}

/** GET /PayrollSettings/status (people §7 "get payroll enabled status"). */
export function usePayrollStatus() {
  return useQuery({
    queryKey: [PAYROLL_SETUP_KEY, 'status'],
    queryFn: async ({ signal }): Promise<boolean> => (await api.get('/PayrollSettings/status', payrollStatusReplySchema, { quiet: true, signal })).data.isEnabled,
  });
}

/** GET /PayrollSettings; an organisation that never saved them may have none yet (null). */
export function usePayrollSettings() {
  return useQuery({
    queryKey: [PAYROLL_SETUP_KEY, 'settings'],
    queryFn: async ({ signal }): Promise<PayrollSettings | null> => {
      try {
        return (await api.get('/PayrollSettings', payrollSettingsReplySchema, { quiet: true, signal })).data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export async function savePayrollSettings(input: PayrollSettingsInput): Promise<PayrollSettings> {
  return (await api.put('/PayrollSettings', payrollSettingsReplySchema, input, { quiet: true })).data;
}

export async function markSettingsCompleted(): Promise<PayrollSetup> {
  return (await api.post('/PayrollSettings/mark-completed', payrollSetupReplySchema, undefined, { quiet: true })).data;
}

export async function completeSetupStep(step: 'salaryComponents' | 'statutoryComponents'): Promise<PayrollSetup> {
  return (await api.post(`/PayrollSetup/steps/${step}/complete`, payrollSetupReplySchema, undefined, { quiet: true })).data;
}

export async function completePayrollSetup(): Promise<PayrollSetup> {
  return (await api.post('/PayrollSetup/complete', payrollSetupReplySchema, undefined, { quiet: true })).data;
}
