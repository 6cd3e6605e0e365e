/** The only source of "now" on the server, so tests can move time (e.g. a link's 48 hours). */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export class TestClock implements Clock {
  constructor(private current = new Date()) {}
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
  set(date: Date): void {
    this.current = date;
  }
}
