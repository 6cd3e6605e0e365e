import { expect } from 'vitest';
import type { PayrollRun, SessionUser } from '@tankha/contracts';
import { multipart, type TestApp } from './harness';

/*
 * Payroll month steps the held- and excluded-pay tests share: a month with an employee's processing
 * held (excluded from processing), processed and finalized, and a bank return file uploaded for it.
 */

const dataOf = <T>(res: { statusCode: number; body: string; json(): unknown }): T => {
  expect(res.statusCode, res.body).toBeLessThan(300);
  return (res.json() as { data: T }).data;
};

/** Holds the employee's processing in the open month (finalize then leaves their pay out) and processes the month. */
export async function holdProcessingAndProcess(t: TestApp, admin: SessionUser, runId: string, userId: string, reason: string): Promise<PayrollRun> {
  dataOf(await t.call('PUT', `/PayrollRuns/${runId}/holds/${userId}`, { token: admin.token, body: { kind: 'processing', reason } }));
  expect((await t.call('POST', `/PayrollRuns/${runId}/process`, { token: admin.token })).statusCode).toBe(202);
  const run = dataOf<PayrollRun>(await t.call('GET', `/PayrollRuns/${runId}`, { token: admin.token }));
  expect(run.status).toBe('processed');
  return run;
}

/** Finalizes a processed month. */
export async function finalizeMonth(t: TestApp, admin: SessionUser, runId: string): Promise<PayrollRun> {
  return dataOf<PayrollRun>(await t.call('POST', `/PayrollRuns/${runId}/finalize`, { token: admin.token }));
}

/** Uploads the bank's return file (CSV text) for a finalized month. */
export function uploadBankReturn(t: TestApp, admin: SessionUser, runId: string, text: string) {
  const body = multipart({}, { field: 'file', filename: 'return.csv', contentType: 'text/csv', bytes: Buffer.from(text, 'utf8') });
  return t.call('POST', `/PayrollRuns/${runId}/bank-return`, { token: admin.token, body: body.body, headers: body.headers });
}
