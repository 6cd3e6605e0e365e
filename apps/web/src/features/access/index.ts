export { ForbiddenPage } from './ForbiddenPage';
export { RestrictedPage } from './RestrictedPage';
export { AccessDeniedPage, NoSubscriptionPage } from './AccessPages';
export { NotFoundPage } from './NotFoundPage';
export { OfflinePage } from './OfflinePage';
