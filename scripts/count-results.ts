// Prints "<passed> <failed> <flaky>" from a Vitest or Playwright JSON report; with --flaky the
// names of the tests that passed only on a retry (they count as neither passed nor failed); with
// --failed the names of those that failed (and of files that did not load); with --files each Playwright spec file's time, one "<seconds>\t<file>" line each (scripts/test-all.sh
// lists the slowest; Vitest's come from scripts/lib/vitest-file-times.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults?: {
    status: string;
    name: string;
    message?: string;
    assertionResults: { status: string; fullName: string; retryCount?: number }[];
  }[];
}
interface PlaywrightSuite {
  title: string;
  specs?: { title: string; file: string; tests: { status: string; results?: { duration: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightReport {
  stats: { expected?: number; unexpected?: number; flaky?: number };
  errors?: unknown[];
  suites?: PlaywrightSuite[];
}

const report = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as VitestReport | PlaywrightReport;
const listFlaky = process.argv.includes('--flaky');
const listFailed = process.argv.includes('--failed');
const listFiles = process.argv.includes('--files');
const seconds = (ms: number) => (ms / 1000).toFixed(1);

if (listFiles) {
  const times = new Map<string, number>();
  if (!('numPassedTests' in report)) {
    const walk = (suite: PlaywrightSuite) => {
      for (const spec of suite.specs ?? []) {
        const ms = spec.tests.flatMap((t) => t.results ?? []).reduce((sum, r) => sum + r.duration, 0);
        const file = path.join('tests/e2e', spec.file);
        times.set(file, (times.get(file) ?? 0) + ms);
      }
      (suite.suites ?? []).forEach(walk);
    };
    (report.suites ?? []).forEach(walk);
  }
  for (const [file, ms] of times) console.log(`${seconds(ms)}\t${file}`);
  process.exit(0);
}

if ('numPassedTests' in report) {
  const files = report.testResults ?? [];
  // A file that fails to load counts as a failure even with no test run.
  const failedFiles = files.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
  const flaky = files.flatMap((f) =>
    f.assertionResults.filter((t) => t.status === 'passed' && (t.retryCount ?? 0) > 0).map((t) => t.fullName),
  );
  const relative = (file: string) => path.relative(process.cwd(), file);
  if (listFlaky) flaky.forEach((name) => console.log(name));
  else if (listFailed) {
    for (const file of files) {
      if (file.status === 'failed' && file.assertionResults.length === 0)
        console.log(`${relative(file.name)}: ${file.message ?? 'no cargó'}`);
      for (const t of file.assertionResults) if (t.status === 'failed') console.log(`${relative(file.name)} › ${t.fullName}`);
    }
  } else console.log(`${report.numPassedTests - flaky.length} ${report.numFailedTests + failedFiles} ${flaky.length}`);
} else if (report.stats) {
  const { expected = 0, unexpected = 0, flaky = 0 } = report.stats;
  if (listFlaky || listFailed) {
    const status = listFlaky ? 'flaky' : 'unexpected';
    const walk = (suite: PlaywrightSuite): string[] => [
      ...(suite.specs ?? []).filter((spec) => spec.tests.some((t) => t.status === status)).map((spec) => `${spec.file} › ${spec.title}`),
      ...(suite.suites ?? []).flatMap(walk),
    ];
    (report.suites ?? []).flatMap(walk).forEach((name) => console.log(name));
    if (listFailed)
      for (const error of report.errors ?? []) console.log(`error fuera de las pruebas: ${JSON.stringify(error).slice(0, 300)}`);
  } else {
    console.log(`${expected} ${unexpected + (report.errors?.length ?? 0)} ${flaky}`);
  }
} else {
  throw new Error('Reporte de pruebas desconocido');
}
