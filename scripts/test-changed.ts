// `npm run test:changed`: the quick loop while editing. The unit and API tests related to the files
// changed since main (committed on this branch, uncommitted or new), as Vitest's related mode
// finds them through the imports, on the embedded database; a test file of tests/system or
// tests/media changed is run too. Everything else (PostgreSQL, S3, the system tests, several instances, the browser)
// is `npm test`'s.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);

const base = process.argv[2] ?? 'main';
const since = git('merge-base', 'HEAD', base)[0]!;
const changed = [...new Set([...git('diff', '--name-only', since), ...git('ls-files', '--others', '--exclude-standard')])].filter((file) =>
  existsSync(path.join(root, file)),
);

if (changed.length === 0) {
  console.log(`Nada cambió desde ${base}: no hay pruebas que correr.`);
  process.exit(0);
}
console.log(`Cambiaron ${changed.length} archivo(s) desde ${base}: ${changed.join(', ')}`);

const env = { ...process.env };
delete env.TEST_DATABASE_URL;
const vitest = (args: string[]) => spawnSync('vitest', args, { cwd: root, env, stdio: 'inherit' }).status ?? 1;

let status = vitest(['related', '--run', '--passWithNoTests', '--project', 'unit', '--project', 'api', ...changed]);
const slowTests = changed.filter((file) => /^tests\/(system|media)\//.test(file) && file.endsWith('.test.ts'));
if (slowTests.length > 0) status ||= vitest(['run', '--project', 'system', '--project', 'media', '--passWithNoTests', ...slowTests]);
process.exit(status);
