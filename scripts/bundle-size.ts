// Reports the JavaScript the login route downloads (gzip), from the built index.html.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

const dist = path.resolve('dist/client');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
let total = 0;
for (const file of scripts) total += gzipSync(readFileSync(path.join(dist, file))).length;
const kb = total / 1024;
console.log(`JavaScript de la ruta de login: ${kb.toFixed(1)} KB gzip en ${scripts.length} archivos (límite 150 KB)`);
if (process.argv.includes('--check') && kb > 150) process.exit(1);
