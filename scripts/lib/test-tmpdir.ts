// Where the tests keep their temp folders: in memory where the machine has a tmpfs (Linux's
// /dev/shm). Each API test file copies a migrated database (40 MB, a thousand files) and the
// browser tests' app writes its database and uploads: on a tmpfs a copy takes 50 ms instead of
// more than a second on disk. The test configs call this before any worker starts, so the
// workers (and the app processes they start) inherit TMPDIR; one already set is kept.
import { accessSync, constants } from 'node:fs';

export function useMemoryForTempFiles(): void {
  if (process.env.TMPDIR) return;
  try {
    accessSync('/dev/shm', constants.W_OK);
    process.env.TMPDIR = '/dev/shm';
  } catch {
    // No tmpfs: the system's temp folder.
  }
}
