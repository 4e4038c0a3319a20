import { stopE2e } from './global-setup.ts';
import { axeTally } from './helpers.ts';

/** Stops the app and the test SMTP server that global-setup.ts started; prints the run's axe totals. */
export default async function globalTeardown(): Promise<void> {
  await stopE2e();
  const { scans, violations, failing } = await axeTally();
  if (scans === 0) return;
  console.log(`\nAxe (WCAG 2.2 AA) en toda la corrida: ${scans} páginas y estados, ${violations} violaciones`);
  for (const entry of failing) console.log(`  ${entry}`);
}
