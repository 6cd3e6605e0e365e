import { useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children only once the screen around it has been painted: for a lazy part lower on a page,
 * so that loading its code does not hold back the page's first paint (React waits for a lazy component
 * that suspends inside the first render before it shows any of it, and an effect alone may run before
 * the browser paints). A frame, then a task: the paint has happened in between.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setShown(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return shown ? children : null;
}
