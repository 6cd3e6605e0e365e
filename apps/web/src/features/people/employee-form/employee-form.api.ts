import {
  employeeNumberExistsReplySchema,
  employeeReplySchema,
  inviteReplySchema,
  salaryStructureReplySchema,
  tenantDeductionsReplySchema,
  tenantEarningsReplySchema,
  updateEmployeeReplySchema,
  userFieldOptionsReplySchema,
  userLatestEmployeeNumberReplySchema,
  userSearchReplySchema,
  type Employee,
  type EmployeeFormInput,
  type InviteResult,
  type SalaryStructureRequest,
  type SalaryStructureView,
  type TenantDeduction,
  type TenantEarning,
  type UserFieldOptions,
  type UserSearchItem,
} from '@tankha/contracts';
import { api } from '../../../app/api';

/** The modal's calls (people spec §7 "Employee"). All quiet: the modal reports failures itself. */
export const EMPLOYMENT_TYPE_FIELD = 'Employment Type';

export async function fetchEmployee(id: string): Promise<Employee> {
  return (await api.get(`/Users/${id}`, employeeReplySchema, { quiet: true })).data;
}

export async function fetchEarnings(): Promise<TenantEarning[]> {
  return (
    await api.get('/SalaryComponents/earnings', tenantEarningsReplySchema, {
      quiet: true,
    })
  ).data;
}

export async function fetchDeductions(): Promise<TenantDeduction[]> {
  return (
    await api.get('/SalaryComponents/deductions', tenantDeductionsReplySchema, {
      quiet: true,
    })
  ).data;
}

export async function fetchEmploymentTypes(): Promise<UserFieldOptions> {
  return (
    await api.get('/UserFields/options', userFieldOptionsReplySchema, {
      query: { name: EMPLOYMENT_TYPE_FIELD },
      quiet: true,
    })
  ).data;
}

/** The last employee number and the next one after it (the form prefills the next). */
export async function fetchLatestEmployeeNumber(): Promise<{ last: string | null; next: string | null }> {
  const { data } = await api.get('/Users/latest-employee-number', userLatestEmployeeNumberReplySchema, { quiet: true });
  return { last: data.lastEmployeeNumber, next: data.nextEmployeeNumber };
}

export async function employeeNumberExists(employeeNumber: string, id: string | null): Promise<boolean> {
  const query = id ? { employeeNumber, id } : { employeeNumber };
  return (await api.get('/Users/employee-number-exists', employeeNumberExistsReplySchema, { query, quiet: true })).data.exists;
}

export async function searchManagers(search: string, signal?: AbortSignal): Promise<UserSearchItem[]> {
  return (
    await api.get('/Users/search', userSearchReplySchema, {
      query: { search, pageSize: 10, pageNo: 1 },
      quiet: true,
      signal,
    })
  ).data.data;
}

export async function calculateStructure(body: SalaryStructureRequest, signal?: AbortSignal): Promise<SalaryStructureView> {
  return (await api.post('/SalaryStructure/calculate', salaryStructureReplySchema, body, { quiet: true, signal })).data;
}

export async function inviteUser(body: EmployeeFormInput): Promise<InviteResult> {
  return (await api.post('/Users/invite', inviteReplySchema, body, { quiet: true })).data;
}

export async function addRestrictedUser(body: EmployeeFormInput): Promise<InviteResult> {
  return (
    await api.post('/Users/restricted', inviteReplySchema, body, {
      quiet: true,
    })
  ).data;
}

export async function updateUser(id: string, body: EmployeeFormInput): Promise<{ statusCode: number; bankChange?: 'approval' | 'cooling' | null | undefined }> {
  return (
    await api.put(`/Users/${id}`, updateEmployeeReplySchema, body, {
      quiet: true,
    })
  ).data;
}
