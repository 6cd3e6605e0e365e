export { DeclarationLandingPage } from './DeclarationLandingPage';
export { DeclarationFormPage } from './DeclarationFormPage';
export { DeclarationSummaryPage } from './DeclarationSummaryPage';
