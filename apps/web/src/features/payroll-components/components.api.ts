import { useQuery } from '@tanstack/react-query';
import {
  earningTypesReplySchema,
  statutoryComponentReplySchema,
  statutoryComponentsReplySchema,
  statutoryTablesReplySchema,
  tenantDeductionReplySchema,
  tenantDeductionsReplySchema,
  tenantEarningReplySchema,
  tenantEarningsReplySchema,
  type DeductionInputBody,
  type EarningInputBody,
  type EarningType,
  type StatutoryComponentName,
  type StatutoryComponentSetting,
  type StatutoryTables,
  type TenantDeductionRow,
  type TenantEarningRow,
} from '@tankha/contracts';
import { api, apiRequest } from '../../app/api';

/** Every components query starts with this key, so one invalidation refreshes lists and settings. */
export const COMPONENTS_KEY = 'salary-components';

export function useEarnings() {
  return useQuery({
    queryKey: [COMPONENTS_KEY, 'earnings'],
    queryFn: async ({ signal }): Promise<TenantEarningRow[]> => (await api.get('/SalaryComponents/earnings', tenantEarningsReplySchema, { quiet: true, signal })).data,
  });
}

export function useEarningTypes() {
  return useQuery({
    queryKey: [COMPONENTS_KEY, 'earning-types'],
    queryFn: async ({ signal }): Promise<EarningType[]> => (await api.get('/SalaryComponents/earning-types', earningTypesReplySchema, { quiet: true, signal })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useDeductions() {
  return useQuery({
    queryKey: [COMPONENTS_KEY, 'deductions'],
    queryFn: async ({ signal }): Promise<TenantDeductionRow[]> => (await api.get('/SalaryComponents/deductions', tenantDeductionsReplySchema, { quiet: true, signal })).data,
  });
}

export async function saveEarning(id: string | null, body: EarningInputBody): Promise<TenantEarningRow> {
  return id
    ? (await api.put(`/SalaryComponents/earnings/${id}`, tenantEarningReplySchema, body, { quiet: true })).data
    : (await api.post('/SalaryComponents/earnings', tenantEarningReplySchema, body, { quiet: true })).data;
}

export async function setEarningActive(id: string, isActive: boolean): Promise<{ row: TenantEarningRow; message: string }> {
  const reply = await apiRequest(`/SalaryComponents/earnings/${id}/status`, { method: 'PATCH', body: { isActive }, schema: tenantEarningReplySchema, quiet: true });
  return { row: reply.data, message: reply.message };
}

export async function deleteEarning(id: string): Promise<void> {
  await api.send('DELETE', `/SalaryComponents/earnings/${id}`, undefined, { quiet: true });
}

export async function saveDeduction(id: string | null, body: DeductionInputBody): Promise<TenantDeductionRow> {
  return id
    ? (await api.put(`/SalaryComponents/deductions/${id}`, tenantDeductionReplySchema, body, { quiet: true })).data
    : (await api.post('/SalaryComponents/deductions', tenantDeductionReplySchema, body, { quiet: true })).data;
}

export async function setDeductionActive(id: string, isActive: boolean): Promise<{ row: TenantDeductionRow; message: string }> {
  const reply = await apiRequest(`/SalaryComponents/deductions/${id}/status`, { method: 'PATCH', body: { isActive }, schema: tenantDeductionReplySchema, quiet: true });
  return { row: reply.data, message: reply.message };
}

export async function deleteDeduction(id: string): Promise<void> {
  await api.send('DELETE', `/SalaryComponents/deductions/${id}`, undefined, { quiet: true });
}

export function useStatutory(enabled: boolean) {
  return useQuery({
    queryKey: [COMPONENTS_KEY, 'statutory'],
    queryFn: async ({ signal }): Promise<StatutoryComponentSetting[]> => (await api.get('/StatutoryComponents', statutoryComponentsReplySchema, { quiet: true, signal })).data,
    enabled,
  });
}

export function useStatutoryTables(enabled: boolean) {
  return useQuery({
    queryKey: [COMPONENTS_KEY, 'statutory-tables'],
    queryFn: async ({ signal }): Promise<StatutoryTables> => (await api.get('/StatutoryComponents/tables', statutoryTablesReplySchema, { quiet: true, signal })).data,
    enabled,
  });
}

const STATUTORY_PATHS: Record<StatutoryComponentName, string> = {
  EPF: '/StatutoryComponents/EPF',
  ESI: '/StatutoryComponents/ESI',
  ProfessionalTax: '/StatutoryComponents/ProfessionalTax',
  LWF: '/StatutoryComponents/LWF',
};

export async function saveStatutory(component: StatutoryComponentName, body: Record<string, unknown>): Promise<StatutoryComponentSetting> {
  return (await api.put(STATUTORY_PATHS[component], statutoryComponentReplySchema, body, { quiet: true })).data;
}

export async function disableStatutory(component: StatutoryComponentName): Promise<StatutoryComponentSetting> {
  return (await apiRequest(`/StatutoryComponents/${component}`, { method: 'DELETE', schema: statutoryComponentReplySchema, quiet: true })).data;
}
