// A Vite plugin: of Mantine's whole style sheet (@mantine/core/styles.css, about 26 KB
// compressed in every first load), the build keeps only the rules of the components the app
// uses. Which those are is read from the code at build time: every name the app (and the Mantine
// packages it uses: charts, notifications) imports from '@mantine/core', followed through
// Mantine's own modules to the CSS modules they use. The sheet keeps its order and its rem
// values; Mantine's per-component files (@mantine/core/styles/*.css) would give that order to
// the app to keep, and write sizes in px, which do not grow with the reader's font size.
// The development server keeps the whole sheet, so a component just added is styled at once.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';
import type { Plugin } from 'vite';

const projectRoot = path.resolve(import.meta.dirname, '../..');
const mantineRoot = path.join(projectRoot, 'node_modules/@mantine');
const coreModules = path.join(mantineRoot, 'core/esm');
const componentSheets = path.join(mantineRoot, 'core/styles');

function filesUnder(directory: string, wanted: (name: string) => boolean): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    if (statSync(full).isDirectory()) return filesUnder(full, wanted);
    return wanted(name) ? [full] : [];
  });
}

/** The names these files import from '@mantine/core' (types aside). */
function namesImportedFromCore(files: string[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    for (const [, list] of readFileSync(file, 'utf8').matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'@mantine\/core'/g)) {
      for (const item of list!.split(',')) {
        const name = item.trim();
        if (name && !name.startsWith('type ')) names.add(name.split(/\s+as\s+/)[0]!.trim());
      }
    }
  }
  return names;
}

/** The components whose styles the modules behind `names` use (by Mantine's name: 'Button', 'Input'…). */
function sheetsBehind(names: Set<string>): Set<string> {
  const index = readFileSync(path.join(coreModules, 'index.mjs'), 'utf8');
  const moduleOf = new Map<string, string>();
  for (const [, list, from] of index.matchAll(/export\s*\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    for (const item of list!.split(','))
      moduleOf.set(
        item
          .trim()
          .split(/\s+as\s+/)
          .pop()!,
        path.join(coreModules, from!),
      );
  }
  const seen = new Set<string>();
  const sheets = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    for (const [, target] of readFileSync(file, 'utf8').matchAll(/(?:import|export)[^'"]*['"](\.[^'"]+)['"]/g)) {
      const next = path.join(path.dirname(file), target!);
      if (next.endsWith('.module.css.mjs')) sheets.add(path.basename(next, '.module.css.mjs'));
      else visit(next);
    }
  };
  for (const name of names) {
    const file = moduleOf.get(name);
    if (!file) throw new Error(`'${name}' is not exported by @mantine/core`);
    visit(file);
  }
  return sheets;
}

/** The Mantine components whose styles the app's client code needs. */
export function mantineSheetsInUse(): Set<string> {
  const appFiles = filesUnder(path.join(projectRoot, 'src/client'), (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name));
  const packageFiles = ['charts', 'notifications'].flatMap((name) =>
    filesUnder(path.join(mantineRoot, name, 'esm'), (file) => file.endsWith('.mjs')),
  );
  return sheetsBehind(new Set([...namesImportedFromCore(appFiles), ...namesImportedFromCore(packageFiles)]));
}

/** Each component's classes (`m_…`), from its own style file. */
function classesBySheet(): Map<string, Set<string>> {
  const bySheet = new Map<string, Set<string>>();
  for (const file of readdirSync(componentSheets)) {
    if (!file.endsWith('.css') || file.endsWith('.layer.css')) continue;
    const classes = readFileSync(path.join(componentSheets, file), 'utf8').matchAll(/\.(m_[0-9a-f]+)/g);
    bySheet.set(file.replace(/\.css$/, ''), new Set([...classes].map(([, name]) => name!)));
  }
  return bySheet;
}

/**
 * Mantine's whole sheet without the rules that style only components not in `used`: a rule is
 * dropped when every class it names belongs to unused components alone. Rules naming no
 * component class (the reset, the global classes, keyframes) stay, and so does the order.
 */
export function withoutUnusedMantineStyles(css: string, used: Set<string>): string {
  const bySheet = classesBySheet();
  const usedClasses = new Set([...bySheet].filter(([sheet]) => used.has(sheet)).flatMap(([, classes]) => [...classes]));
  const unusedOnly = new Set(
    [...bySheet].filter(([sheet]) => !used.has(sheet)).flatMap(([, classes]) => [...classes].filter((name) => !usedClasses.has(name))),
  );
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    const classes = [...rule.selector.matchAll(/\.(m_[0-9a-f]+)/g)].map(([, name]) => name!);
    if (classes.length > 0 && classes.every((name) => unusedOnly.has(name))) rule.remove();
  });
  root.walkAtRules((atRule) => {
    if (atRule.nodes?.length === 0) atRule.remove();
  });
  return root.toString();
}

export function mantineStylesInUse(): Plugin {
  let used: Set<string> | undefined;
  return {
    name: 'aula-mantine-styles-in-use',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]@mantine[\\/]core[\\/]styles\.css(\?|$)/.test(id)) return undefined;
      used ??= mantineSheetsInUse();
      return { code: withoutUnusedMantineStyles(code, used), map: null };
    },
  };
}
