import { z } from 'zod';
import { envelope } from './envelope';

export const dashboardSchema = z.object({
  organization: z.object({
    id: z.string(),
    tenantName: z.string(),
    logoUrl: z.string().nullable(),
    address: z.string().nullable(),
    planName: z.string().nullable(),
    isTenantOnTrial: z.boolean(),
    trialDaysLeft: z.number().int().nullable(),
  }),
  me: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    designation: z.string().nullable(),
    departmentName: z.string().nullable(),
    dateOfJoining: z.string().nullable(),
    reportingManagerName: z.string().nullable(),
    reporteeCount: z.number().int(),
  }),
  /** Present for administrators and moderators only. */
  counts: z
    .object({
      activeUsers: z.number().int(),
      pendingUsers: z.number().int(),
      inactiveUsers: z.number().int(),
      restrictedUsers: z.number().int(),
      departments: z.number().int(),
      joinedThisMonth: z.number().int(),
    })
    .nullable(),
  departments: z.array(z.object({ id: z.string(), name: z.string(), employees: z.number().int() })).nullable(),
  recentJoiners: z
    .array(z.object({ id: z.string(), name: z.string(), designation: z.string().nullable(), dateOfJoining: z.string().nullable() }))
    .nullable(),
  upcomingBirthdays: z.array(z.object({ id: z.string(), name: z.string(), date: z.string() })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export const dashboardReplySchema = envelope(dashboardSchema);
