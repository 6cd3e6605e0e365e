import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { OfflinePage } from '../features/access/OfflinePage';
import { PageLoader } from '../ui/PageLoader';
import { cancelAccessLock } from './access-control';
import { useOffline } from './offline';
import { isOfflineReadablePage } from './offline-cache';

/**
 * Wraps every route: the offline screen (except on the pages kept for reading offline, which say so
 * themselves), and the access-lock reset on navigation or a hidden page. */
export function RootLayout() {
  const { pathname } = useLocation();
  const offline = useOffline();

  useEffect(() => {
    cancelAccessLock();
  }, [pathname]);

  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') cancelAccessLock();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  if (offline && !isOfflineReadablePage(pathname)) return <OfflinePage />;
  return (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );
}
