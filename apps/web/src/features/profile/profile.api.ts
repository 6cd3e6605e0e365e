import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  emptyReplySchema,
  employeeReplySchema,
  salaryStructureReplySchema,
  userDocumentListReplySchema,
  userDocumentReplySchema,
  type Employee,
  type SalaryStructureView,
  type UserDocument,
} from '@tankha/contracts';
import { ApiError, api, apiDownload, toFormData } from '../../app/api';

const enc = encodeURIComponent;

export const profileKeys = {
  employee: (userId: string) => ['employee', userId] as const,
  me: ['employee', 'me'] as const,
  salary: (userId: string) => ['salary-structure', userId] as const,
  documents: (userId: string) => ['user-documents', userId] as const,
};

/** The full employee record of anyone (administrators and moderators). */
export function useEmployee(userId: string) {
  return useQuery({
    queryKey: profileKeys.employee(userId),
    queryFn: async (): Promise<Employee> => (await api.get(`/Users/${enc(userId)}`, employeeReplySchema, { quiet: true })).data,
  });
}

/** The signed-in user's own record (every role). */
export function useOwnEmployee() {
  return useQuery({
    queryKey: profileKeys.me,
    queryFn: async (): Promise<Employee> => (await api.get('/Users/me', employeeReplySchema, { quiet: true })).data,
  });
}

/** The employee's salary structure in rupees; null when there is none to show (no CTC, not found or not allowed). */
export function useSalaryStructure(userId: string) {
  return useQuery({
    queryKey: profileKeys.salary(userId),
    queryFn: async (): Promise<SalaryStructureView | null> => {
      try {
        return (await api.get(`/Users/${enc(userId)}/salary-structure`, salaryStructureReplySchema, { quiet: true })).data;
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return null;
        throw error;
      }
    },
    retry: false,
  });
}

export function useDocuments(userId: string) {
  return useQuery({
    queryKey: profileKeys.documents(userId),
    queryFn: async (): Promise<UserDocument[]> => (await api.get(`/Users/${enc(userId)}/documents`, userDocumentListReplySchema, { quiet: true })).data,
  });
}

export function useUploadDocument(userId: string) {
  const client = useQueryClient();
  return useMutation({
    /** `idempotencyKey` is made when the file is picked and sent again on a retry: the server then answers the first upload. */
    mutationFn: async (input: { documentType: number; file: File; idempotencyKey: string }) =>
      api.upload('POST', `/Users/${enc(userId)}/documents`, userDocumentReplySchema, toFormData({ documentType: input.documentType, file: input.file }), {
        quiet: true,
        headers: { 'Idempotency-Key': input.idempotencyKey },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: profileKeys.documents(userId) }),
  });
}

export function useDeleteDocument(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (documentId: string) => api.send('DELETE', `/Users/${enc(userId)}/documents/${enc(documentId)}`, undefined, { quiet: true }).then((r) => emptyReplySchema.parse(r)),
    onSuccess: () => client.invalidateQueries({ queryKey: profileKeys.documents(userId) }),
  });
}

export function downloadDocument(userId: string, document: UserDocument): Promise<void> {
  return apiDownload(`/Users/${enc(userId)}/documents/${enc(document.id)}/download`, document.fileName, { quiet: true });
}

/** PAN shown with only its last four characters. */
export function maskPan(pan: string | null): string {
  if (!pan) return '—';
  const visible = pan.slice(-4);
  return `${'X'.repeat(Math.max(pan.length - 4, 0))}${visible}`;
}

/** A bank account number with every digit but the last four hidden. */
export function maskAccountNumber(value: string | null): string {
  if (!value) return '—';
  const compact = value.replace(/\s+/g, '');
  if (compact.length <= 4) return compact;
  return `${'•'.repeat(compact.length - 4)}${compact.slice(-4)}`;
}
