import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildBase, dropPostgresTemplates, type SnapshotPlace } from './snapshots';

export type Backend = 'pglite' | 'postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The database of this project's files (vitest.config.ts gives each integration project one). */
    backend: Backend;
    snapshots: SnapshotPlace;
  }
}

/**
 * Once per run and integration project: the base snapshot of the project's database (migrated,
 * pg-boss's queues created). Each test file then starts from a copy of it, or of a demo snapshot
 * built from it (testing/snapshots.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const backend = project.config.provide.backend ?? 'pglite';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `tankha-test-${backend}-`));
  const url = process.env.TEST_DATABASE_URL;
  if (backend === 'postgres' && !url) throw new Error('the PostgreSQL integration project needs TEST_DATABASE_URL');
  const place: SnapshotPlace = {
    dir,
    postgres: backend === 'postgres' && url ? { url, template: `tankha_tpl_${process.pid.toString()}_${Date.now().toString(36)}` } : null,
  };
  await buildBase(backend, place);
  project.provide('snapshots', place);
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await dropPostgresTemplates(place);
  };
}
