import { z } from 'zod';
import { envelope } from './envelope';

/** The profile view of one employee (people spec §3, "User / employee"); later issues extend it. */
export const userProfileSchema = z.object({
  id: z.string(),
  employeeNumber: z.string().nullable(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  gender: z.number().int(),
  dateOfJoining: z.string().nullable(),
  departmentId: z.string().nullable(),
  departmentName: z.string().nullable(),
  designation: z.string().nullable(),
  workLocation: z.string().nullable(),
  reportingManagerId: z.string().nullable(),
  reportingManagerName: z.string().nullable(),
  pan: z.string().nullable(),
  regimeType: z.number().int(),
  roleId: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  status: z.number().int(),
  lastLogin: z.string().nullable(),
  imageUrl: z.string().nullable(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;
export const userProfileReplySchema = envelope(userProfileSchema);
export const userIdPathSchema = z.object({ id: z.uuid({ error: 'id must be a valid id' }) });
export const activeCountReplySchema = envelope(z.object({ activeUsers: z.number().int() }));
