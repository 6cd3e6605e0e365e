import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import autocannon from 'autocannon';
import { computeIncomeTax, type IncomeTaxInput } from '@tankha/domain';
import { boot, loadConfig } from '@tankha/server/bench';
import type { BenchResult } from './results';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

/** A spread of cases: both regimes, three years, every age band, caps, house property and surcharge. */
function cases(): IncomeTaxInput[] {
  const years = ['2024-25', '2025-26', '2026-27'] as const;
  const bands = ['below60', '60to80', 'above80'] as const;
  const out: IncomeTaxInput[] = [];
  let i = 0;
  for (const financialYear of years) {
    for (const ageBand of bands) {
      for (const regime of [0, 1] as const) {
        for (const grossRupees of [450_000, 800_000, 1_285_000, 1_500_000, 2_600_000, 5_150_000, 12_000_000]) {
          i += 1;
          out.push({
            financialYear,
            regime,
            ageBand,
            grossSalaryPaise: grossRupees * 100 + (i % 7) * 100,
            exemptionsPaise: 60_000_00,
            professionalTaxPaise: 2_500_00,
            selfOccupiedInterestPaise: (i % 3) * 1_00_000_00,
            otherIncome: { savingsInterestPaise: 8_000_00, fdInterestPaise: 25_000_00 },
            deductions: { sec80CPaise: 1_80_000_00, sec80D: 25_000_00, sec80CCD1BPaise: 50_000_00, sec80CCD2Paise: (i % 2) * 40_000_00 },
          });
        }
      }
    }
  }
  return out;
}

/** The least a calculator can do: slab tax on a number, no caps, rebate, surcharge, exactness or explanation. */
function bareSlabTax(incomeRupees: number): number {
  const slabs: [number, number][] = [[400_000, 0], [800_000, 5], [1_200_000, 10], [1_600_000, 15], [2_000_000, 20], [2_400_000, 25], [Infinity, 30]];
  let tax = 0;
  let lower = 0;
  for (const [upper, rate] of slabs) {
    if (incomeRupees > lower) tax += ((Math.min(incomeRupees, upper) - lower) * rate) / 100;
    lower = upper;
  }
  return tax * 1.04;
}

function perSecond(fn: (i: number) => unknown, seconds: number): number {
  for (let i = 0; i < 2_000; i += 1) fn(i); // warm-up
  let count = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  while (performance.now() < until) {
    for (let k = 0; k < 100; k += 1) fn(count + k);
    count += 100;
  }
  return Math.round(count / ((performance.now() - started) / 1000));
}

/** Full income-tax computations per second in one process, against bare slab arithmetic. */
export async function runTaxCalculation(): Promise<BenchResult> {
  const inputs = cases();
  let sink = 0;
  const value = perSecond((i) => (sink += computeIncomeTax(inputs[i % inputs.length]!).totalTaxPaise), DURATION_SECONDS);
  const floor = perSecond((i) => (sink += bareSlabTax(inputs[i % inputs.length]!.grossSalaryPaise / 100)), DURATION_SECONDS);
  if (sink === -1) console.log(sink);
  return {
    benchmark: 'tax-calculation',
    value,
    unit: 'calculations/s',
    floor,
    ratio: Number((value / floor).toFixed(4)),
    description: `computeIncomeTax over ${inputs.length.toString()} varied cases (3 years × 3 age bands × 2 regimes × 7 incomes, with caps, house property and surcharge) versus bare slab arithmetic on floats, same process.`,
    environment: { node: process.version, database: 'none', cpus: os.cpus().length, durationSeconds: DURATION_SECONDS, connections: 0 },
  };
}

/** POST /backend/api/tax/calculate requests per second against a bare Fastify POST echoing JSON. */
export async function runTaxCalculateRequest(): Promise<BenchResult> {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'tankha-bench-tax-')), LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1', JWT_SECRET: 'b'.repeat(40), SEED_DEMO: 'false' });
  const { app } = await boot(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = Fastify({ logger: false });
  bare.post('/bare', async (request) => ({ statusCode: 200, message: 'Success', data: request.body }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const port = (server: typeof app.server) => {
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    return address.port.toString();
  };
  const body = JSON.stringify({
    financialYear: '2025-26',
    regimeType: 0,
    ageBand: 'below60',
    grossSalary: 1_500_000,
    exemptions: 100_000,
    professionalTax: 2_500,
    deductions: { '80C': 200_000, '80D': 30_000, '80CCD1B': 50_000, '80CCD2': 0, '24b': 250_000 },
    otherIncome: 20_000,
  });
  const run = async (url: string) => {
    const options = { url, method: 'POST' as const, body, headers: { 'content-type': 'application/json' }, connections: CONNECTIONS };
    await autocannon({ ...options, duration: 1 });
    const result = await autocannon({ ...options, duration: DURATION_SECONDS });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx.toString()} non-2xx, ${result.errors.toString()} errors`);
    return { rps: result.requests.average, p99: result.latency.p99 };
  };
  try {
    const ours = await run(`http://127.0.0.1:${port(app.server)}/backend/api/tax/calculate`);
    const floor = await run(`http://127.0.0.1:${port(bare.server)}/bare`);
    return {
      benchmark: 'tax-calculate-request',
      value: ours.rps,
      unit: 'requests/s',
      floor: floor.rps,
      ratio: Number((ours.rps / floor.rps).toFixed(4)),
      description: 'POST /backend/api/tax/calculate (zod validation, full computation with explanation lines, serialisation) versus a bare Fastify POST echoing the body, same process.',
      environment: { node: process.version, database: config.DATABASE_URL ? 'postgres' : 'pglite', cpus: os.cpus().length, durationSeconds: DURATION_SECONDS, connections: CONNECTIONS },
      details: { p99Ms: ours.p99, floorP99Ms: floor.p99 },
    };
  } finally {
    await app.close();
    await bare.close();
  }
}
