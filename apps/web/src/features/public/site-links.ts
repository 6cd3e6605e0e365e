import { PATHS } from '../../app/paths';
import type { SiteLink } from '../../ui/SiteFooter';

/** The footer of the public pages and of the login and register cards (platform §2.1 "Marketing pages"). */
export const FOOTER_LINKS: readonly SiteLink[] = [
  { label: 'Pricing', to: PATHS.pricing },
  { label: 'About us', to: PATHS.aboutUs },
  { label: 'Contact us', to: PATHS.contactUs },
  { label: 'Privacy policy', to: PATHS.privacyPolicy },
  { label: 'Terms and conditions', to: PATHS.termsAndConditions },
  { label: 'Cancellation and refund policy', to: PATHS.refundPolicy },
];

export { SUPPORT_EMAIL } from '../access/RestrictedPage';
