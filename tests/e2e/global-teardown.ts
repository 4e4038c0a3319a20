import { stopE2e } from './global-setup.ts';

/** Stops the app and the test SMTP server that global-setup.ts started. */
export default async function globalTeardown(): Promise<void> {
  await stopE2e();
}
