import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { useMemoryForTempFiles } from './scripts/lib/test-tmpdir.ts';

useMemoryForTempFiles();

// The projects, each run by `npm test` where it belongs (scripts/test-all.sh):
// - unit: the rules, the client's logic and the build's plugins, on no database: run once;
// - api: the server through its HTTP API in the test's process, each file on a database of its
//   own (a copy of a migrated PGlite template, or a fresh database on the PostgreSQL server named
//   by TEST_DATABASE_URL), so files run in parallel: run on both databases;
// - system: the same, with what takes seconds rather than milliseconds (the app and its commands
//   as processes, ffmpeg converting videos, the database going away): on both databases too, and
//   left out of the quick loop of `npm run test:changed`;
// - media: ffmpeg's work on its own (a match's streaming ladder), on no database: run once, beside
//   the API tests on the embedded database;
// - cluster: app processes behind nginx on PostgreSQL and S3, one file at a time.
const withDatabase = { globalSetup: ['tests/api/helpers/global-setup.ts'] };

/**
 * Vitest's order (the slowest first when it remembers the last run's times, the largest file first
 * otherwise), but the system and media projects' files before the API's: left to the end, as Vitest
 * puts one project after another, they made a long tail with one core idle, since they are the
 * longest (videos converted) and some mostly wait (a database stopped and started again).
 */
class SystemFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const slow = (file: TestSpecification) => file.project.name === 'system' || file.project.name === 'media';
    return [...sorted.filter(slow), ...sorted.filter((file) => !slow(file))];
  }
}

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
    sequence: { sequencer: SystemFirst },
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'] } },
      { extends: true, test: { name: 'api', include: ['tests/api/**/*.test.ts'], ...withDatabase } },
      { extends: true, test: { name: 'system', include: ['tests/system/**/*.test.ts'], ...withDatabase } },
      { extends: true, test: { name: 'media', include: ['tests/media/**/*.test.ts'] } },
      // The figures they print are not skewed by other tests running beside them.
      { extends: true, test: { name: 'cluster', include: ['tests/cluster/**/*.test.ts'], fileParallelism: false } },
    ],
  },
});
