import { defineConfig } from 'vitest/config';
import { useMemoryForTempFiles } from './scripts/lib/test-tmpdir.ts';

useMemoryForTempFiles();

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
