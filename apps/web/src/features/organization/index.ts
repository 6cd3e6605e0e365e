export { WelcomePage } from './WelcomePage';
export { OrganizationSetupPage } from './OrganizationSetupPage';
export { OrganizationLayout } from './OrganizationLayout';
export { OrganizationDetailsPage } from './OrganizationDetailsPage';
export { LogoBrandingPage } from './LogoBrandingPage';
