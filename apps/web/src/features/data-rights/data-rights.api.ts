import { useQuery } from '@tanstack/react-query';
import { dataRetentionSettingsReplySchema, emptyReplySchema, erasureStatusReplySchema, type DataRetentionSettings, type ErasureStatus } from '@tankha/contracts';
import { api, apiDownload } from '../../app/api';

const KEY = 'data-rights';
export const dataRightsKeys = {
  settings: [KEY, 'settings'] as const,
  erasure: (userId: string) => [KEY, 'erasure', userId] as const,
};

/** GET /Me/data-export: the signed-in person's own data as one ZIP, saved under the server's file name. */
export function downloadMyData(): Promise<void> {
  return apiDownload('/Me/data-export', null, { quiet: true });
}

export function useRetentionSettings() {
  return useQuery({
    queryKey: dataRightsKeys.settings,
    queryFn: async ({ signal }): Promise<DataRetentionSettings> => (await api.get('/DataRights/settings', dataRetentionSettingsReplySchema, { quiet: true, signal })).data,
    retry: false,
  });
}

export async function saveRetentionSettings(input: DataRetentionSettings): Promise<DataRetentionSettings> {
  return (await api.put('/DataRights/settings', dataRetentionSettingsReplySchema, input, { quiet: true })).data;
}

export function useErasureStatus(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: dataRightsKeys.erasure(userId),
    queryFn: async ({ signal }): Promise<ErasureStatus> => (await api.get(`/DataRights/erasure/${userId}`, erasureStatusReplySchema, { quiet: true, signal })).data,
    enabled,
    retry: false,
  });
}

export async function erasePersonalData(userId: string): Promise<string> {
  return (await api.post(`/DataRights/erasure/${userId}`, emptyReplySchema, { confirm: true }, { quiet: true })).message;
}
