import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  bankFileFormatListReplySchema,
  bankFileFormatReplySchema,
  bankFilePreviewReplySchema,
  bankFileSettingsReplySchema,
  bankPaymentReplySchema,
  bankPaymentsReplySchema,
  bankReturnReplySchema,
  payrollReportListReplySchema,
  type BankFileFormatDto,
  type BankFileFormatInput,
  type BankFilePreview,
  type BankFileScope,
  type BankFileSettings,
  type BankFileSettingsInput,
  type BankPaymentPaidInput,
  type BankPaymentRow,
  type BankPayments,
  type BankReturnResult,
  type PayrollReport,
} from '@tankha/contracts';
import { api, apiDownload, toFormData } from '../../app/api';
import { PAYROLL_KEY } from './payroll.api';

/** The bank transfer file, the return file, payment status and the reports log. */

const enc = encodeURIComponent;
const runPath = (runId: string) => `/PayrollRuns/${enc(runId)}`;

export function useBankSettings(enabled = true) {
  return useQuery({
    queryKey: [PAYROLL_KEY, 'bank-settings'],
    queryFn: async ({ signal }): Promise<BankFileSettings> => (await api.get('/PayrollBankSettings', bankFileSettingsReplySchema, { quiet: true, signal })).data,
    enabled,
  });
}

export async function saveBankSettings(body: BankFileSettingsInput): Promise<BankFileSettings> {
  return (await api.put('/PayrollBankSettings', bankFileSettingsReplySchema, body, { quiet: true })).data;
}

/** The organisation's own bank file formats (the presets are data in the contracts). */
export function useBankFormats(enabled = true) {
  return useQuery({
    queryKey: [PAYROLL_KEY, 'bank-formats'],
    queryFn: async ({ signal }): Promise<BankFileFormatDto[]> => (await api.get('/PayrollBankFormats', bankFileFormatListReplySchema, { quiet: true, signal })).data,
    enabled,
  });
}

export async function saveBankFormat(id: string | null, body: BankFileFormatInput): Promise<BankFileFormatDto> {
  return id === null
    ? (await api.post('/PayrollBankFormats', bankFileFormatReplySchema, body, { quiet: true })).data
    : (await api.put(`/PayrollBankFormats/${enc(id)}`, bankFileFormatReplySchema, body, { quiet: true })).data;
}

export async function deleteBankFormat(id: string): Promise<void> {
  await api.send('DELETE', `/PayrollBankFormats/${enc(id)}`, undefined, { quiet: true });
}

export interface BankFileOptions {
  scope: BankFileScope;
  /** 'YYYY-MM-DD'; the server's default (the pay date, or today once it has passed) when empty. */
  valueDate: string;
}

const bankQuery = (o: BankFileOptions) => ({ scope: o.scope, valueDate: o.valueDate || undefined });

export function useBankFilePreview(runId: string, options: BankFileOptions) {
  return useQuery({
    queryKey: [PAYROLL_KEY, 'bank-preview', runId, options],
    queryFn: async ({ signal }): Promise<BankFilePreview> => (await api.get(`${runPath(runId)}/bank-file/preview`, bankFilePreviewReplySchema, { query: bankQuery(options), quiet: true, signal })).data,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export async function downloadBankFile(runId: string, options: BankFileOptions, fileName: string): Promise<void> {
  await apiDownload(`${runPath(runId)}/bank-file`, fileName, { query: bankQuery(options), quiet: true });
}

export function useBankPayments(runId: string, enabled: boolean) {
  return useQuery({
    queryKey: [PAYROLL_KEY, 'bank-payments', runId],
    queryFn: async ({ signal }): Promise<BankPayments> => (await api.get(`${runPath(runId)}/payments`, bankPaymentsReplySchema, { quiet: true, signal })).data,
    enabled,
  });
}

/** One payment recorded paid without a return file (the Administrator's, like the return file). */
export async function markPaymentPaid(runId: string, payslipId: string, body: BankPaymentPaidInput): Promise<BankPaymentRow> {
  return (await api.post(`${runPath(runId)}/payments/${enc(payslipId)}/mark-paid`, bankPaymentReplySchema, body, { quiet: true })).data;
}

export async function uploadBankReturn(runId: string, file: File): Promise<BankReturnResult> {
  return (await api.upload('POST', `${runPath(runId)}/bank-return`, bankReturnReplySchema, toFormData({ file }), { quiet: true })).data;
}

export function usePayrollReports(month: string | null) {
  return useQuery({
    queryKey: [PAYROLL_KEY, 'reports', month],
    queryFn: async ({ signal }): Promise<PayrollReport[]> => (await api.get('/PayrollReports', payrollReportListReplySchema, { query: { month: month ?? undefined }, quiet: true, signal })).data,
    enabled: month !== null,
  });
}
