export { TeamReviewPage } from './TeamReviewPage';
export { TeamDeclarationPage } from './TeamDeclarationPage';
