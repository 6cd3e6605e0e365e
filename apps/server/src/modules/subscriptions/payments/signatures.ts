import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Razorpay's signatures (DESIGN §11), one implementation for both providers: the local test provider
 * signs its callbacks and webhooks with these same functions, so the verification that runs in
 * development and tests is the one that runs against Razorpay.
 *
 * - Order payment: hex(HMAC-SHA256(key_secret, order_id + "|" + payment_id)).
 * - Subscription payment: hex(HMAC-SHA256(key_secret, payment_id + "|" + subscription_id)).
 * - Webhook: hex(HMAC-SHA256(webhook_secret, raw body bytes)), never re-serialised JSON.
 * The ids are the ones WE stored when creating the order or subscription, never the callback's own.
 */

export function hmacHex(secret: string, message: string | Buffer): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** Constant-time comparison of a received hex signature with the expected one; false for anything malformed. */
export function signatureMatches(expectedHex: string, received: string | undefined | null): boolean {
  if (typeof received !== 'string' || !/^[0-9a-f]+$/i.test(received)) return false;
  const a = Buffer.from(expectedHex, 'hex');
  const b = Buffer.from(received.toLowerCase(), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function signOrderPayment(keySecret: string, storedOrderId: string, paymentId: string): string {
  return hmacHex(keySecret, `${storedOrderId}|${paymentId}`);
}

export function signSubscriptionPayment(keySecret: string, paymentId: string, storedSubscriptionId: string): string {
  return hmacHex(keySecret, `${paymentId}|${storedSubscriptionId}`);
}

export function signWebhook(webhookSecret: string, rawBody: Buffer): string {
  return hmacHex(webhookSecret, rawBody);
}

export function verifyOrderPayment(keySecret: string, storedOrderId: string, paymentId: string, signature: string): boolean {
  return signatureMatches(signOrderPayment(keySecret, storedOrderId, paymentId), signature);
}

export function verifySubscriptionPayment(keySecret: string, paymentId: string, storedSubscriptionId: string, signature: string): boolean {
  return signatureMatches(signSubscriptionPayment(keySecret, paymentId, storedSubscriptionId), signature);
}

export function verifyWebhook(webhookSecret: string, rawBody: Buffer, signature: string | undefined): boolean {
  return signatureMatches(signWebhook(webhookSecret, rawBody), signature);
}
