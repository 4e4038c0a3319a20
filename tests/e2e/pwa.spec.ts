// The installable app: the manifest and its icons, the service worker that keeps the app's shell
// so a page opened without signal still shows the app (never the browser's error page), the
// banner while there is no connection, 'Instalar Aula Virtual' where the browser offers it, and
// a new version announced and applied only when the person chooses 'Actualizar'.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { appRunning, createCourse, createStudent, expectNoAxeViolations, screenshot, signIn } from './helpers.ts';

// The other specs keep service workers out of their way (playwright.config.ts); these are about them.
test.use({ serviceWorkers: 'allow' });

const offlineText = 'Sin conexión: lo que hagas se guarda en el teléfono y se envía al volver la señal';

/** Width and height of a PNG, from its header. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/** Waits until the service worker is active and controls the page (after a reload, for the first visit). */
async function serviceWorkerInControl(page: Page) {
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state)).toBe('activated');
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** A signed-in student with one course, on their home page, with the service worker in control. */
async function studentInApp(page: Page) {
  const student = await createStudent({ name: 'Lucía Sin Señal' });
  const course = await createCourse({ enableFor: [student.id] });
  await signIn(page, student);
  await expect(page).toHaveURL(/\/inicio$/);
  await serviceWorkerInControl(page);
  await appRunning(page);
  return { student, course };
}

/** Every URL the service worker's own caches hold (the downloads' cache aside: it is empty here anyway). */
function cachedUrls(page: Page) {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
}

test('the manifest is linked, in Spanish, with a start page and icons that load', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const response = await request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    lang: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Aula Virtual',
    short_name: 'Aula Virtual',
    lang: 'es-AR',
    start_url: '/',
    display: 'standalone',
  });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toBeTruthy();
  const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of manifest.icons) {
    const image = await request.get(new URL(icon.src, page.url()).href);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    expect(pngSize(await image.body())).toBe(icon.sizes);
  }
  const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  const apple = await request.get(appleIcon!);
  expect(apple.status()).toBe(200);
  expect(pngSize(await apple.body())).toBe('180x180');
  expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(manifest.theme_color);
});

test('without signal the app still opens, says so, and holds nobody’s data in its caches', async ({ page, context }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const { course } = await studentInApp(page);
  // With signal, the student's page comes from the server with her data in it.
  await page.reload();
  await expect(page.locator('#aula-page-data')).toHaveCount(1);
  const banner = page.getByRole('status').filter({ hasText: offlineText });
  await expect(banner).toHaveCount(0);

  await context.setOffline(true);
  await expect(banner).toBeVisible();
  // Opening the app without signal: the shell the service worker kept, not the browser's error
  // page; her home page is the copy her browser kept of it a moment ago, for her session only.
  for (const path of ['/', '/inicio', `/${course.id}`]) {
    const response = await page.goto(path);
    expect(response?.fromServiceWorker(), path).toBe(true);
    await expect(page.getByRole('button', { name: 'Abrir menú' })).toBeVisible();
    await expect(banner).toBeVisible();
    await expect(banner).toHaveText(offlineText);
    await expect(page.locator('#aula-page-data')).toHaveCount(path === '/inicio' ? 1 : 0);
  }
  // The banner does not cover the page: the page's end stays above it.
  const overlap = await page.evaluate(() => {
    const main = document.querySelector('main')!;
    const footer = document.querySelector('footer, .mantine-AppShell-footer')!;
    return parseFloat(getComputedStyle(main).paddingBottom) - footer.getBoundingClientRect().height;
  });
  expect(overlap).toBeGreaterThanOrEqual(0);
  await expectNoAxeViolations(page);
  await screenshot(page, 'offline-banner');

  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
  await expect(page.getByText(offlineText)).toHaveCount(0);

  // What the service worker keeps is the app's own files: no API answer, no page with data.
  const urls = await cachedUrls(page);
  expect(urls).toContain('/index.html');
  expect(urls.some((url) => url.startsWith('/assets/') && url.endsWith('.js'))).toBe(true);
  expect(urls.filter((url) => url.startsWith('/api/'))).toEqual([]);
  expect(urls).not.toContain('/inicio');

  // It is the trainees' app (the module page among it), not the instructors' pages, and its code
  // is at most 300 KB as the server sends it (compressed).
  const scripts = urls.filter((url) => url.startsWith('/assets/') && url.endsWith('.js'));
  expect(scripts.some((url) => url.startsWith('/assets/module-page-'))).toBe(true);
  expect(scripts.filter((url) => /^\/assets\/(admin-area|progress-board-page|create-module-page)-/.test(url))).toEqual([]);
  const built = path.resolve(import.meta.dirname, '../../dist/client');
  const sent = (url: string) => statSync(existsSync(`${built}${url}.br`) ? `${built}${url}.br` : `${built}${url}`).size;
  expect(scripts.reduce((sum, url) => sum + sent(url), 0)).toBeLessThanOrEqual(300 * 1024);
});

/** The browser's install offer, as Chrome on Android sends it; `window.installAnswered` records the dialog. */
async function offerInstall(page: Page, outcome: 'accepted' | 'dismissed') {
  await page.evaluate((outcome) => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(event, {
      prompt: () => {
        (window as unknown as { installAnswered: string }).installAnswered = outcome;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome }),
    });
    window.dispatchEvent(event);
  }, outcome);
}

test("'Instalar Aula Virtual' shows in the menu only where the browser offers it, and opens the browser's dialog", async ({ page }) => {
  const student = await createStudent({ name: 'Tomás Instala' });
  await signIn(page, student);
  await expect(page).toHaveURL(/\/inicio$/);
  await appRunning(page);
  const menu = page.getByRole('navigation', { name: 'Menú principal' });
  const openMenu = () => page.getByRole('button', { name: 'Abrir menú' }).click();
  const installEntry = menu.getByRole('button', { name: /Instalar Aula Virtual/ });

  await openMenu();
  await expect(menu.getByRole('link', { name: 'Mi cuenta' })).toBeVisible();
  await expect(installEntry).toHaveCount(0);
  await page.getByRole('button', { name: 'Cerrar menú' }).click();

  await offerInstall(page, 'dismissed');
  await openMenu();
  await expect(installEntry).toBeVisible();
  await screenshot(page, 'install-button');
  await installEntry.click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { installAnswered?: string }).installAnswered)).toBe('dismissed');
  // Dismissed: the offer is used up, the entry goes.
  await openMenu();
  await expect(menu.getByRole('link', { name: 'Mi cuenta' })).toBeVisible();
  await expect(installEntry).toHaveCount(0);
  await page.getByRole('button', { name: 'Cerrar menú' }).click();

  // Installed from the browser's own menu meanwhile: nothing left to offer.
  await offerInstall(page, 'accepted');
  await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
  await openMenu();
  await expect(menu.getByRole('link', { name: 'Mi cuenta' })).toBeVisible();
  await expect(installEntry).toHaveCount(0);
});

test("a new version waits for 'Actualizar': no reload by itself, then one reload into it", async ({ page }) => {
  await studentInApp(page);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
  // A mark on this page: it survives as long as the page is not reloaded.
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));

  // A new version of the worker is installed, as after a deploy (the same scope, another script
  // address: the browser installs it and keeps it waiting).
  await page.evaluate(async () => void (await navigator.serviceWorker.register('/sw.js?version=2')));
  const notice = page.getByRole('status').filter({ hasText: 'Hay una versión nueva' });
  await expect(notice).toBeVisible();
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.scriptURL))
    .toMatch(/version=2$/);
  await expectNoAxeViolations(page);
  await screenshot(page, 'update-prompt');
  // Nothing happens under the trainee's feet: the old version keeps the page.
  await page.waitForTimeout(1500);
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);

  const reloaded = page.waitForEvent('load');
  await notice.getByRole('button', { name: 'Actualizar' }).click();
  await reloaded;
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBeUndefined();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/version=2$/);
  await appRunning(page);
});
