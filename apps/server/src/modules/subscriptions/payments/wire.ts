import type { VerifyPayment } from '@tankha/contracts';
import { mandateMethodOf } from './payment-provider';

/** Razorpay's wire format (snake_case) read here, so the service sees camelCase only. */

export interface WebhookEvent {
  event: string;
  createdAt: number | null;
  subscription: { id: string; currentEnd: number | null } | null;
  /** mandateMethod: the payment's method (mandateMethodOf), which is the mandate's for a subscription's payments. */
  payment: { id: string; amount: number | null; status: string | null; mandateMethod: string | null } | null;
  /**
   * refund.processed / refund.failed: the refund, with the credit note number and refund generation our request put
   * in its notes (a request of generation 0 carries none).
   */
  refund: { id: string; status: string | null; creditNoteNumber: string | null; refundGeneration: number } | null;
  /** A key for the event when the provider sent no event id header. */
  fallbackKey: string;
}

interface RawEvent {
  event?: unknown;
  created_at?: number;
  payload?: {
    subscription?: { entity?: { id?: string; current_end?: number | null } };
    payment?: { entity?: { id?: string; amount?: number; status?: string; method?: unknown; international?: unknown } };
    refund?: { entity?: { id?: string; status?: string; notes?: { creditNoteNumber?: unknown; refundGeneration?: unknown } | unknown[] } };
  };
}

/** A refund's generation from its notes (Razorpay keeps note values as strings): none is 0. */
function generationOf(value: unknown): number {
  const n = typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : typeof value === 'number' ? value : 0;
  return Number.isSafeInteger(n) && n >= 0 ? n : 0;
}

/** The parsed event, or null when the body is not a Razorpay event. */
export function parseWebhookEvent(rawBody: Buffer): WebhookEvent | null {
  let raw: RawEvent;
  try {
    raw = JSON.parse(rawBody.toString('utf8')) as RawEvent;
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null || typeof raw.event !== 'string') return null;
  const sub = raw.payload?.subscription?.entity;
  const pay = raw.payload?.payment?.entity;
  const refund = raw.payload?.refund?.entity;
  // Razorpay sends empty notes as [] rather than {}.
  const refundNotes = refund?.notes && !Array.isArray(refund.notes) ? refund.notes : undefined;
  const createdAt = typeof raw.created_at === 'number' ? raw.created_at : null;
  return {
    event: raw.event,
    createdAt,
    subscription: typeof sub?.id === 'string' ? { id: sub.id, currentEnd: typeof sub.current_end === 'number' ? sub.current_end : null } : null,
    payment:
      typeof pay?.id === 'string'
        ? {
            id: pay.id,
            amount: typeof pay.amount === 'number' ? pay.amount : null,
            status: typeof pay.status === 'string' ? pay.status : null,
            mandateMethod: mandateMethodOf(typeof pay.method === 'string' ? pay.method : null, typeof pay.international === 'boolean' ? pay.international : null),
          }
        : null,
    refund: typeof refund?.id === 'string' ? { id: refund.id, status: typeof refund.status === 'string' ? refund.status : null, creditNoteNumber: typeof refundNotes?.creditNoteNumber === 'string' ? refundNotes.creditNoteNumber : null, refundGeneration: generationOf(refundNotes?.refundGeneration) } : null,
    fallbackKey: `${raw.event}:${String(createdAt ?? '')}:${refund?.id ?? pay?.id ?? sub?.id ?? ''}`,
  };
}

/** The checkout callback's fields. */
export function callbackOf(input: VerifyPayment): { paymentId: string; signature: string } {
  return { paymentId: input.razorpay_payment_id, signature: input.razorpay_signature };
}
