// The module page's data comes inside its document (the server puts the signed-in student's
// page data there), so the page asks for nothing before showing the video; without it, the page
// asks once, as soon as the document arrives, not after the session and the code. Navigating
// between the student's pages reuses what it holds.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  adminApi,
  appRunning,
  createCourse,
  createModule,
  createStudent,
  makeClip,
  recordVideoElements,
  signIn,
  signInThroughApi,
  uploadVideo,
  videoElements,
} from './helpers.ts';
import { fakePlayerState, fakeYouTubeInPage } from './fake-youtube.ts';

/** Every API request the page makes (images aside), and every CSP complaint. */
function watch(page: Page) {
  const api: string[] = [];
  const all: string[] = [];
  const cspErrors: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    all.push(url.pathname);
    if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/images/')) api.push(url.pathname);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
  });
  return { api, all, cspErrors };
}

/** How the page's document came: 'cache' when it is the browser's own copy. */
const delivery = (page: Page) =>
  page.evaluate(
    () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & { deliveryType?: string }).deliveryType,
  );

/** What the signed-in student watched of a module's video, reported as a player would: the answer's status. */
const reportWatched = (page: Page, moduleId: string, duration: number, position: number) =>
  page.evaluate(
    async ({ id, duration, position }) => {
      const body = JSON.stringify({ duration, position, intervals: [[0, position]] });
      return (await fetch(`/api/modules/${id}/watched`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).status;
    },
    { id: moduleId, duration, position },
  );

async function studentWithModules() {
  const student = await createStudent();
  const course = await createCourse({ enableFor: [student.id] });
  const first = await createModule({ courseId: course.id, name: 'Reglas del pasivo', enableFor: [student.id] });
  await createModule({ courseId: course.id, name: 'Señas del árbitro' });
  return { student, course, first };
}

test('opening a module: its data comes with the document, no request before the video, and back to the list with no new request', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const { student, course, first } = await studentWithModules();
  await signIn(page, student);
  // Home's own data request is over before the module page is watched.
  await expect(page.getByRole('main').getByText(course.name).first()).toBeVisible();
  const { api, cspErrors } = watch(page);

  await page.goto(`/${course.id}/${first.id}/modulo`);
  await expect(page.getByRole('heading', { name: 'Reglas del pasivo' })).toBeVisible();
  await expect(page.locator('video')).toBeAttached();
  await expect(page.getByText(student.name)).toBeAttached();
  await appRunning(page);
  // No session check, no data request: the document brought the user, the module and the list.
  expect(api).toEqual([]);
  expect(cspErrors).toEqual([]);

  // Back to the course's modules: the list came with the module page, nothing is asked again.
  await page.getByRole('main').getByRole('link', { name: 'Módulos' }).click();
  await expect(page).toHaveURL(new RegExp(`/${course.id}/modulos$`));
  await expect(page.getByText('Señas del árbitro')).toBeVisible();
  expect(api).toEqual([]);

  // Into the module and its activities inside the app: one request for the activities.
  await page
    .getByRole('link', { name: /Reglas del pasivo/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Reglas del pasivo' })).toBeVisible();
  await page.getByRole('link', { name: 'Actividades' }).click();
  await expect(page.getByRole('heading', { name: /Actividades|Reglas del pasivo/ }).first()).toBeVisible();
  expect(api).toEqual([`/api/pages/modules/${first.id}/activity`]);
});

test('the module page arrives rendered with its video, and the app takes that same video element over; signing out takes it away', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const { student, course, first } = await studentWithModules();
  await signIn(page, student);
  await expect(page).toHaveURL(/\/inicio$/);
  await recordVideoElements(page);
  let documentHtml = '';
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'document') documentHtml = await response.text().catch(() => '');
  });

  await page.goto(`/${course.id}/${first.id}/modulo`);
  // The app's page is there...
  await expect(page.getByRole('link', { name: 'Actividades' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reglas del pasivo' })).toHaveCount(1);
  expect(documentHtml).toMatch(/<main[\s\S]*<h1[^>]*>Reglas del pasivo<\/h1>[\s\S]*<video /);
  // ...with one video, the very element the document brought (before any of the app), now inside the app's page.
  expect(await videoElements(page)).toEqual({ seen: 1, inPage: 1, sameAsFirst: true, inApp: true, beforeApp: true });

  // Signing out: the login page, and the video is gone with the module page. The page came drawn
  // by the server: a tap that lands before the app has taken it over does nothing, so tap again.
  await expect(async () => {
    await page.getByRole('button', { name: 'Abrir menú' }).click({ timeout: 2_000 });
    await expect(page.getByRole('button', { name: 'Cerrar menú' })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  await expect(page.locator('video, iframe')).toHaveCount(0);
  // And the module's address now gives the login page, without the video in its document: the
  // browser's copy of the module page was for the session that ended.
  await page.goto(`/${course.id}/${first.id}/modulo`);
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  expect(await delivery(page)).not.toBe('cache');
  expect(documentHtml).not.toContain('<video');
  await expect(page.locator('video, iframe')).toHaveCount(0);
});

test("a module page opened again shows the browser's copy at once, then what changed since: the position, 'Visto N %', a block", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const student = await createStudent();
  const course = await createCourse({ enableFor: [student.id] });
  const videoId = await uploadVideo(await makeClip('webm', 20), 'clase.webm');
  const module = await createModule({ courseId: course.id, name: 'Reglas guardadas', videoId, enableFor: [student.id] });
  const url = `/${course.id}/${module.id}/modulo`;
  // What the page shows when its document is read, before any of the app runs.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive')
        (window as unknown as { documentText: string }).documentText = document.getElementById('root')?.textContent ?? '';
    });
  });
  const documentText = () => page.evaluate(() => (window as unknown as { documentText: string }).documentText);
  const videoTime = () => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);
  await signIn(page, student);
  await expect(page).toHaveURL(/\/inicio$/);

  // The first visit: the server's page, nothing watched yet.
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'Reglas guardadas' })).toBeVisible();
  expect(await delivery(page)).not.toBe('cache');
  await appRunning(page);
  await expect(page.getByText(/^Visto \d+ %$/)).toHaveCount(0);

  // Meanwhile (on another phone, say) the student watched the first 12 of its 20 seconds, and
  // wrote their name in full. Leaving this page, whose video nobody played, reports nothing: it
  // would put the position back where this page had it.
  const report = page.waitForRequest(/\/watched$/, { timeout: 2_000 }).then(
    (request) => request.url(),
    () => null,
  );
  await page.getByRole('main').getByRole('link', { name: 'Módulos' }).click();
  await expect(page).toHaveURL(new RegExp(`/${course.id}/modulos$`));
  expect(await report).toBeNull();
  expect(await reportWatched(page, module.id, 20, 12)).toBe(200);
  const renamed = await page.evaluate(async () => {
    const body = JSON.stringify({ name: 'Alumna Guardada Completa' });
    return (await fetch('/api/me', { method: 'PATCH', headers: { 'content-type': 'application/json' }, body })).status;
  });
  expect(renamed).toBe(200);

  // Opened again: the browser's copy shows the page as it was, video included, and the app asks
  // for the page's data once; the fresh data then shows, and the video waits at 12 s.
  const { api } = watch(page);
  await page.goto(url);
  expect(await delivery(page)).toBe('cache');
  expect(await documentText()).toContain('Reglas guardadas');
  expect(await documentText()).not.toContain('Visto');
  await expect(page.getByText('Visto 60 %')).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Alumna Guardada Completa');
  await expect.poll(videoTime, { timeout: 15_000 }).toBeCloseTo(12, 0);
  await expect(page.locator('video')).toHaveCount(1);
  // (The video's own files aside: the poster comes once the video's processing has finished.)
  const media = new RegExp(`^/api/modules/${module.id}/(video|poster|captions)`);
  expect(api.filter((path) => !media.test(path))).toEqual([`/api/pages/modules/${module.id}`]);

  // The instructor blocks the module: the copy still opens, and the page then says it is not available.
  await adminApi(
    'PUT',
    `/api/users/${encodeURIComponent(student.id)}/modules/${encodeURIComponent(module.id)}/access`,
    { enabled: false },
    204,
  );
  await page.goto(`/${course.id}/modulos`);
  await page.goto(url);
  expect(await delivery(page)).toBe('cache');
  await expect(page.getByRole('heading', { name: 'No está disponible' })).toBeVisible();
  await expect(page.locator('video')).toHaveCount(0);
});

test("a YouTube module opened again from the browser's copy is cued where the student left off since, not played", async ({
  playwright,
  baseURL,
}) => {
  const student = await createStudent();
  const course = await createCourse({ enableFor: [student.id] });
  const module = await createModule({
    courseId: course.id,
    name: 'Reglas en YouTube guardadas',
    videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    videoDuration: 100,
    enableFor: [student.id],
  });
  const url = `/${course.id}/${module.id}/modulo`;
  // A browser of its own where nothing but this machine resolves, so YouTube's frame needs no routing.
  const browser = await playwright.chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'],
  });
  try {
    const context = await browser.newContext({ baseURL, locale: 'es-AR', serviceWorkers: 'block' });
    await fakeYouTubeInPage(context);
    const page = await context.newPage();
    const cued = () =>
      page.evaluate(() => (window as unknown as { __fakeYouTube?: { cued?: { startSeconds: number } } }).__fakeYouTube?.cued);
    await signInThroughApi(page, student);
    await page.goto(url);
    await expect.poll(() => fakePlayerState(page)).toMatchObject({ tookOver: true, startAt: 0 });
    await appRunning(page);

    // Meanwhile the student watched up to 42 s elsewhere; the copy of the page still says 0.
    expect(await reportWatched(page, module.id, 100, 42.5)).toBe(200);
    await page.goto(`/${course.id}/modulos`);
    await page.goto(url);
    expect(await delivery(page)).toBe('cache');
    await expect(page.getByText('Visto 42 %')).toBeVisible();
    await expect.poll(cued).toEqual({ videoId: 'dQw4w9WgXcQ', startSeconds: 42 });
    expect(await fakePlayerState(page)).toMatchObject({ tookOver: true, frameInPage: true });
    expect(await page.evaluate(() => (window as unknown as { __fakeYouTube: { state: number } }).__fakeYouTube.state)).toBe(5);
  } finally {
    await browser.close();
  }
});

test('the rendered module page lays out the way back, the title, the badges and the video where the running app puts them, at 360 and 1280 px', async ({
  page,
}) => {
  const { student, course, first } = await studentWithModules();
  await signIn(page, student);
  await expect(page).toHaveURL(/\/inicio$/);
  // Some of the video watched: the page shows 'Visto N %' beside 'Sin responder'.
  expect(await reportWatched(page, first.id, 100, 42.5)).toBe(200);
  const boxes = () =>
    page.evaluate(() => {
      const box = (element: Element | null | undefined) => {
        const r = element!.getBoundingClientRect();
        return [r.x, r.y, r.width, r.height].map((n) => Math.round(n));
      };
      const heading = document.querySelector('h1')!;
      return {
        back: box([...document.querySelectorAll('main a')].find((a) => a.textContent?.trim() === 'Módulos')),
        title: box(heading),
        badges: [...heading.parentElement!.querySelectorAll('.mantine-Badge-root')].map((badge) => [
          badge.textContent,
          ...box(badge).slice(0, 2),
        ]),
        video: box(document.querySelector('video, iframe')),
      };
    });
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 740 });
    // The server's render alone: the app's code never comes.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(`/${course.id}/${first.id}/modulo`);
    await expect(page.locator('main video')).toBeVisible();
    const drawn = await boxes();
    expect(drawn.badges.map(([text]) => text)).toEqual(['Visto 42 %', 'Sin responder']);
    await page.unroute('**/assets/*.js');
    await page.goto(`/${course.id}/${first.id}/modulo`);
    await expect(page.getByRole('link', { name: 'Actividades' })).toBeVisible();
    const app = await boxes();
    // Where the app puts each, within a pixel.
    for (const key of ['back', 'title', 'video'] as const)
      drawn[key].forEach((n, i) => expect(Math.abs(n - app[key][i]!), `${key} at ${width} px`).toBeLessThanOrEqual(1));
    expect(app.badges.map(([text]) => text)).toEqual(['Visto 42 %', 'Sin responder']);
    drawn.badges.forEach(([, x, y], i) => {
      expect(Math.abs((x as number) - (app.badges[i]![1] as number))).toBeLessThanOrEqual(1);
      expect(Math.abs((y as number) - (app.badges[i]![2] as number))).toBeLessThanOrEqual(1);
    });
  }
});

for (const [what, change] of [
  [
    'without the data in the document',
    (html: string) => html.replace(/<script type="application\/json" id="aula-page-data"[^>]*>[\s\S]*?<\/script>/, ''),
  ],
  [
    'with data the page cannot read',
    (html: string) => html.replace(/(<script type="application\/json" id="aula-page-data"[^>]*>)[\s\S]*?(<\/script>)/, '$1{"user":$2'),
  ],
  ['with data of another page', (html: string) => html.replace(/(id="aula-page-data" data-url=")[^"]*/, '$1/api/pages/home')],
] as const) {
  test(`${what}, the module page asks for its data once as the app starts, and no session check`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const { student, course, first } = await studentWithModules();
    await signIn(page, student);
    await expect(page.getByRole('main').getByText(course.name).first()).toBeVisible();
    let changed = false;
    await page.route(`**/${first.id}/modulo`, async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      const body = change(html);
      changed = body !== html;
      const headers = { ...response.headers() };
      delete headers['content-encoding'];
      delete headers['content-length'];
      await route.fulfill({ response, body, headers });
    });
    const { api, all, cspErrors } = watch(page);

    await page.goto(`/${course.id}/${first.id}/modulo`);
    await expect(page.getByRole('heading', { name: 'Reglas del pasivo' })).toBeVisible();
    await expect(page.locator('video')).toBeAttached();
    // The app running on the page (the rendered page alone shows the heading too).
    await appRunning(page);
    await page.waitForLoadState('networkidle');
    expect(changed).toBe(true);
    expect(api).toEqual([`/api/pages/modules/${first.id}`]);
    // And the page's code, asked for as the app starts.
    expect(all.some((name) => /^\/assets\/module-page-[^/]+\.js$/.test(name))).toBe(true);
    expect(cspErrors).toEqual([]);
  });
}

test('a cold first load of the module page at 360 px transfers at most 250 KB, its code compressed', async ({ page, browser, baseURL }) => {
  const student = await createStudent();
  const course = await createCourse({ enableFor: [student.id] });
  const module = await createModule({ courseId: course.id, name: 'Señas del árbitro', enableFor: [student.id] });
  await signIn(page, student);
  await expect(page).toHaveURL(/\/inicio$/);

  // A new browser profile: nothing cached, only the session cookie.
  const cold = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'es-AR' });
  await cold.addCookies(await page.context().cookies());
  const coldPage = await cold.newPage();
  const cdp = await cold.newCDPSession(coldPage);
  await cdp.send('Network.enable');
  const responses = new Map<string, { url: string; encoding: string; csp: string | undefined; cacheControl: string | undefined }>();
  let bytes = 0;
  cdp.on('Network.responseReceived', (event) => {
    const headers = Object.fromEntries(Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]));
    responses.set(event.requestId, {
      url: event.response.url,
      encoding: headers['content-encoding'] ?? '',
      csp: headers['content-security-policy'],
      cacheControl: headers['cache-control'],
    });
  });
  cdp.on('Network.loadingFinished', (event) => {
    if (responses.get(event.requestId)?.url.startsWith(baseURL!)) bytes += event.encodedDataLength;
  });
  await coldPage.goto(`/${course.id}/${module.id}/modulo`);
  await expect(coldPage.getByRole('heading', { name: 'Señas del árbitro' })).toBeVisible();
  await expect(coldPage.locator('video')).toBeAttached();
  await coldPage.waitForLoadState('networkidle');

  const scripts = [...responses.values()].filter((r) => new URL(r.url).pathname.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((r) => r.encoding !== 'br').map((r) => r.url)).toEqual([]);
  const document = [...responses.values()].find((r) => new URL(r.url).pathname.endsWith('/modulo'));
  expect(document?.encoding).toBe('br');
  // The policies travel with the document only, not with each of its ~50 scripts.
  expect(document?.csp).toContain("default-src 'self'");
  expect(scripts.filter((r) => r.csp !== undefined).map((r) => r.url)).toEqual([]);
  // Hashed app files are kept for a year by anyone; the document, which carries the student's
  // page data, only by this browser, for a few minutes (and for this session: see the next test).
  expect(scripts.filter((r) => r.cacheControl !== 'public, max-age=31536000, immutable').map((r) => r.url)).toEqual([]);
  expect(document?.cacheControl).toMatch(/^private, max-age=\d+$/);
  expect(bytes).toBeGreaterThan(10_000);
  // PRODUCT.md: under 250 KB (Moodle's course page: 1.15 MB). It counts what the browser fetches
  // while idle for the next page (the activities' code) too.
  expect(bytes).toBeLessThanOrEqual(250 * 1024);
  await cold.close();
});
