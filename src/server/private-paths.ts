// What the server keeps on disk is for its own account only: the database (password hashes,
// session tokens), the uploaded files, queued emails (live invitation and reset links), the
// secret that signs sessions, and backups of all that. Folders are created 0700 and files 0600
// whatever the umask says, and a folder made by an older version (0755) is narrowed on start.
import { chmod, mkdir } from 'node:fs/promises';

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** Creates `dir` (and missing parents) for this account only, or narrows an existing one to that. */
export async function privateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await narrow(dir, PRIVATE_DIR_MODE);
}

/** Makes an existing file readable by this account only. */
export const privateFile = (file: string) => narrow(file, PRIVATE_FILE_MODE);

async function narrow(target: string, mode: number) {
  await chmod(target, mode).catch((error: NodeJS.ErrnoException) => {
    // A folder an operator prepared under another account (say, group-writable for the server's
    // group) stays as they set it: we may use it but not change it.
    if (error.code !== 'EPERM') throw error;
  });
}
