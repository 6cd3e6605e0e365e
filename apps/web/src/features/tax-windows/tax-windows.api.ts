import { useQuery } from '@tanstack/react-query';
import {
  itDeclarationConfigReplySchema,
  itReminderReplySchema,
  poiConfigReplySchema,
  poiReminderReplySchema,
  type HelpDocumentKey,
  type ItDeclarationConfig,
  type ItDeclarationConfigInput,
  type PoiConfig,
  type PoiConfigInput,
  type TaxReminderDraft,
} from '@tankha/contracts';
import { api, apiDownload } from '../../app/api';

export type WindowKind = 'declaration' | 'poi';

/** Every query of the Lock / Unlock page starts with this key: a save, lock or reminder change refreshes them. */
export const TAX_WINDOWS_KEY = 'tax-windows';

/** A reminder as the page holds it: saved ones carry their id. */
export interface ReminderItem extends TaxReminderDraft {
  id: string | null;
}

/** The configuration of either window, with the fields the page needs in one shape. */
export type WindowConfig = (ItDeclarationConfig & { kind: 'declaration' }) | (PoiConfig & { kind: 'poi' });

export function reminderItems(config: WindowConfig): ReminderItem[] {
  return config.kind === 'declaration'
    ? config.reminders.map((r) => ({ id: r.id, daysBeforeLockDate: r.daysBeforeLockDate, isEnabled: r.isEnabled, subject: r.subject, body: r.body }))
    : config.reminders.map((r) => ({ id: r.poiReminderId, daysBeforeLockDate: r.daysBeforeLockDate, isEnabled: r.isEnabled, subject: r.subject, body: r.body }));
}

/** GET /ITDeclaration/config or /POI/config for the financial year; null before the first release. */
export function useWindowConfig(kind: WindowKind, financialYearStart: number) {
  return useQuery({
    queryKey: [TAX_WINDOWS_KEY, kind, financialYearStart],
    queryFn: async ({ signal }): Promise<WindowConfig | null> => {
      const query = { financialYearStart, financialYearEnd: financialYearStart + 1 };
      if (kind === 'declaration') {
        const data = (await api.get('/ITDeclaration/config', itDeclarationConfigReplySchema, { query, signal, quiet: true })).data;
        return data ? { ...data, kind } : null;
      }
      const data = (await api.get('/POI/config', poiConfigReplySchema, { query, signal, quiet: true })).data;
      return data ? { ...data, kind } : null;
    },
  });
}

export async function saveItConfig(input: ItDeclarationConfigInput): Promise<{ config: ItDeclarationConfig; message: string }> {
  const reply = await api.post('/ITDeclaration/config', itDeclarationConfigReplySchema, input, { quiet: true });
  if (!reply.data) throw new Error('no configuration in the reply');
  return { config: reply.data, message: reply.message };
}

export async function savePoiConfig(input: PoiConfigInput): Promise<{ config: PoiConfig; message: string }> {
  const reply = await api.post('/POI/config', poiConfigReplySchema, input, { quiet: true });
  if (!reply.data) throw new Error('no configuration in the reply');
  return { config: reply.data, message: reply.message };
}

export async function lockWindow(kind: WindowKind, id: string): Promise<string> {
  const path = kind === 'declaration' ? '/ITDeclaration/config/lock' : '/POI/config/lock';
  const schema = kind === 'declaration' ? itDeclarationConfigReplySchema : poiConfigReplySchema;
  return (await api.post(path, schema, { id }, { quiet: true })).message;
}

/** Saves a reminder of a saved configuration (create without id, update with it). */
export async function saveReminder(kind: WindowKind, configId: string, reminder: ReminderItem): Promise<void> {
  const fields = { daysBeforeLockDate: reminder.daysBeforeLockDate, isEnabled: reminder.isEnabled, subject: reminder.subject, body: reminder.body };
  if (kind === 'declaration') {
    await api.post('/ITDeclaration/reminders', itReminderReplySchema, { ...(reminder.id ? { id: reminder.id } : {}), itDeclarationConfigId: configId, ...fields }, { quiet: true });
  } else {
    await api.post('/POI/reminders', poiReminderReplySchema, { ...(reminder.id ? { poiReminderId: reminder.id } : {}), poiConfigId: configId, ...fields }, { quiet: true });
  }
}

export async function deleteReminder(kind: WindowKind, id: string): Promise<void> {
  const path = kind === 'declaration' ? `/ITDeclaration/reminders/${encodeURIComponent(id)}` : `/POI/reminders/${encodeURIComponent(id)}`;
  await api.send('DELETE', path, undefined, { quiet: true });
}

const HELP_FILE: Record<HelpDocumentKey, string> = { declaration: 'Tankha-IT-Declaration-Help.pdf', poi: 'Tankha-POI-Help.pdf' };

/** GET /HelpDocuments/download-help-document?key= (payroll spec §2 "Help document links"). */
export function openHelpDocument(key: HelpDocumentKey): Promise<void> {
  return apiDownload('/HelpDocuments/download-help-document', HELP_FILE[key], { query: { key } });
}
