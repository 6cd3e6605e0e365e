export { LoginPage } from './LoginPage';
export { RegisterPage } from './RegisterPage';
export { EmailSentPage } from './EmailSentPage';
export { VerifyUserPage } from './VerifyUserPage';
export { ForgotPasswordPage } from './ForgotPasswordPage';
export { ResetPasswordPage } from './ResetPasswordPage';
export { AcceptInvitePage } from './AcceptInvitePage';
