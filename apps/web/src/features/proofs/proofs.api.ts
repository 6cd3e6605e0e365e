import { useQuery } from '@tanstack/react-query';
import { poiReplySchema, poiStatusReplySchema, poiSummaryReplySchema, proofReplySchema, type Poi, type PoiSubmitInput, type Proof } from '@tankha/contracts';
import { api, apiDownload, toFormData } from '../../app/api';

/** Every POI query starts with this key: a submit, upload or delete refreshes them. */
export const POI_KEY = 'poi';

/** GET /POI/status: the window and whether this employee's POI form is submitted. */
export function usePoiStatus() {
  return useQuery({ queryKey: [POI_KEY, 'status'], queryFn: async ({ signal }) => (await api.get('/POI/status', poiStatusReplySchema, { signal, quiet: true })).data });
}

export function usePoi() {
  return useQuery({ queryKey: [POI_KEY, 'form'], queryFn: async ({ signal }) => (await api.get('/POI', poiReplySchema, { signal, quiet: true })).data });
}

export function usePoiSummary() {
  return useQuery({ queryKey: [POI_KEY, 'summary'], queryFn: async ({ signal }) => (await api.get('/POI/summary', poiSummaryReplySchema, { signal, quiet: true })).data });
}

export async function submitPoi(body: PoiSubmitInput): Promise<{ poi: Poi; message: string }> {
  const reply = await api.post('/POI/submit', poiReplySchema, body, { quiet: true });
  return { poi: reply.data, message: reply.message };
}

export async function uploadProof(fields: { declarationId: string; documentType: number; houseRentDetailId?: string; letoutPropertyId?: string; employeeDeductionId?: string }, file: File): Promise<{ proof: Proof; message: string }> {
  const reply = await api.upload('POST', '/POI/proofs', proofReplySchema, toFormData({ ...fields, file }), { quiet: true });
  return { proof: reply.data, message: reply.message };
}

export async function deleteProof(id: string): Promise<string> {
  return (await api.send('DELETE', `/POI/proofs/${encodeURIComponent(id)}`, undefined, { quiet: true })).message;
}

export function downloadProof(proof: Proof): Promise<void> {
  return apiDownload(`/POI/proofs/${encodeURIComponent(proof.id)}/download`, proof.fileName);
}
