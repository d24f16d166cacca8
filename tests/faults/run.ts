/** `npm run test:faults`: the load and fault-injection runs, on the PostgreSQL of TEST_DATABASE_URL. */
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  console.error('npm run test:faults a besoin de TEST_DATABASE_URL (par ex. postgres://postgres@127.0.0.1:5432/test).');
  process.exit(2);
}
const result = spawnSync('vitest', ['run', '--project', 'faults'], { stdio: 'inherit', env: { ...process.env, RUN_FAULTS: '1' } });
process.exit(result.status ?? 1);
