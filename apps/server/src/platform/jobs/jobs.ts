/**
 * The job vocabulary shared by every module. A module that defines a job adds its payload type
 * here by declaration merging, so `enqueue('attendance.recompute', …)` is checked at compile time:
 *
 *   declare module '../../platform/jobs/jobs' {
 *     interface JobPayloads { 'attendance.recompute': { userIds?: string[]; from: string; to: string } }
 *   }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface JobPayloads {}

export type JobName = keyof JobPayloads & string;

export interface EnqueueOptions {
  /** Run no earlier than this many seconds from now. */
  delaySeconds?: number;
  /** At most one queued job with this key (pg-boss singletonKey): repeated changes collapse. */
  singletonKey?: string;
}

/**
 * Adds a job to the unit of work that is open. It is written to the queue inside the same
 * transaction (DESIGN §9): it starts if and only if that transaction commits.
 */
export type Enqueue = <N extends JobName>(name: N, data: JobPayloads[N], options?: EnqueueOptions) => void;

/** A job as stored: the tenant it belongs to (null for platform-wide jobs) and its payload. */
export interface StoredJob<D = unknown> {
  tenantId: string | null;
  data: D;
}

export interface PendingJob {
  name: string;
  payload: StoredJob;
  options: EnqueueOptions;
}
