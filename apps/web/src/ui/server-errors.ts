/**
 * Puts a failed call's per-field messages on the form's own fields. Returns true when at least one
 * landed, so the caller can skip a general message that would only repeat it.
 */
export function applyFieldErrors(
  fields: readonly string[],
  errors: Readonly<Record<string, string>>,
  setErrors: (errors: Record<string, string>) => void,
): boolean {
  const known = Object.fromEntries(Object.entries(errors).filter(([field]) => fields.includes(field)));
  if (Object.keys(known).length === 0) return false;
  setErrors(known);
  return true;
}
