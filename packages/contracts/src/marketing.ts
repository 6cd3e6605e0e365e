/**
 * The public marketing pages (platform §2.1 "Marketing pages"), open without a login. A host of the
 * marketing domain serves these; the server sends every other page to the app host.
 */
export const MARKETING_PAGE_PATHS = [
  '/pricing',
  '/checkout',
  '/about-us',
  '/contact-us',
  '/privacy-policy',
  '/terms-and-conditions',
  '/cancellation-and-refund-policy',
] as const;
