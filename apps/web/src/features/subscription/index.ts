export { SubscriptionPage } from './SubscriptionPage';
export { LocalCheckoutPage } from './LocalCheckoutPage';
