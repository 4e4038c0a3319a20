// Prints "<passed> <failed>" from a Vitest or Playwright JSON report.
import { readFileSync } from 'node:fs';

const report = JSON.parse(readFileSync(process.argv[2]!, 'utf8'));
if (typeof report.numPassedTests === 'number') {
  // Vitest: a file that fails to load counts as a failure even with no test run.
  const failedFiles = (report.testResults ?? []).filter((f: { status: string; assertionResults: unknown[] }) => f.status === 'failed' && f.assertionResults.length === 0).length;
  console.log(`${report.numPassedTests} ${report.numFailedTests + failedFiles}`);
} else if (report.stats) {
  // Playwright: flaky tests passed on retry.
  const { expected = 0, unexpected = 0, flaky = 0 } = report.stats;
  console.log(`${expected + flaky} ${unexpected + (report.errors?.length ?? 0)}`);
} else {
  throw new Error('Reporte de pruebas desconocido');
}
