import { z } from 'zod';
import { envelope } from './envelope';
import { FEATURES } from './access';

/** Plan (platform §3). Prices are whole rupees per user. */
export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  isFree: z.boolean(),
  isVisible: z.boolean(),
  isPlanActiveForTenant: z.boolean(),
  monthlyPricePerUser: z.number().int(),
  yearlyPricePerUser: z.number().int(),
  maxUsers: z.number().int().nullable(),
  features: z.array(z.string()),
  featureKeys: z.array(z.enum(FEATURES)),
  isMostPopular: z.boolean(),
  offer: z.object({ discountPercent: z.number(), razorpayOfferId: z.string().nullable() }).nullable(),
  razorpayPlanId: z.string().nullable(),
  razorpayYearlyPlanId: z.string().nullable(),
  billingModel: z.literal('per_user'),
});
export type Plan = z.infer<typeof planSchema>;
/** The spec's client reads the list at data.data. */
export const plansReplySchema = envelope(z.object({ data: z.array(planSchema) }));

export const trialPlanSchema = z.object({
  name: z.string(),
  description: z.string(),
  monthlyPricePerUser: z.number().int(),
  yearlyPricePerUser: z.number().int(),
  features: z.array(z.string()),
  billingModel: z.literal('per_user'),
  startAt: z.number().int(),
  endAt: z.number().int(),
  daysLeft: z.number().int(),
});
export type TrialPlan = z.infer<typeof trialPlanSchema>;
export const trialReplySchema = envelope(trialPlanSchema.nullable());
export const tenantPathSchema = z.object({ id: z.uuid({ error: 'id must be a valid id' }) });
