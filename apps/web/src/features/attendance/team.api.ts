import { z } from 'zod';
import { envelope } from '@tankha/contracts';
import { api } from '../../app/api';
import type { TeamLookup } from '../../app/guards/RequireMyTeam';

const teamCountReplySchema = envelope(z.object({ totalRecords: z.number().int() }));

/** The my-team lookup of platform §2.2 (page 1, size 10): how many reportees the user has. */
export const lookupTeam: TeamLookup = async (page) =>
  (await api.get('/Users/team', teamCountReplySchema, { query: { pageNumber: page.pageNumber, pageSize: page.pageSize }, quiet: true })).data.totalRecords;
