import { test as base, expect } from '@playwright/test';
import { e2eEnv } from './env.ts';

/** Playwright's `test`, pointed at the app global-setup.ts started. */
export const test = base.extend<{ closeOpenedContexts: void }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
  baseURL: async ({}, use) => {
    await use(e2eEnv().baseURL);
  },
  // A browser context a test opened itself (a second person, a slow phone) is closed when the test
  // ends, also when it failed halfway: left open, its pages kept running in the worker's browser
  // beside every later test: two slow-phone pages (throttled CPU and network) left open made the
  // server answer a static file in seconds at times, and the browser tests took 9.5–13 min, not 7.5.
  // Set up before the test's own context and torn down after it, so it never closes that one early.
  closeOpenedContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(
        browser
          .contexts()
          .filter((context) => !before.has(context))
          .map((context) => context.close()),
      );
    },
    { auto: true },
  ],
});

export { expect };
