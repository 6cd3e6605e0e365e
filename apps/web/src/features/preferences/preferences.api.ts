import { useQuery } from '@tanstack/react-query';
import { senderEmailPreferencesReplySchema, type SenderEmailPreferences } from '@tankha/contracts';
import { api } from '../../app/api';

export const PREFERENCES_KEY = 'preferences';

/** GET /Preferences/sender-email. */
export function useSenderEmailPreferences() {
  return useQuery({
    queryKey: [PREFERENCES_KEY, 'sender-email'],
    queryFn: async ({ signal }): Promise<SenderEmailPreferences> => (await api.get('/Preferences/sender-email', senderEmailPreferencesReplySchema, { signal, quiet: true })).data,
  });
}

export async function saveSenderEmailPreferences(primaryContactUserId: string): Promise<{ data: SenderEmailPreferences; message: string }> {
  const reply = await api.put('/Preferences/sender-email', senderEmailPreferencesReplySchema, { primaryContactUserId }, { quiet: true });
  return { data: reply.data, message: reply.message };
}
