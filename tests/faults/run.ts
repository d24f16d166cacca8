/**
 * `npm run test:faults`: the load and fault-injection runs, on the PostgreSQL of TEST_DATABASE_URL.
 * `npm run test:faults -- --soak` (or `npm run test:faults --soak`): the ten-minute soak run instead
 * (tests/faults/soak.ts; not in CI).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

if (!process.env.TEST_DATABASE_URL) {
  console.error('npm run test:faults a besoin de TEST_DATABASE_URL (par ex. postgres://postgres@127.0.0.1:5432/test).');
  process.exit(2);
}
// `npm run x --soak` hands the flag to npm, which passes it on as npm_config_soak.
const soak = process.argv.includes('--soak') || process.env.npm_config_soak === 'true';
const result = soak
  ? spawnSync(process.execPath, [path.join(import.meta.dirname, 'soak.ts')], { stdio: 'inherit' })
  : spawnSync('vitest', ['run', '--project', 'faults'], { stdio: 'inherit', env: { ...process.env, RUN_FAULTS: '1' } });
process.exit(result.status ?? 1);
