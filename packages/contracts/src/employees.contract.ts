import { z } from 'zod';
import { envelope } from './envelope';
import { MSG } from './messages';
import { passwordSchema } from './account.contract';

/**
 * Invite / add restricted / edit replies and the invitation acceptance (people spec §3, §7).
 * The bodies of invite, restricted and update are `employeeFormSchema` (people.contract).
 */

/** Spec §7: data.statusCode 200 is success, 300 means a user with this e-mail already exists. */
export const InviteResultCode = { Success: 200, AlreadyExists: 300 } as const;
export const inviteResultSchema = z.object({
  statusCode: z.number().int(),
  userId: z.string().nullable(),
});
export type InviteResult = z.infer<typeof inviteResultSchema>;
export const inviteReplySchema = envelope(inviteResultSchema);

/** `bankChange`: the save's change of bank details waits for another administrator ('approval') or a 48-hour cooling period ('cooling'). */
export const updateEmployeeReplySchema = envelope(z.object({ statusCode: z.number().int(), userId: z.string(), bankChange: z.enum(['approval', 'cooling']).nullable().optional() }));

export const employeeNumberExistsQuerySchema = z.object({
  employeeNumber: z.string().trim().min(1, { error: 'employeeNumber is required' }),
  /** The user being edited: their own number is not a clash. */
  id: z.uuid().optional(),
});
export const employeeNumberExistsReplySchema = envelope(z.object({ exists: z.boolean() }));

/** The invitation link's validity (docs/decisions/): 7 days. */
export const INVITE_LINK_TTL_DAYS = 7;

const email = z
  .string({ error: MSG.validEmail })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: MSG.validEmail }).max(254, { error: MSG.validEmail }));

/**
 * POST /Account/accept-invite. The password is required when the invited account has none yet; an
 * account that already has one keeps it (the fields are then ignored).
 */
export const acceptInviteSchema = z
  .object({
    token: z.string().min(1, { error: MSG.invalidLink }),
    email,
    password: passwordSchema.optional(),
    confirmPassword: z.string().optional(),
  })
  .refine((v) => v.password === undefined || v.password === v.confirmPassword, {
    error: MSG.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type AcceptInvite = z.infer<typeof acceptInviteSchema>;
/** passwordSet false: the account already had a password, which stays the one to log in with. */
export const acceptInviteReplySchema = envelope(z.object({ passwordSet: z.boolean() }));
