import { useEffect } from 'react';

export const SITE_NAME = 'Tankha';

/** Sets the browser tab's title to "{title} · Tankha" while the page is shown, and puts the previous one back after. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · ${SITE_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
