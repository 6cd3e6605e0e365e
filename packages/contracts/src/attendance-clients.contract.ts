import { z } from 'zod';
import { envelope, listEnvelope } from './envelope';

/**
 * Attendance > Clients (platform §2.1: administrators and moderators; docs/decisions/0140-attendance-clients-and-geofenced-check-in.md). Paths under the API base:
 *
 *   GET    /AttendanceClients                  client sites with their geofence and assigned count
 *   POST   /AttendanceClients                  add a site
 *   PUT    /AttendanceClients/{id}             edit
 *   DELETE /AttendanceClients/{id}             delete (its assignments go; past check-ins keep their coordinates)
 *   GET    /AttendanceClients/{id}/employees   who is assigned
 *   PUT    /AttendanceClients/{id}/employees   replace who is assigned ({ userIds })
 *   GET    /AttendanceClients/settings         { requireLocation }
 *   PUT    /AttendanceClients/settings
 *
 * POST /Attendances/check-in takes { latitude, longitude, accuracyMetres } (optional unless the
 * organisation requires location).
 */
export const CLIENT_SITE_MSG = {
  created: 'Client site added successfully',
  updated: 'Client site updated successfully',
  deleted: 'Client site deleted successfully',
  assigned: 'Employees assigned successfully',
  settingsSaved: 'Attendance location settings saved successfully',
  nameRequired: 'Client name is required',
  nameTooLong: 'Client name can be at most 100 characters',
  nameTaken: 'A client site with this name already exists',
  addressRequired: 'Address is required',
  addressTooLong: 'Address can be at most 500 characters',
  latitudeRange: 'Latitude must be a number from -90 to 90',
  longitudeRange: 'Longitude must be a number from -180 to 180',
  radiusRange: 'Radius must be a whole number of metres from 10 to 10,000',
  notFound: 'Client site not found',
  employeesInvalid: 'Choose employees of this organisation',
  tooManyEmployees: 'At most 1,000 employees can be assigned at once',
  noSites: 'No client sites added yet',
  noEmployees: 'No employees assigned',
  deleteWarning: (name: string) => `Delete the client site ${name}? Its employees will no longer be able to check in there.`,
  // check-in
  locationRequired: 'Your organisation requires your location to check in. Allow location access in your browser and try again.',
  locationUnavailable: 'Could not read your location. Allow location access in your browser and try again.',
  outsideSites: (siteName: string, distanceMetres: number, radiusMetres: number) =>
    `You are outside your assigned client sites. The nearest, ${siteName}, is ${distanceMetres.toLocaleString('en-IN')} m away; check in within ${radiusMetres.toLocaleString('en-IN')} m of it.`,
} as const;

export const CLIENT_SITE_RADIUS = {
  min: 10,
  max: 10_000,
  default: 200,
} as const;
export const CLIENT_SITE_MAX_ASSIGN = 1_000;

const coordinate = (message: string, limit: number) => z.number({ error: message }).min(-limit, { error: message }).max(limit, { error: message });
export const latitudeSchema = coordinate(CLIENT_SITE_MSG.latitudeRange, 90);
export const longitudeSchema = coordinate(CLIENT_SITE_MSG.longitudeRange, 180);

export const clientSiteInputSchema = z.object({
  name: z
    .string({ error: CLIENT_SITE_MSG.nameRequired })
    .trim()
    .min(1, { error: CLIENT_SITE_MSG.nameRequired })
    .max(100, { error: CLIENT_SITE_MSG.nameTooLong }),
  address: z
    .string({ error: CLIENT_SITE_MSG.addressRequired })
    .trim()
    .min(1, { error: CLIENT_SITE_MSG.addressRequired })
    .max(500, { error: CLIENT_SITE_MSG.addressTooLong }),
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  radiusMetres: z
    .number({ error: CLIENT_SITE_MSG.radiusRange })
    .int({ error: CLIENT_SITE_MSG.radiusRange })
    .min(CLIENT_SITE_RADIUS.min, { error: CLIENT_SITE_MSG.radiusRange })
    .max(CLIENT_SITE_RADIUS.max, { error: CLIENT_SITE_MSG.radiusRange }),
});
export type ClientSiteInput = z.infer<typeof clientSiteInputSchema>;
export const clientSiteSchema = clientSiteInputSchema.extend({
  id: z.string(),
  employeeCount: z.number().int(),
});
export type ClientSite = z.infer<typeof clientSiteSchema>;
export const clientSiteReplySchema = envelope(clientSiteSchema);
export const clientSiteListReplySchema = listEnvelope(clientSiteSchema);
export const clientSiteIdPathSchema = z.object({
  id: z.uuid({ error: CLIENT_SITE_MSG.notFound }),
});

export const clientSiteEmployeesInputSchema = z.object({
  userIds: z
    .array(z.uuid({ error: CLIENT_SITE_MSG.employeesInvalid }), {
      error: CLIENT_SITE_MSG.employeesInvalid,
    })
    .max(CLIENT_SITE_MAX_ASSIGN, { error: CLIENT_SITE_MSG.tooManyEmployees }),
});
export const clientSiteEmployeeSchema = z.object({
  userId: z.string(),
  name: z.string(),
  employeeNumber: z.string().nullable(),
  email: z.string(),
});
export type ClientSiteEmployee = z.infer<typeof clientSiteEmployeeSchema>;
export const clientSiteEmployeesReplySchema = listEnvelope(clientSiteEmployeeSchema);

export const attendanceLocationSettingsSchema = z.object({
  requireLocation: z.boolean({
    error: 'requireLocation must be true or false',
  }),
});
export type AttendanceLocationSettings = z.infer<typeof attendanceLocationSettingsSchema>;
export const attendanceLocationSettingsReplySchema = envelope(attendanceLocationSettingsSchema);

/** The browser's reading at check-in (navigator.geolocation). */
export const checkInInputSchema = z
  .object({
    latitude: latitudeSchema.optional(),
    longitude: longitudeSchema.optional(),
    accuracyMetres: z
      .number({
        error: 'accuracyMetres must be a number of metres from 0 to 100,000',
      })
      .min(0)
      .max(100_000)
      .optional(),
  })
  .refine((v) => (v.latitude === undefined) === (v.longitude === undefined), {
    message: 'Send latitude and longitude together',
    path: ['longitude'],
  });
export type CheckInInput = z.infer<typeof checkInInputSchema>;
