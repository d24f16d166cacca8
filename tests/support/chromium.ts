/**
 * The flags every run of the system Chromium starts it with on this machine (the browser tests,
 * playwright.config.ts, and the benchmarks, bench/pages.ts): no sandbox or GPU in a container, and
 * no background traffic to skew a measurement.
 */
export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
