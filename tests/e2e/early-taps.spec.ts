// A first visit on a slow phone (Chromium's CPU six times slower, 300 ms of latency, 50 kB/s):
// the module page drawn by the server shows long before the app's code has arrived, and a person
// taps what they see. A tap 100 ms after the first paint reaches its page: a link is a real link
// the browser follows, and a button's tap is kept and carried out once the app takes the page over.
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { fakeYouTubeInPage } from './fake-youtube.ts';
import { appRunning, createCourse, createModule, createStudent, signInThroughApi } from './helpers.ts';

/** A new browser profile (nothing cached) with the student's session, on the slow phone's CPU and network. */
async function slowPhone(browser: Browser, student: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'es-AR', serviceWorkers: 'block' });
  const page = await context.newPage();
  await fakeYouTubeInPage(page);
  await signInThroughApi(page, student);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 300,
    downloadThroughput: 50_000,
    uploadThroughput: 25_000,
  });
  return page;
}

/** Waits for the first contentful paint, then 100 ms more. */
async function firstPaintAndABit(page: Page) {
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { polling: 20 });
  await page.waitForTimeout(100);
}

/** Whether the page is still the server's: the app's code has taken none of it over yet (React's props on no element). */
const stillTheServers = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('#root *')].every((element) => !Object.keys(element).some((key) => key.startsWith('__reactProps'))),
  );

test.describe('a tap before the app has started', () => {
  test.setTimeout(120_000);

  test('a link tapped 100 ms after the first paint reaches its page', async ({ browser }) => {
    const student = await createStudent();
    const course = await createCourse({ enableFor: [student.id] });
    const module = await createModule({ courseId: course.id, name: 'Señas del árbitro', enableFor: [student.id] });
    const page = await slowPhone(browser, student);
    const started = Date.now();
    await page.goto(`/${course.id}/${module.id}/modulo`, { waitUntil: 'commit' });
    await firstPaintAndABit(page);
    expect(await stillTheServers(page)).toBe(true);
    await page.getByRole('main').getByRole('link', { name: 'Módulos', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${course.id}/modulos$`), { timeout: 60_000 });
    await expect(page.getByRole('link', { name: /Señas del árbitro/ })).toBeVisible({ timeout: 60_000 });
    test.info().annotations.push({ type: 'tiempo', description: `${Date.now() - started} ms` });
  });

  test('a button tapped 100 ms after the first paint is carried out once the app has the page (the menu opens)', async ({ browser }) => {
    const student = await createStudent();
    const course = await createCourse({ enableFor: [student.id] });
    const module = await createModule({ courseId: course.id, name: 'Ventaja', enableFor: [student.id] });
    const page = await slowPhone(browser, student);
    await page.goto(`/${course.id}/${module.id}/modulo`, { waitUntil: 'commit' });
    await firstPaintAndABit(page);
    expect(await stillTheServers(page)).toBe(true);
    const menu = page.getByRole('button', { name: 'Abrir menú' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    // Once the app runs the page, the tap is carried out: the menu is open, once.
    await appRunning(page);
    await expect(page.getByRole('button', { name: 'Cerrar menú' }).or(menu)).toHaveAttribute('aria-expanded', 'true', { timeout: 60_000 });
  });
});
