import { test as base, expect } from '@playwright/test';
import { e2eEnv } from './env.ts';

/** Playwright's `test`, pointed at the app global-setup.ts started. */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
  baseURL: async ({}, use) => {
    await use(e2eEnv().baseURL);
  },
});

export { expect };
