import { hash, verify } from '@node-rs/argon2';

/** Argon2id with the OWASP-recommended minimums (19 MiB, 2 iterations, 1 lane). */
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * The demo organisation's password (seed/demo.ts), printed in the README and by every `npm start`:
 * public knowledge. Production refuses it as a new password and at sign-in (docs/decisions/).
 */
export const DEMO_PASSWORD = 'Demo@12345';

/** A password the world knows, refused in production. */
export function isPublicPassword(password: string): boolean {
  return password === DEMO_PASSWORD;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(hashed: string | null, password: string): Promise<boolean> {
  if (!hashed) return false;
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/** Verified against when no account exists, so a missing e-mail costs the same time as a wrong password. */
export const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$QonaLCTW2Sz7JAs8/XMd5g$opt5J5gPyfHkalG/T8G8RB3P34O6IG0a1sIO/Q5U2Z8';
