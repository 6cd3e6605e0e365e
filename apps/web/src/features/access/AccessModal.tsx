import { lazy, Suspense, useEffect, useState } from 'react';
import { useDisclosure } from '@mantine/hooks';
import { registerAccessModal } from '../../app/access-control';

// Modal (focus trap, scroll lock, transitions) loads when a reply first asks for it, not with every page.
const LazyAccessDialog = lazy(async () => ({ default: (await import('./AccessDialog')).AccessDialog }));

/** The access modal (Premium Plan Required); while mounted, feature-denied replies open it. */
export function AccessModal() {
  const [opened, { open, close }] = useDisclosure(false);
  const [used, setUsed] = useState(false);
  useEffect(
    () =>
      registerAccessModal(() => {
        setUsed(true);
        open();
      }),
    [open],
  );
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <LazyAccessDialog opened={opened} onClose={close} />
    </Suspense>
  );
}
