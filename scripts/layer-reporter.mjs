import fs from 'node:fs';

/**
 * A Vitest reporter that writes, per project, how many tests passed, failed and were skipped to
 * the JSON file named by TEST_LAYER_SUMMARY (scripts/test.mjs reads it for its closing table).
 */
export default class LayerReporter {
  onTestRunEnd(testModules, unhandledErrors) {
    const file = process.env.TEST_LAYER_SUMMARY;
    if (!file) return;
    const projects = {};
    // Each failed test by project, file and name with its error's first line: the closing table lists them,
    // because a CI log's tail is often all one sees of a failure.
    const failures = [];
    for (const module of testModules) {
      const name = module.project.name;
      const counts = (projects[name] ??= { passed: 0, failed: 0, skipped: 0, files: 0 });
      counts.files += 1;
      // A file that failed to load has no tests: it counts as one failure.
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) {
        counts.failed += 1;
        failures.push(`${name} ${module.relativeModuleId}: ${firstLine(module.errors()[0])}`);
      }
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === 'passed') counts.passed += 1;
        else if (result.state === 'failed') {
          counts.failed += 1;
          failures.push(`${name} ${module.relativeModuleId} › ${test.fullName}: ${firstLine(result.errors?.[0])}`);
        } else counts.skipped += 1;
      }
    }
    // An unhandled error fails the run with every test passed: its first lines go to the closing table,
    // which is what a CI log's tail shows.
    const errors = unhandledErrors.map((error) => {
      const where = error?.VITEST_TEST_PATH ?? error?.VITEST_TEST_NAME ?? '';
      const text = String(error?.stack ?? error?.message ?? error).split('\n').slice(0, 4).join(' | ');
      return where ? `${where}: ${text}` : text;
    });
    fs.writeFileSync(file, JSON.stringify({ projects, failures, unhandledErrors: unhandledErrors.length, errors }));
  }
}

function firstLine(error) {
  if (!error) return 'no error recorded';
  return String(error.message ?? error).split('\n')[0].slice(0, 300);
}
