import { useEffect, useState, type ReactNode } from 'react';
import { pageSettled } from './page-settled';

/** Renders its children once the page has settled (pageSettled): parts of the shell the first paint does not need. */
export function AfterPageSettled({ children }: { children: ReactNode }) {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let live = true;
    void pageSettled().then(() => live && setSettled(true));
    return () => {
      live = false;
    };
  }, []);
  return settled ? children : null;
}
