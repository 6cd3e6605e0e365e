import { z } from 'zod';
import { INDIAN_STATE_NAMES, normaliseIndianStateCode } from '@tankha/domain';
import { envelope, listEnvelope } from './envelope';

/**
 * Work locations (issue 28): the places an organisation's people work from. A location's state
 * decides its people's professional tax and labour welfare fund; its registration numbers head the
 * state's monthly PT and LWF statements.
 */

export const WORK_LOCATION_MSG = {
  created: 'Work location created successfully',
  updated: 'Work location updated successfully',
  deleted: 'Work location deleted successfully',
  notFound: 'Work location not found',
  nameRequired: 'Location name is required',
  nameTooLong: 'Location name must be at most 100 characters',
  nameExists: 'A work location with this name already exists',
  stateRequired: 'Please select the state of the location',
  stateInvalid: 'Please select a state or union territory of India',
  cityTooLong: 'City must be at most 100 characters',
  registrationNumberTooLong: 'Registration number must be at most 30 characters',
  noLocations: 'No work locations yet',
  saveFailed: 'Failed to save the work location',
  deleteFailed: 'Failed to delete the work location',
  /** Under the employee form's select. */
  employeeLocationHint: 'Its state decides the professional tax and labour welfare fund. None: the organisation’s state in Statutory Components.',
  /** An employee's workLocationId that is not one of the organisation's locations. */
  employeeLocationInvalid: 'Please select a valid work location',
} as const;

const plural = (count: number, one: string, many: string) => `${count.toString()} ${count === 1 ? one : many}`;

/** DELETE refusal: a location is never deleted from under its people (their PT state would change silently). */
export const workLocationDeleteMessages = {
  inUse: (name: string, count: number) => `${name} is the work location of ${plural(count, 'employee', 'employees')}. Move them to another location before deleting it.`,
};

/** The states and union territories a location may be in, by name (ISO 3166-2:IN codes). */
export const WORK_LOCATION_STATES: readonly { code: string; name: string }[] = Object.entries(INDIAN_STATE_NAMES)
  .map(([code, name]) => ({ code, name }))
  .sort((a, b) => a.name.localeCompare(b.name));

export const workLocationSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** ISO 3166-2:IN subdivision code without "IN-" (KA, MH, TG…). */
  stateCode: z.string(),
  stateName: z.string(),
  city: z.string().nullable(),
  ptRegistrationNumber: z.string().nullable(),
  lwfRegistrationNumber: z.string().nullable(),
  /** People of the organisation placed here, whatever their status. */
  employeeCount: z.number().int(),
});
export type WorkLocation = z.infer<typeof workLocationSchema>;

const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, { error: message })
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

/** POST /WorkLocations and PUT /WorkLocations/:id (every field; absent optional fields are cleared). */
export const workLocationInputSchema = z.object({
  name: z.string({ error: WORK_LOCATION_MSG.nameRequired }).trim().min(1, { error: WORK_LOCATION_MSG.nameRequired }).max(100, { error: WORK_LOCATION_MSG.nameTooLong }),
  /** Older spellings (TS, OR, IN-KA…) are read as today's codes. */
  stateCode: z
    .string({ error: WORK_LOCATION_MSG.stateRequired })
    .trim()
    .min(1, { error: WORK_LOCATION_MSG.stateRequired })
    .transform((v, ctx) => {
      const code = normaliseIndianStateCode(v);
      if (code === null) {
        ctx.addIssue({ code: 'custom', message: WORK_LOCATION_MSG.stateInvalid });
        return z.NEVER;
      }
      return code;
    }),
  city: optionalText(100, WORK_LOCATION_MSG.cityTooLong),
  ptRegistrationNumber: optionalText(30, WORK_LOCATION_MSG.registrationNumberTooLong),
  lwfRegistrationNumber: optionalText(30, WORK_LOCATION_MSG.registrationNumberTooLong),
});
export type WorkLocationInput = z.output<typeof workLocationInputSchema>;
export type WorkLocationInputBody = z.input<typeof workLocationInputSchema>;

export const workLocationIdPathSchema = z.object({ id: z.uuid({ error: 'id must be a valid id' }) });
export const workLocationReplySchema = envelope(workLocationSchema);
/** GET /WorkLocations: every location of the organisation by name (a handful; no paging). */
export const workLocationListReplySchema = listEnvelope(workLocationSchema);
