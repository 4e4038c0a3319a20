import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { useMemoryForTempFiles } from './scripts/lib/test-tmpdir.ts';

// The app's data folder and the suite's mail go to memory where there is a tmpfs.
useMemoryForTempFiles();

const ci = Boolean(process.env.CI);

// Debian's Chromium. Without a window, its headless shell (package chromium-headless-shell, the
// same browser without the parts a window needs, as Playwright itself runs headless tests): a
// third less work for the same pages. `--headed`, `--debug` or `--ui` need the whole browser.
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const windowed = ['--headed', '--debug', '--ui'].some((flag) => process.argv.includes(flag));
export const chromiumPath = !windowed && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium';

// End-to-end tests: a real Chromium (Debian's, never a downloaded one) against the built app,
// which tests/e2e/global-setup.ts starts on 127.0.0.1 with its own data folder and SMTP server.
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  globalTeardown: './tests/e2e/global-teardown.ts',
  // Three, on two cores: a journey waits much of its time (the server, a timer, a video), and a
  // third keeps the cores busy meanwhile (a run took 430 s with three against 500 s with two).
  workers: 3,
  // Each test makes its own course, people and data: a long file's tests spread over the workers.
  fullyParallel: true,
  forbidOnly: ci,
  retries: ci ? 1 : 0,
  // A journey signs in (a real password hash), clicks through several pages and takes screenshots;
  // on a busy two-core machine one takes 30–40 s. Longer ones set their own.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: ci ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]] : [['list']],
  use: {
    // The app's address is only known once global-setup.ts has started it: see fixtures.ts.
    locale: 'es-AR',
    // Traces are recorded when a failed test is retried (CI); locally, run with `--trace on` to get one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // The app's service worker stays out of the way of the tests that mock the network (page.route
    // does not see what a worker answers); the specs about it (pwa.spec.ts, the offline journey)
    // turn it on with test.use({ serviceWorkers: 'allow' }).
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromiumPath,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
});
