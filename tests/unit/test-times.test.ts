import { describe, expect, it } from 'vitest';
import { formatTables, playwrightRows } from '../times.ts';

describe('npm run test:times', () => {
  it("sums each Playwright file's test durations per project, counting a test failed only when no attempt passed", () => {
    const rows = playwrightRows({
      suites: [
        {
          file: 'smoke.test.ts',
          specs: [{ file: 'smoke.test.ts', tests: [{ projectName: 'chromium', results: [{ duration: 1500, status: 'passed' }] }] }],
          suites: [
            {
              specs: [
                {
                  file: 'smoke.test.ts',
                  tests: [
                    {
                      projectName: 'chromium',
                      results: [
                        { duration: 400, status: 'failed' },
                        { duration: 600, status: 'passed' },
                      ],
                    },
                  ],
                },
                { file: 'smoke.test.ts', tests: [{ projectName: 'chromium', results: [{ duration: 100, status: 'timedOut' }] }] },
              ],
            },
          ],
        },
      ],
    });
    expect(rows).toEqual([{ project: 'playwright chromium', file: 'tests/e2e/smoke.test.ts', ms: 2600, tests: 3, failed: 1 }]);
  });

  it('adds the import time where vitest gave it', () => {
    const text = formatTables([
      { project: 'api-pg', file: 'tests/api/a.test.ts', ms: 3000, importMs: 2500, tests: 2, failed: 0 },
      { project: 'api-pg', file: 'tests/api/b.test.ts', ms: 1000, importMs: 400, tests: 1, failed: 0 },
    ]);
    expect(text).toContain('| file | tests | seconds | of which import |');
    expect(text).toContain('| tests/api/a.test.ts | 2 | 3.0 | 2.5 |');
    expect(text).toContain('| **total** | 3 | **4.0** | 2.9 |');
  });

  it('prints one table per project, slowest file first, with the total', () => {
    const text = formatTables([
      { project: 'api-pg', file: 'tests/api/a.test.ts', ms: 1000, tests: 2, failed: 0 },
      { project: 'api-pg', file: 'tests/api/b.test.ts', ms: 12_340, tests: 3, failed: 1 },
      { project: 'api-pglite', file: 'tests/api/a.test.ts', ms: 500, tests: 2, failed: 0 },
    ]);
    expect(text.split('\n')).toEqual([
      '### api-pg: 2 files, 5 tests, 13.3 s of file time',
      '',
      '| file | tests | seconds |',
      '| --- | ---: | ---: |',
      '| tests/api/b.test.ts (1 failed) | 3 | 12.3 |',
      '| tests/api/a.test.ts | 2 | 1.0 |',
      '| **total** | 5 | **13.3** |',
      '',
      '### api-pglite: 1 files, 2 tests, 0.5 s of file time',
      '',
      '| file | tests | seconds |',
      '| --- | ---: | ---: |',
      '| tests/api/a.test.ts | 2 | 0.5 |',
      '| **total** | 2 | **0.5** |',
      '',
    ]);
  });
});
