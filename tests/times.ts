/**
 * `npm run test:times [-- files… | --only=vitest|playwright | --reports=DIR]`: runs vitest (JSON reporter,
 * plus tests/times-reporter.ts for each file's whole time) and Playwright (JSON reporter) into a
 * temporary folder, then prints each file's duration, slowest first, with the total per project and
 * the load average, so anyone can see where the time goes (docs/testing.md). Arguments under tests/e2e
 * go to Playwright, other paths and `--project=…` to vitest; `--reports=DIR` prints tables from an
 * earlier run's folder without running anything.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { VitestFileTime } from './times-reporter.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);

interface Row {
  project: string;
  file: string;
  ms: number;
  /** vitest only: of `ms`, preparing and importing the file. */
  importMs?: number;
  tests: number;
  failed: number;
}

interface PlaywrightSuite {
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: { file: string; tests: { projectName: string; results: { duration: number; status: string }[] }[] }[];
}

/** Sums each file's test durations per Playwright project (tests of a file run one after another). */
export function playwrightRows(report: { suites?: PlaywrightSuite[] }): Row[] {
  const rows = new Map<string, Row>();
  const visit = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const key = `${test.projectName}\0${spec.file}`;
        const row = rows.get(key) ?? { project: `playwright ${test.projectName}`, file: path.join('tests/e2e', spec.file), ms: 0, tests: 0, failed: 0 };
        row.tests += 1;
        for (const result of test.results) row.ms += result.duration;
        if (test.results.some((result) => result.status !== 'passed' && result.status !== 'skipped') && !test.results.some((result) => result.status === 'passed')) row.failed += 1;
        rows.set(key, row);
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites ?? []) visit(suite);
  return [...rows.values()];
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** One Markdown table per project, slowest file first, then the project's total. */
export function formatTables(rows: Row[]): string {
  const projects = [...new Set(rows.map((row) => row.project))].sort();
  const out: string[] = [];
  for (const project of projects) {
    const mine = rows.filter((row) => row.project === project).sort((a, b) => b.ms - a.ms);
    const total = mine.reduce((sum, row) => sum + row.ms, 0);
    out.push(`### ${project}: ${mine.length} files, ${mine.reduce((sum, row) => sum + row.tests, 0)} tests, ${seconds(total)} s of file time`, '');
    // Where the import time is known, show it: on a loaded machine importing the app can outweigh the tests.
    const withImport = mine.some((row) => row.importMs !== undefined);
    out.push(withImport ? '| file | tests | seconds | of which import |' : '| file | tests | seconds |', withImport ? '| --- | ---: | ---: | ---: |' : '| --- | ---: | ---: |');
    for (const row of mine) {
      out.push(`| ${row.file}${row.failed ? ` (${row.failed} failed)` : ''} | ${row.tests} | ${seconds(row.ms)} |${withImport ? ` ${seconds(row.importMs ?? 0)} |` : ''}`);
    }
    const importTotal = mine.reduce((sum, row) => sum + (row.importMs ?? 0), 0);
    out.push(`| **total** | ${mine.reduce((sum, row) => sum + row.tests, 0)} | **${seconds(total)}** |${withImport ? ` ${seconds(importTotal)} |` : ''}`, '');
  }
  return out.join('\n');
}

function run(command: string, args: string[], env: Record<string, string>): { status: number; ms: number } {
  const started = performance.now();
  // The project's Node 24 first on PATH (the runners' `#!/usr/bin/env node`), as `npm run` does.
  const PATH = `${path.join(ROOT, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH ?? ''}`;
  const result = spawnSync(command, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, PATH, ...env } });
  return { status: result.status ?? 1, ms: performance.now() - started };
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const only = args.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
  const reportsArg = args.find((arg) => arg.startsWith('--reports='))?.slice('--reports='.length);
  const rest = args.filter((arg) => !arg.startsWith('--only=') && !arg.startsWith('--reports='));
  const e2eArgs = rest.filter((arg) => arg.includes('tests/e2e'));
  const vitestArgs = rest.filter((arg) => !arg.includes('tests/e2e'));
  const vitestFiles = vitestArgs.filter((arg) => !arg.startsWith('-'));
  // Files named for one runner only: leave the other out.
  const runVitest = only ? only === 'vitest' : e2eArgs.length === 0 || vitestFiles.length > 0;
  const runPlaywright = only ? only === 'playwright' : vitestFiles.length === 0;
  const dir = reportsArg ?? mkdtempSync(path.join(tmpdir(), 'innercircle-times-'));
  const vitestTimes = path.join(dir, 'vitest-files.json');
  const playwrightJson = path.join(dir, 'playwright.json');
  const load = [
    `load average at start: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(', ')}`,
  ];
  const walls: string[] = [];
  let status = 0;
  if (!reportsArg && runVitest) {
    const result = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(dir, 'vitest.json')}`, '--reporter=./tests/times-reporter.ts', ...vitestArgs], {
      TEST_TIMES_FILE: vitestTimes,
    });
    walls.push(`vitest wall time: ${seconds(result.ms)} s`);
    status ||= result.status;
  }
  if (!reportsArg && runPlaywright) {
    const result = run(bin('playwright'), ['test', '--reporter=list,json', ...e2eArgs], { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightJson });
    walls.push(`playwright wall time: ${seconds(result.ms)} s`);
    status ||= result.status;
  }
  load.push(
    `load average at end: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(', ')}`,
  );
  const rows: Row[] = [];
  if (existsSync(vitestTimes)) rows.push(...(JSON.parse(readFileSync(vitestTimes, 'utf8')) as VitestFileTime[]));
  if (existsSync(playwrightJson)) rows.push(...playwrightRows(JSON.parse(readFileSync(playwrightJson, 'utf8'))));
  process.stdout.write(`\n${formatTables(rows)}\n${[...walls, ...(reportsArg ? [] : load)].join('\n')}\nreports in ${dir}\n`);
  process.exit(status);
}
