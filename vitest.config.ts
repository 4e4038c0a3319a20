import { accessSync, constants } from 'node:fs';
import { defineConfig } from 'vitest/config';

// Each test file copies a migrated database (40 MB, a thousand files) and writes its uploads in
// temp folders: in memory where the machine has a tmpfs (Linux's /dev/shm), a copy takes 50 ms
// instead of more than a second on disk. Set before the workers start, so they inherit it.
function inMemoryTmp(): string | undefined {
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return undefined;
  }
}
const memory = process.env.TMPDIR ? undefined : inMemoryTmp();
if (memory) process.env.TMPDIR = memory;

// Three projects, run by `npm test` each where it belongs (scripts/test-all.sh):
// - unit: the rules, the client's logic and the build's plugins, on no database: run once;
// - api: the server through its HTTP API, each file on a database of its own (a copy of a
//   migrated PGlite template, or a fresh database on the PostgreSQL server named by
//   TEST_DATABASE_URL), so files run in parallel: run on both databases;
// - cluster: app processes behind nginx on PostgreSQL and S3, one file at a time.
export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    // Each file builds its own app on its own database: the workers' processes are reused
    // between files instead of loading the server's modules again for each one.
    isolate: false,
    // Two cores: one test file per core.
    maxWorkers: 2,
    // Password hashing (scrypt) makes a login take tens of milliseconds; rate-limit tests log in dozens of times.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'] } },
      {
        extends: true,
        test: { name: 'api', include: ['tests/api/**/*.test.ts'], globalSetup: ['tests/api/helpers/global-setup.ts'] },
      },
      // The figures they print are not skewed by other tests running beside them.
      { extends: true, test: { name: 'cluster', include: ['tests/cluster/**/*.test.ts'], fileParallelism: false } },
    ],
  },
});
