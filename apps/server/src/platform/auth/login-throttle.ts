import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Clock } from '../clock';

/**
 * Failed sign-ins per account, beside the per-IP limit on the login route: guessing one account's
 * password from many addresses runs out after `maxFailures` in a window. Every attempt is counted
 * before the password is checked (atomic, so parallel guesses cannot slip past the check) and a
 * correct password clears the count, so only failures accumulate. Unknown addresses are counted
 * the same way, so a 429 says nothing about whether an account exists.
 *
 * The counters live in Redis when REDIS_URL is set (shared by every server process), otherwise in
 * this process. Keys are a hash of the e-mail, never the address itself.
 */
export interface LoginThrottle {
  /** Counts an attempt; false when the account has used up its failures in this window. */
  attempt(email: string): Promise<boolean>;
  /** A correct password: the account starts again from zero. */
  reset(email: string): Promise<void>;
}

interface Options {
  maxFailures: number;
  windowMs: number;
  clock: Clock;
  redis: Redis | null;
  keyPrefix: string;
}

const keyOf = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

export function createLoginThrottle(options: Options): LoginThrottle {
  return options.redis ? redisThrottle(options.redis, options) : memoryThrottle(options);
}

function redisThrottle(redis: Redis, { maxFailures, windowMs, keyPrefix }: Options): LoginThrottle {
  const key = (email: string) => `${keyPrefix}login-failures:${keyOf(email)}`;
  return {
    async attempt(email) {
      // The window starts at the first attempt (SET NX PX); INCR keeps that expiry.
      const result = await redis.multi().set(key(email), 0, 'PX', windowMs, 'NX').incr(key(email)).exec();
      const count = Number(result?.[1]?.[1] ?? 0);
      return count <= maxFailures;
    },
    async reset(email) {
      await redis.del(key(email));
    },
  };
}

/** Entries past their window are dropped when the map grows, so sprayed addresses cannot pile up. */
const PRUNE_AT = 10_000;

function memoryThrottle({ maxFailures, windowMs, clock }: Options): LoginThrottle {
  const counts = new Map<string, { count: number; resetAt: number }>();
  return {
    attempt(email) {
      const now = clock.now().getTime();
      if (counts.size >= PRUNE_AT) for (const [k, v] of counts) if (v.resetAt <= now) counts.delete(k);
      const key = keyOf(email);
      const entry = counts.get(key);
      const current = entry && entry.resetAt > now ? entry : { count: 0, resetAt: now + windowMs };
      current.count += 1;
      counts.set(key, current);
      return Promise.resolve(current.count <= maxFailures);
    },
    reset(email) {
      counts.delete(keyOf(email));
      return Promise.resolve();
    },
  };
}
