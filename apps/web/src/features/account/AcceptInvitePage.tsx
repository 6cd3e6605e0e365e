/** Placeholder: the invited user's set-password page. */
export function AcceptInvitePage() {
  return null;
}
