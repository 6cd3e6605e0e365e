/**
 * Whether this process takes traffic, for load balancers (GET /health/ready): 'starting' until
 * migrations are done and the job queue runs, 'ready' then, and 'stopping' from the shutdown signal
 * on. Stopping is final: a process that began to stop never becomes ready again.
 */
export type ReadinessState = 'starting' | 'ready' | 'stopping';

export class Readiness {
  private current: ReadinessState = 'starting';

  get state(): ReadinessState {
    return this.current;
  }

  get isReady(): boolean {
    return this.current === 'ready';
  }

  /** Started: ready unless a shutdown already began. */
  markReady(): void {
    if (this.current === 'starting') this.current = 'ready';
  }

  markStopping(): void {
    this.current = 'stopping';
  }
}
