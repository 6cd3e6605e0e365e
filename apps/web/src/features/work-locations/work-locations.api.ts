import { useQuery } from '@tanstack/react-query';
import { workLocationListReplySchema, workLocationReplySchema, type WorkLocation, type WorkLocationInputBody } from '@tankha/contracts';
import { api } from '../../app/api';

/** Every work-location query starts with this key: the page, the employee form's select. */
export const WORK_LOCATIONS_KEY = 'work-locations';

export function useWorkLocations(enabled = true) {
  return useQuery({
    queryKey: [WORK_LOCATIONS_KEY],
    queryFn: async ({ signal }): Promise<WorkLocation[]> => (await api.get('/WorkLocations', workLocationListReplySchema, { quiet: true, signal })).data,
    enabled,
  });
}

export async function saveWorkLocation(id: string | null, body: WorkLocationInputBody) {
  return id ? api.put(`/WorkLocations/${id}`, workLocationReplySchema, body, { quiet: true }) : api.post('/WorkLocations', workLocationReplySchema, body, { quiet: true });
}

export async function deleteWorkLocation(id: string) {
  return api.send('DELETE', `/WorkLocations/${id}`, undefined, { quiet: true });
}
