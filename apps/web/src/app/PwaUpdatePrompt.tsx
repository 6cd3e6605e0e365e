import { useRegisterSW } from 'virtual:pwa-register/react';
import { UpdatePrompt } from '../ui/UpdatePrompt';

/** Registers the service worker (vite.config.ts) and offers the Reload when a deploy has a new one waiting. */
export function PwaUpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW();
  return <UpdatePrompt opened={needRefresh} onReload={() => void updateServiceWorker(true)} onDismiss={() => setNeedRefresh(false)} />;
}
