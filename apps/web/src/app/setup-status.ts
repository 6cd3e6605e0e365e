import { useQuery } from '@tanstack/react-query';
import { completionStatusReplySchema, Role, type CompletionStatus } from '@tankha/contracts';
import { api } from './api';
import { SETUP_DEFERRED_KEY, useSession } from './session';

/** Organisation setup completion (GET /orgprofilecompletionstatus), cached per tenant. */
export const completionStatusKey = (tenantId: string | undefined) => ['completion-status', tenantId] as const;

export function useCompletionStatus() {
  const user = useSession();
  return useQuery({
    queryKey: completionStatusKey(user?.tenantId),
    queryFn: async (): Promise<CompletionStatus> => (await api.get('/orgprofilecompletionstatus', completionStatusReplySchema)).data,
    // Only an Administrator's screens look at it (the setup gate, the welcome screen, the dashboard's banner).
    enabled: user?.roleId === Role.Administrator,
  });
}

export function isSetupIncomplete(status: CompletionStatus): boolean {
  return !status.orgDetails || !status.settings;
}

/** The welcome screen's Cancel defers the setup redirect for this browser session. */
export function isSetupDeferred(): boolean {
  return sessionStorage.getItem(SETUP_DEFERRED_KEY) === '1';
}

export function deferSetup(): void {
  sessionStorage.setItem(SETUP_DEFERRED_KEY, '1');
}

/** A different organisation has its own setup state. */
export function resetSetupDeferral(): void {
  sessionStorage.removeItem(SETUP_DEFERRED_KEY);
}
