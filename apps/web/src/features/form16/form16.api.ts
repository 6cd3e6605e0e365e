import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  FORM16_TABLE_PAGE_SIZE,
  emptyReplySchema,
  form16BulkConfirmReplySchema,
  form16BulkPreviewReplySchema,
  form16DownloadReplySchema,
  form16GenerateReplySchema,
  form16ListReplySchema,
  form16RecordReplySchema,
  form16ResponsiblePersonReplySchema,
  form16StatsReplySchema,
  form16UserListReplySchema,
  type Form16ResponsiblePersonInput,
  type Form16ResponsiblePersonSettings,
  type Form16TypeId,
} from '@tankha/contracts';
import { API_BASE, api, apiDownload, toFormData } from '../../app/api';

/** Every Form 16 query starts with this key: an upload, a delete or a bulk upload refreshes them all. */
export const FORM16_KEY = 'form16';
const enc = encodeURIComponent;

/** GET /Form16/users: one page of the year's employees with their forms. */
export function useForm16Users(financialYear: string, searchText: string, pageNumber: number) {
  return useQuery({
    queryKey: [FORM16_KEY, 'users', financialYear, searchText, pageNumber],
    queryFn: ({ signal }) =>
      api.get('/Form16/users', form16UserListReplySchema, { query: { financialYear, searchText: searchText || undefined, pageNumber, pageSize: FORM16_TABLE_PAGE_SIZE }, signal, quiet: true }),
    placeholderData: keepPreviousData,
  });
}

export function useForm16Stats(financialYear: string) {
  return useQuery({
    queryKey: [FORM16_KEY, 'stats', financialYear],
    queryFn: async ({ signal }) => (await api.get('/Form16/stats', form16StatsReplySchema, { query: { financialYear }, signal, quiet: true })).data,
  });
}

/** GET /Form16/employees/{id}: one employee's forms of the year. */
export function useEmployeeForms(employeeId: string, financialYear: string) {
  return useQuery({
    queryKey: [FORM16_KEY, 'employee', employeeId, financialYear],
    queryFn: async ({ signal }) => (await api.get(`/Form16/employees/${enc(employeeId)}`, form16ListReplySchema, { query: { financialYear }, signal, quiet: true })).data,
  });
}

export interface Form16UploadInput {
  employeeId: string;
  formType: Form16TypeId;
  financialYear: string;
  file: File;
}

/** POST /Form16/upload, multipart with the spec's field names. */
export function useUploadForm16() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Form16UploadInput) =>
      api.upload('POST', '/Form16/upload', form16RecordReplySchema, toFormData({ EmployeeId: input.employeeId, FormType: input.formType, FinancialYear: input.financialYear, File: input.file }), { quiet: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: [FORM16_KEY] }),
  });
}

export function useDeleteForm16() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => emptyReplySchema.parse(await api.send('DELETE', `/Form16/${enc(id)}`, undefined, { quiet: true })),
    onSuccess: () => client.invalidateQueries({ queryKey: [FORM16_KEY] }),
  });
}

/** Payroll spec §7: the download call answers the PDF's URL, which is then fetched (with the session's token). */
export async function downloadForm16(id: string): Promise<void> {
  const url = (await api.get(`/Form16/${enc(id)}/download`, form16DownloadReplySchema, { quiet: true })).data;
  await apiDownload(url.startsWith(API_BASE) ? url.slice(API_BASE.length) : url, null, { quiet: true });
}

export function downloadMergedForm16(employeeId: string, financialYear: string): Promise<void> {
  return apiDownload('/Form16/merged', null, { query: { employeeId, financialYear }, quiet: true });
}

export function useBulkPreview() {
  return useMutation({
    mutationFn: (input: { financialYear: string; formType: Form16TypeId; files: File[] }) => {
      const form = toFormData({ FinancialYear: input.financialYear, FormType: input.formType });
      for (const file of input.files) form.append('files', file);
      return api.upload('POST', '/Form16/bulk/preview', form16BulkPreviewReplySchema, form, { quiet: true });
    },
  });
}

export function useBulkConfirm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post('/Form16/bulk/confirm', form16BulkConfirmReplySchema, { token }, { quiet: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: [FORM16_KEY] }),
  });
}

export function cancelBulkUpload(token: string): Promise<unknown> {
  return api.send('DELETE', `/Form16/bulk/${enc(token)}`, undefined, { suppress: true });
}

/** POST /Form16/part-b/generate: Part B from the payroll for everyone of the year (kept: uploaded ones). */
export function useGeneratePartB() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (financialYear: string) => api.post('/Form16/part-b/generate', form16GenerateReplySchema, { financialYear }, { quiet: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: [FORM16_KEY] }),
  });
}

/** GET /Form16/responsible-person: who signs Part B (nulls until saved). */
export function useResponsiblePerson() {
  return useQuery({
    queryKey: [FORM16_KEY, 'responsible-person'],
    queryFn: async ({ signal }) => (await api.get('/Form16/responsible-person', form16ResponsiblePersonReplySchema, { signal, quiet: true })).data,
  });
}

export async function saveResponsiblePerson(body: Form16ResponsiblePersonInput): Promise<Form16ResponsiblePersonSettings> {
  return (await api.put('/Form16/responsible-person', form16ResponsiblePersonReplySchema, body, { quiet: true })).data;
}
