export { PrivacyPolicyPage } from './PrivacyPolicyPage';
export { TermsPage } from './TermsPage';
export { RefundPolicyPage } from './RefundPolicyPage';
