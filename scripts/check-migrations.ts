// Checks that the migrations in drizzle/ produce exactly the schema in src/server/db/schema.ts:
// drizzle-kit generates into a copy of the folder, and any new migration means someone changed
// the schema without running `npm run db:generate`. Also runs drizzle-kit's own consistency check.
import { spawnSync } from 'node:child_process';
import { cp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// drizzle-kit only understands output folders relative to where it runs.
const copy = 'node_modules/.tmp/migrations-check';

/** Runs drizzle-kit; it exits 0 even when it fails, so its error output counts too. */
function kit(...args: string[]) {
  const result = spawnSync('drizzle-kit', args, { cwd: root, encoding: 'utf8' });
  if (result.status !== 0 || /error/i.test(result.stderr)) {
    console.error(result.stdout, result.stderr);
    throw new Error(`drizzle-kit ${args[0]} falló`);
  }
  return result.stdout;
}

await rm(path.join(root, copy), { recursive: true, force: true });
try {
  await cp(path.join(root, 'drizzle'), path.join(root, copy), { recursive: true });
  const before = new Set(await readdir(path.join(root, copy)));
  kit('generate', '--dialect', 'postgresql', '--schema', './src/server/db/schema.ts', '--out', copy);
  const added = (await readdir(path.join(root, copy))).filter((name) => !before.has(name));
  if (added.length > 0) {
    console.error(
      `El esquema (src/server/db/schema.ts) no coincide con las migraciones: falta generar ${added.join(', ')}. Ejecutá \`npm run db:generate\`.`,
    );
    process.exit(1);
  }
  kit('check', '--dialect', 'postgresql', '--out', './drizzle');
  console.log('Las migraciones coinciden con el esquema.');
} finally {
  await rm(path.join(root, copy), { recursive: true, force: true });
}
