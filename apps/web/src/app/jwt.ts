/** Reads the expiry claim of a JWT without verifying it (the server verifies). */
export function readTokenExpiry(token: string): number | null {
  const payloadPart = token.split('.')[1];
  if (!payloadPart) return null;
  try {
    const base64 = payloadPart.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(Math.ceil(base64.length / 4) * 4, '=');
    const payload: unknown = JSON.parse(atob(padded));
    if (typeof payload === 'object' && payload !== null && 'exp' in payload && typeof payload.exp === 'number') return payload.exp;
    return null;
  } catch {
    return null;
  }
}

/** An unreadable token counts as expired (platform §5 "Token expiry"). */
export function isTokenExpired(token: string, nowMs: number): boolean {
  const exp = readTokenExpiry(token);
  return exp === null || exp * 1000 <= nowMs;
}
