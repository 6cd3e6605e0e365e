export { PublicLayout } from './PublicLayout';
export { PricingPage } from './PricingPage';
export { CheckoutPage } from './CheckoutPage';
export { AboutUsPage } from './AboutUsPage';
export { ContactUsPage } from './ContactUsPage';
