import { defineConfig } from 'vitest/config';

// Server tests: each file gets its own database (a copy of a migrated PGlite template, or a
// fresh database on the PostgreSQL server named by TEST_DATABASE_URL), so files run in parallel.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/cluster/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/api/helpers/global-setup.ts'],
    pool: 'forks',
    // Each file builds its own app on its own database: the workers' processes are reused
    // between files instead of loading the server's modules again for each one.
    isolate: false,
    // Two cores: one test file per core.
    maxWorkers: 2,
    // Password hashing (scrypt) makes a login take tens of milliseconds; rate-limit tests log in dozens of times.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
