// Where a `node --cpu-prof` profile's time went: self time by function and by file (package),
// the top entries of each. `node scripts/profile-summary.ts FILE.cpuprofile [N]`.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const [file, top = '25'] = process.argv.slice(2);
if (!file) {
  console.error('Uso: node scripts/profile-summary.ts PERFIL.cpuprofile [N]');
  process.exit(1);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);

/** node_modules/<package> or the project's file, without the machine's path. */
function where(url: string): string {
  if (!url) return '(nativo)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = url.slice(modules + 13).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  if (url.startsWith('node:')) return url;
  const src = url.indexOf('/src/');
  return src >= 0 ? url.slice(src + 1) : url.replace(/^file:\/\//, '');
}

const byFunction = new Map<string, number>();
const byFile = new Map<string, number>();
for (const [id, time] of self) {
  const { callFrame } = byId.get(id)!;
  const place = where(callFrame.url);
  const name = `${callFrame.functionName || '(anónima)'} ${place}${callFrame.url ? `:${callFrame.lineNumber + 1}` : ''}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + time);
  byFile.set(place, (byFile.get(place) ?? 0) + time);
}

const show = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [name, time] of [...map].sort((a, b) => b[1] - a[1]).slice(0, Number(top))) {
    console.log(`${((time / total) * 100).toFixed(1).padStart(5)}%  ${(time / 1000).toFixed(0).padStart(7)} ms  ${name}`);
  }
};
console.log(`${file}: ${(total / 1000).toFixed(0)} ms muestreados`);
show('Tiempo propio por función', byFunction);
show('Tiempo propio por archivo o paquete', byFile);

// `--callers=NAME`: the call stacks (five frames up) that spent self time in functions named NAME.
const callersOf = process.argv.find((a) => a.startsWith('--callers='))?.slice(10);
if (callersOf) {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const stacks = new Map<string, number>();
  for (const [id, time] of self) {
    if (byId.get(id)!.callFrame.functionName !== callersOf) continue;
    const frames: string[] = [];
    for (let at = parent.get(id); at !== undefined && frames.length < 6; at = parent.get(at)) {
      const { callFrame } = byId.get(at)!;
      frames.push(`${callFrame.functionName || '(anónima)'}@${where(callFrame.url)}:${callFrame.lineNumber + 1}`);
    }
    const key = frames.join(' < ');
    stacks.set(key, (stacks.get(key) ?? 0) + time);
  }
  show(`Quién llama a ${callersOf}`, stacks);
}

// `--inclusive`: total time (self and callees) by function, counted once per stack.
if (process.argv.includes('--inclusive')) {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const inclusive = new Map<string, number>();
  for (const [id, time] of self) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { callFrame } = byId.get(at)!;
      const name = `${callFrame.functionName || '(anónima)'} ${where(callFrame.url)}${callFrame.url ? `:${callFrame.lineNumber + 1}` : ''}`;
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + time);
    }
  }
  show('Tiempo total (con lo que llama) por función', inclusive);
}
