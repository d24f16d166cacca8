/**
 * A vitest reporter for `npm run test:times` (tests/times.ts): writes each file's whole time — import,
 * hooks (where each file's database is set up) and tests — to $TEST_TIMES_FILE. Vitest's JSON
 * reporter only spans a file's first to last test, leaving out `beforeAll`.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export interface VitestFileTime {
  project: string;
  file: string;
  ms: number;
  /** Of `ms`, the time spent preparing and importing the file before its first hook. */
  importMs: number;
  tests: number;
  failed: number;
}

export default class FileTimesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const target = process.env.TEST_TIMES_FILE;
    if (!target) return;
    const rows: VitestFileTime[] = testModules.map((module) => {
      const diagnostic = module.diagnostic();
      const tests = [...module.children.allTests()];
      return {
        project: module.project.name,
        file: path.relative(process.cwd(), module.moduleId),
        ms: Math.round(diagnostic.prepareDuration + diagnostic.collectDuration + diagnostic.setupDuration + diagnostic.duration),
        importMs: Math.round(diagnostic.prepareDuration + diagnostic.collectDuration + diagnostic.setupDuration),
        tests: tests.length,
        failed: tests.filter((test) => test.result().state === 'failed').length,
      };
    });
    writeFileSync(target, JSON.stringify(rows, null, 2));
  }
}
