import { writeResult, type BenchResult } from './results';
import { runAuthenticatedRequest } from './authenticated-request.bench';
import { runTaxCalculateRequest, runTaxCalculation } from './tax-calculation.bench';
import { runUserList } from './user-list.bench';
import { runAttendanceGrid, runAttendanceRecompute, runCheckIn } from './attendance.bench';
import { runWebInitialJs } from './web-initial-js.bench';
import { runPayrollRun } from './payroll-run.bench';
import { runLighthouse } from './lighthouse.bench';

/** `npm run bench`: runs every benchmark but Lighthouse (or those named on the command line) and writes bench/results/*.json. */
const BENCHMARKS: Record<string, () => Promise<BenchResult | BenchResult[]>> = {
  'authenticated-request': runAuthenticatedRequest,
  'tax-calculation': runTaxCalculation,
  'tax-calculate-request': runTaxCalculateRequest,
  'user-list': runUserList,
  'attendance-grid': runAttendanceGrid,
  'check-in': runCheckIn,
  'attendance-recompute': runAttendanceRecompute,
  'web-initial-js': runWebInitialJs,
  'payroll-run': runPayrollRun,
  lighthouse: runLighthouse,
};

/** Run only when named (`npm run bench -- lighthouse`): minutes of Chromium, and a score, not a floor. */
const ONLY_WHEN_NAMED = new Set(['lighthouse']);

const wanted = process.argv.slice(2);
for (const [name, run] of Object.entries(BENCHMARKS)) {
  if (wanted.length > 0 ? !wanted.includes(name) : ONLY_WHEN_NAMED.has(name)) continue;
  const outcome = await run();
  for (const result of Array.isArray(outcome) ? outcome : [outcome]) {
    const file = writeResult(result);
    console.log(`${result.benchmark}: ${result.value.toString()} ${result.unit}, floor ${result.floor.toString()}, ratio ${result.ratio.toString()} → ${file}`);
  }
}
