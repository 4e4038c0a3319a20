// A Vitest reporter beside the others: appends each test file's time (importing it, its hooks and
// its tests) as "<seconds>\t<file>" lines to the file named by TEST_FILE_TIMES, for the list of
// the slowest files that scripts/test-all.sh prints at the end.
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const root = path.resolve(import.meta.dirname, '../..');

export default class FileTimes implements Reporter {
  onTestModuleEnd(testModule: TestModule) {
    const out = process.env.TEST_FILE_TIMES;
    if (!out) return;
    const { collectDuration, setupDuration, duration } = testModule.diagnostic();
    const seconds = (collectDuration + setupDuration + duration) / 1000;
    appendFileSync(out, `${seconds.toFixed(1)}\t${path.relative(root, testModule.moduleId)}\n`);
  }
}
