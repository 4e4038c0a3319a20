import axe, { type AxeResults } from 'axe-core';
import { appendFile, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { e2eEnv } from './env.ts';

export interface TestUser {
  id: string;
  name: string;
  email: string;
  password: string;
}

let userCounter = 0;

/** An email no other test (or earlier run against the same database) has used. */
export function uniqueEmail(prefix = 'alumno'): string {
  userCounter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${userCounter}@e2e.test`;
}

let adminCookie: Promise<string> | undefined;

/**
 * The admin's session cookie for API calls, signed in once per worker: every login counts
 * against the server's per-address limit, and the browser tests sign in plenty on their own.
 */
function adminSession(): Promise<string> {
  adminCookie ??= (async () => {
    const { baseURL, admin } = e2eEnv();
    const response = await fetch(`${baseURL}/api/auth/login`, {
      method: 'POST',
      headers: { origin: baseURL, 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    if (!response.ok) throw new Error(`login del admin respondió ${response.status}: ${await response.text()}`);
    return response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ');
  })();
  adminCookie.catch(() => (adminCookie = undefined));
  return adminCookie;
}

/** One API call as the admin, from the app's own origin; fails unless it answers `expected`. */
export async function adminApi(method: string, url: string, body: BodyInit | object | undefined, expected: number): Promise<Response> {
  const { baseURL } = e2eEnv();
  const json = body !== undefined && !(body instanceof FormData);
  const response = await fetch(`${baseURL}${url}`, {
    method,
    headers: { origin: baseURL, cookie: await adminSession(), ...(json ? { 'content-type': 'application/json' } : {}) },
    body: json ? JSON.stringify(body) : (body as BodyInit | undefined),
  });
  if (response.status !== expected) throw new Error(`${method} ${url} respondió ${response.status}: ${await response.text()}`);
  return response;
}

// The smallest valid PNG (1×1 px): the server checks uploads by their content.
const tinyPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaPhfDwAE/gH/k8ZNRQAAAABJRU5ErkJggg==', 'base64');

/** Creates a course (with an uploaded cover image) as the admin and, if given, enables it for `userIds`. */
export async function createCourse(
  input: { name?: string; description?: string; enableFor?: string[] } = {},
): Promise<{ id: string; name: string }> {
  const form = new FormData();
  form.append('file', new Blob([tinyPng], { type: 'image/png' }), 'portada.png');
  const image = (await (await adminApi('POST', '/api/images', form, 201)).json()) as { id: string };
  const name = input.name ?? `Curso de prueba ${uniqueEmail('c').split('@')[0]}`;
  const created = await adminApi(
    'POST',
    '/api/courses',
    { name, description: input.description ?? 'Un curso creado por los tests e2e.', imageId: image.id },
    201,
  );
  const { course } = (await created.json()) as { course: { id: string } };
  for (const userId of input.enableFor ?? []) {
    await adminApi(
      'PUT',
      `/api/users/${encodeURIComponent(userId)}/courses/${encodeURIComponent(course.id)}/access`,
      { enabled: true },
      204,
    );
  }
  return { id: course.id, name };
}

/** Creates a user through the API as the admin would (POST /api/users). */
export async function createUser(input: Partial<Omit<TestUser, 'id'>> & { role?: 'student' | 'admin' } = {}): Promise<TestUser> {
  const body = {
    name: input.name ?? 'Alumna de Prueba',
    email: input.email ?? uniqueEmail(),
    password: input.password ?? 'clave-alumno-1',
    role: input.role ?? 'student',
  };
  const response = await adminApi('POST', '/api/users', body, 201);
  const { user } = (await response.json()) as { user: { id: string } };
  return { id: user.id, name: body.name, email: body.email, password: body.password };
}

export const createStudent = (input: Partial<Omit<TestUser, 'id'>> = {}) => createUser({ ...input, role: 'student' });

export interface ReceivedMail {
  file: string;
  to: string;
  subject: string;
  /** The message with quoted-printable soft line breaks and `=XX` escapes decoded. */
  body: string;
}

/** Decodes quoted-printable text: soft line breaks (`=\n`) and `=XX` bytes, read as UTF-8. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A header's value, with folded lines joined and RFC 2047 encoded words (`=?UTF-8?Q?...?=`) decoded. */
function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded);
  const value = (match?.[1] ?? '').replace(/\?=\s+=\?/g, '?==?');
  return value
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_word, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
    .trim();
}

/**
 * Waits until the test SMTP server has received a message to `to` and returns it.
 * Only messages not in `seen` count, so a second email to the same address can be awaited.
 */
export async function waitForEmail(to: string, options: { timeoutMs?: number; seen?: Set<string> } = {}): Promise<ReceivedMail> {
  const { mailDir } = e2eEnv();
  const { timeoutMs = 15_000, seen = new Set() } = options;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = (await readdir(mailDir)).filter((name) => name.endsWith('.eml') && !seen.has(name)).sort();
    for (const file of files) {
      const raw = await readFile(path.join(mailDir, file), 'utf8');
      const recipient = header(raw, 'To');
      if (recipient.toLowerCase().includes(to.toLowerCase())) {
        return { file, to: recipient, subject: header(raw, 'Subject'), body: decodeQuotedPrintable(raw) };
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no llegó ningún email a ${to} en ${timeoutMs / 1000} s`);
}

/** The password-reset link (`<PUBLIC_URL>/reset-password?token=...`) a recovery email carries. */
export function resetLinkFrom(mail: ReceivedMail): string {
  const { baseURL } = e2eEnv();
  const escaped = baseURL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}/reset-password\\?token=[^\\s"'<>&]+`).exec(mail.body);
  if (!match) throw new Error(`el email a ${mail.to} no tiene un enlace de recuperación:\n${mail.body}`);
  return match[0];
}

/** The 'Creá tu contraseña' link (`<PUBLIC_URL>/crear-contrasena?token=...`) an invitation carries. */
export function invitationLinkFrom(mail: ReceivedMail): string {
  const { baseURL } = e2eEnv();
  const escaped = baseURL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}/crear-contrasena\\?token=[^\\s"'<>&]+`).exec(mail.body);
  if (!match) throw new Error(`el email a ${mail.to} no tiene un enlace de invitación:\n${mail.body}`);
  return match[0];
}

/** A new browser context signed in as the admin, on the admin's home page. */
export async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: e2eEnv().baseURL, locale: 'es-AR' });
  const page = await context.newPage();
  await signInThroughApi(page, e2eEnv().admin);
  await page.goto('/');
  await expect(page).toHaveURL(/\/admin\/home$/);
  return page;
}

/**
 * Signs the page's browser in with the login page's own request (the session cookie lands in its
 * context), without opening any page: for tests whose subject comes after signing in. The login
 * page itself is gone through by signIn, in the tests about it.
 */
export async function signInThroughApi(page: Page, user: { email: string; password: string }): Promise<void> {
  const { baseURL } = e2eEnv();
  const response = await page.request.post(`${baseURL}/api/auth/login`, {
    headers: { origin: baseURL },
    data: { email: user.email, password: user.password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Waits until the app runs the whole page. A student's page may come rendered by the server: it
 * shows before the app takes it over, part by part (a page whose code is still loading stays the
 * server's), and a link followed before its part is taken over loads a whole new document. So:
 * every link and button on the page is the app's.
 */
export async function appRunning(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const root = document.getElementById('root');
        if (!root || !Object.keys(root).some((key) => key.startsWith('__reactContainer'))) return false;
        return [...root.querySelectorAll('a, button')].every((element) =>
          Object.keys(element).some((key) => key.startsWith('__reactProps')),
        );
      }),
    )
    .toBe(true);
}

/** Signs in on the login page as a person would. The caller checks where it lands. */
export async function signIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
}

export const screenshotWidths = [360, 1280] as const;
const screenshotDir = path.resolve(import.meta.dirname, '../../artifacts/screenshots');

/**
 * Saves full-page PNGs of the page as it is now at each width, as
 * `artifacts/screenshots/<name>-<width>.png`, then restores the viewport.
 */
/** Every axe scan of a run, one JSON line each (the workers append): global-teardown prints the totals. */
const axeTallyFile = path.resolve(import.meta.dirname, '../../artifacts/axe-tally.jsonl');
/** The routes and dialogs scanned at 1280 px in this run, one per line. */
const desktopScansFile = path.resolve(import.meta.dirname, '../../artifacts/axe-desktop-scans.txt');

export async function resetAxeTally() {
  await rm(axeTallyFile, { force: true });
  await rm(desktopScansFile, { force: true });
}

/** Notes one scanned page or state and the number of elements axe found at fault. */
export async function recordAxeScan(page: Page, violations: number, label?: string) {
  await mkdir(path.dirname(axeTallyFile), { recursive: true });
  const where = label ?? `${new URL(page.url()).pathname} (${page.viewportSize()?.width ?? '?'} px)`;
  await appendFile(axeTallyFile, `${JSON.stringify({ page: where, violations })}\n`);
}

/** The totals of this run's scans: how many pages and states, how many violations. */
export async function axeTally(): Promise<{ scans: number; violations: number; failing: string[] }> {
  const text = await readFile(axeTallyFile, 'utf8').catch(() => '');
  const entries = text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { page: string; violations: number });
  return {
    scans: entries.length,
    violations: entries.reduce((sum, entry) => sum + entry.violations, 0),
    failing: entries.filter((entry) => entry.violations > 0).map((entry) => `${entry.page}: ${entry.violations}`),
  };
}

/**
 * Waits until a dialog's fade-in (a CSS transition) is over, so axe reads its colours as they end
 * up. An animation cut short (the window resized) is done too.
 */
export async function dialogSettled(page: Page, dialog: Locator = page.getByRole('dialog')) {
  await expect.poll(() => dialog.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
}

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe-core's WCAG 2.2 AA rules on the page as it is now: its violations. axe is put in the
 * document once (it stays while the app moves from page to page) and runs there; only the
 * violations are detailed (every rule still runs on every element: what passes is not listed).
 * The only frames the app has are YouTube's player, not the app's own: the frame element is
 * checked (its title), its inside is not.
 */
export async function axeViolations(page: Page): Promise<AxeResults['violations']> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async (tags) => {
    const { axe: inPage } = window as unknown as { axe: typeof axe };
    const results = await inPage.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'], iframes: false });
    return results.violations;
  }, wcagTags);
}

/** Runs axe-core (WCAG 2.2 AA rules) on the page as it is now; a failure lists each rule broken and where. */
export async function expectNoAxeViolations(page: Page, options: { soft?: boolean } = {}) {
  // A toast still fading in or out is drawn half transparent: axe would measure its text's
  // contrast mid-animation. Look while every notice is whole (or gone), and look again if a
  // notice came or started to leave during the look.
  const notices = () =>
    page.evaluate(() => {
      const all = [...document.querySelectorAll('.mantine-Notification-root')];
      const whole = all.every((notice) => {
        for (let element: Element | null = notice; element; element = element.parentElement) {
          if (getComputedStyle(element).opacity !== '1') return false;
        }
        return true;
      });
      return whole ? all.length : -1;
    });
  // Likewise a list shown dimmed while its new results load (aria-busy, half transparent): look
  // once they are in, or after 10 s as it is.
  await page
    .waitForFunction(
      () => ![...document.querySelectorAll('[aria-busy="true"]')].some((element) => getComputedStyle(element).opacity !== '1'),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  // Then a transition under way is drawn half way: a segmented control's indicator still sliding
  // to the option just chosen (or to where a resized window puts it) leaves that option's white
  // text on the light track. Look once the transitions that started by the next frame are over
  // (a spinner's endless animation is not waited for; none takes more than a few seconds).
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const ending = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
      .map((animation) => animation.finished.catch(() => undefined));
    await Promise.race([Promise.all(ending), new Promise((resolve) => setTimeout(resolve, 5_000))]);
  });
  let violations: Awaited<ReturnType<typeof axeViolations>>;
  for (let look = 0; ; look++) {
    await expect.poll(notices, { timeout: 10_000 }).toBeGreaterThanOrEqual(0);
    const before = await notices();
    violations = await axeViolations(page);
    if ((before >= 0 && (await notices()) === before) || look === 4) break;
  }
  await recordAxeScan(
    page,
    violations.reduce((sum, violation) => sum + violation.nodes.length, 0),
  );
  const found = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`).join('\n'),
  );
  const check = options.soft
    ? expect.soft(found, `violaciones de axe en ${page.url()}`)
    : expect(found, `violaciones de axe en ${page.url()}`);
  check.toEqual([]);
}

/**
 * What a desktop scan looks at: the page's route (ids left out) and the dialogs open on it. The
 * same screen in another state (a form's errors, a list filtered) has the same elements and
 * colours at 1280 px as at 360 px, where each state is scanned; what a wider screen changes is
 * the layout around them, which this keeps to one scan per route and dialog.
 */
async function desktopScanKey(page: Page): Promise<string> {
  const route = new URL(page.url()).pathname.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ':id');
  const dialogs = await page.evaluate(() =>
    [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')]
      .map(
        (dialog) =>
          document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent ?? dialog.getAttribute('aria-label') ?? '',
      )
      .sort()
      .join(' | '),
  );
  return `${route} [${dialogs}]`;
}

/** Whether a desktop scan of `key` was made in this run (by any worker), noting it if not. */
async function desktopScanned(key: string): Promise<boolean> {
  const seen = await readFile(desktopScansFile, 'utf8').catch(() => '');
  if (seen.split('\n').includes(key)) return true;
  await mkdir(path.dirname(desktopScansFile), { recursive: true });
  await appendFile(desktopScansFile, `${key}\n`);
  return false;
}

/**
 * Saves full-page screenshots at 360 and 1280 px, and checks them with axe: every screen a test
 * photographs is held to WCAG 2.2 AA at 360 px, and each route and dialog once at 1280 px (see
 * desktopScanKey; a soft check, so the test goes on and reports every screen that fails).
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(screenshotDir, { recursive: true });
  const original = page.viewportSize() ?? { width: 1280, height: 720 };
  for (const width of screenshotWidths) {
    await page.setViewportSize({ width, height: original.height });
    // From the top, so the fixed header is not drawn across the middle of a long page; then
    // let layout and media queries settle after the resize.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.screenshot({ path: path.join(screenshotDir, `${name}-${width}.png`), fullPage: true, animations: 'disabled' });
    if (width === screenshotWidths[0] || !(await desktopScanned(await desktopScanKey(page))))
      await expectNoAxeViolations(page, { soft: true });
  }
  await page.setViewportSize(original);
}

/**
 * From now on, every document the page opens records each video element (<video> or <iframe>)
 * ever put in it, and whether the app had rendered anything when the first one came: see
 * videoElements. An element moved inside the document counts once.
 */
export async function recordVideoElements(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { videoElements: Element[]; firstVideoBeforeApp?: boolean };
    w.videoElements = [];
    new MutationObserver(() => {
      for (const element of document.querySelectorAll('video, iframe')) {
        if (w.videoElements.includes(element)) continue;
        // React has not taken the page's root yet (it marks the element it renders into): the video came with the document's HTML.
        if (w.videoElements.length === 0) {
          const root = document.getElementById('root');
          w.firstVideoBeforeApp = !root || !Object.keys(root).some((key) => key.startsWith('__reactContainer'));
        }
        w.videoElements.push(element);
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** What recordVideoElements saw in the current document, and the video elements in it now. */
export function videoElements(page: Page) {
  return page.evaluate(() => {
    const w = window as unknown as { videoElements: Element[]; firstVideoBeforeApp?: boolean };
    const now = [...document.querySelectorAll('video, iframe')];
    return {
      /** Video elements ever put in the document. */
      seen: w.videoElements.length,
      /** Video elements in it now. */
      inPage: now.length,
      /** The one in the page is the first that ever was. */
      sameAsFirst: now[0] === w.videoElements[0],
      /** It is inside the app's page. */
      inApp: Boolean(now[0]?.closest('#root main')),
      /** The first came before the app rendered anything. */
      beforeApp: w.firstVideoBeforeApp ?? false,
    };
  });
}

/** The session as the page's own origin sees it (GET /api/auth/session with the page's cookies). */
export async function sessionUser(page: Page): Promise<unknown> {
  const response = await page.evaluate(async () => {
    const res = await fetch('/api/auth/session', { headers: { accept: 'application/json' } });
    return { status: res.status, body: (await res.json()) as { user: unknown } };
  });
  expect(response.status).toBe(200);
  return response.body.user;
}

/**
 * Creates a module of `courseId` with its questions as the admin and, if given, enables it
 * for `enableFor` (who must have the course enabled already, see createCourse).
 * The video is a file address on 127.0.0.1, so the module page never reaches the internet.
 */
export async function createModule(input: {
  courseId: string;
  name?: string;
  questions?: string[];
  enableFor?: string[];
  /** Another video address (e.g. YouTube, with the IFrame API faked by fake-youtube.ts). */
  videoUrl?: string;
  /** An uploaded video (uploadVideo) instead of an address. */
  videoId?: string;
  /** The address's 'Duración' in seconds, as the module editor gives it (100 for the default address; for another, unknown when not given). */
  videoDuration?: number;
}): Promise<{ id: string; name: string; questions: Array<{ id: string; text: string }> }> {
  const form = new FormData();
  form.append('file', new Blob([tinyPng], { type: 'image/png' }), 'modulo.png');
  const image = (await (await adminApi('POST', '/api/images', form, 201)).json()) as { id: string };
  const name = input.name ?? `Módulo de prueba ${uniqueEmail('m').split('@')[0]}`;
  const created = await adminApi(
    'POST',
    '/api/modules',
    {
      courseId: input.courseId,
      name,
      imageId: image.id,
      ...(input.videoId
        ? { videoId: input.videoId }
        : input.videoUrl
          ? { videoUrl: input.videoUrl, videoDuration: input.videoDuration ?? null }
          : // The default video: 100 seconds long, as the module editor would have read it.
            { videoUrl: 'https://127.0.0.1/videos/modulo.mp4', videoDuration: input.videoDuration ?? 100 }),
      questions: input.questions ?? [],
    },
    201,
  );
  const { module } = (await created.json()) as { module: { id: string; questions: Array<{ id: string; text: string }> } };
  for (const userId of input.enableFor ?? []) {
    await adminApi(
      'PUT',
      `/api/users/${encodeURIComponent(userId)}/modules/${encodeURIComponent(module.id)}/access`,
      { enabled: true },
      204,
    );
  }
  return { id: module.id, name, questions: module.questions };
}

/** The id of the course's module with this name, as the admin lists them. */
export async function moduleIdByName(courseId: string, name: string): Promise<string> {
  const listed = await adminApi('GET', `/api/courses/${encodeURIComponent(courseId)}/modules`, undefined, 200);
  const { modules } = (await listed.json()) as { modules: Array<{ id: string; name: string }> };
  const found = modules.find((m) => m.name === name);
  if (!found) throw new Error(`no hay un módulo «${name}» en el curso`);
  return found.id;
}

/** 'Habilitar' a module for a user, as the admin. */
export async function enableModule(userId: string, moduleId: string): Promise<void> {
  await adminApi('PUT', `/api/users/${encodeURIComponent(userId)}/modules/${encodeURIComponent(moduleId)}/access`, { enabled: true }, 204);
}

/** The admin's correction of a student's submitted activity, through the API: a verdict per question and feedback on the wrong ones. */
export async function correctAsAdmin(
  userId: string,
  moduleId: string,
  verdicts: boolean[],
  feedback = 'Revisá el reglamento.',
): Promise<void> {
  const viewed = await adminApi(
    'GET',
    `/api/users/${encodeURIComponent(userId)}/modules/${encodeURIComponent(moduleId)}/activity`,
    undefined,
    200,
  );
  const { activity } = (await viewed.json()) as { activity: { id: string; version: number; items: Array<{ id: string }> } };
  await adminApi(
    'POST',
    `/api/activities/${encodeURIComponent(activity.id)}/correction`,
    {
      version: activity.version,
      items: activity.items.map((item, index) => ({
        itemId: item.id,
        correct: verdicts[index] ?? true,
        feedback: verdicts[index] === false ? feedback : null,
      })),
    },
    200,
  );
}

/**
 * A real video clip made by Debian's ffmpeg (a test pattern with a running counter), as the
 * bytes of a WebM (VP9) or MP4 (H.264) file. Nothing is downloaded.
 */
export async function makeClip(format: 'webm' | 'mp4' = 'webm', seconds = 6): Promise<Buffer> {
  const { execFile } = await import('node:child_process');
  const { mkdtemp, rm } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const dir = await mkdtemp(path.join(tmpdir(), 'clip-'));
  const file = path.join(dir, `clip.${format}`);
  const codec =
    format === 'webm'
      ? ['-c:v', 'libvpx-vp9', '-b:v', '150k', '-deadline', 'realtime', '-cpu-used', '8']
      : ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', '+faststart'];
  try {
    await new Promise<void>((resolve, reject) => {
      execFile(
        'ffmpeg',
        ['-loglevel', 'error', '-f', 'lavfi', '-i', `testsrc2=duration=${seconds}:size=320x180:rate=15`, ...codec, '-y', file],
        (error) => (error ? reject(error) : resolve()),
      );
    });
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Uploads a clip as the admin (POST /api/videos) and returns its id. */
export async function uploadVideo(bytes: Buffer, name = 'jugada.webm'): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return ((await (await adminApi('POST', '/api/videos', form, 201)).json()) as { id: string }).id;
}

/** The course's decisions and sanctions, by label. */
export async function jugadaOptions(courseId: string): Promise<Map<string, string>> {
  const response = await adminApi('GET', `/api/courses/${encodeURIComponent(courseId)}/jugada-options`, undefined, 200);
  const { options } = (await response.json()) as {
    options: { decisions: { id: string; label: string }[]; sanctions: { id: string; label: string }[] };
  };
  return new Map([...options.decisions, ...options.sanctions].map((o) => [o.label, o.id]));
}

/** Creates a jugada of the module as the admin; the correct call is given by the options' labels. */
export async function createJugada(
  moduleId: string,
  courseId: string,
  input: {
    videoId: string;
    decision: string;
    sanction: string;
    start?: number | null;
    end?: number | null;
    moment?: number | null;
    tolerance?: number;
    explanation: string;
  },
): Promise<{ id: string }> {
  const ids = await jugadaOptions(courseId);
  const body = {
    video: { kind: 'file', videoId: input.videoId },
    start: input.start ?? null,
    end: input.end ?? null,
    prompt: '¿Qué cobrás?',
    correctDecisionId: ids.get(input.decision),
    correctSanctionId: ids.get(input.sanction),
    moment: input.moment ?? null,
    tolerance: input.tolerance ?? 1,
    explanation: input.explanation,
  };
  const response = await adminApi('POST', `/api/modules/${encodeURIComponent(moduleId)}/jugadas`, body, 201);
  return ((await response.json()) as { jugada: { id: string } }).jugada;
}

/** A module's jugadas as the admin sees them (with their correct call). */
export async function moduleJugadas(
  moduleId: string,
): Promise<Array<{ id: string; prompt: string; video: unknown; correctDecisionId: string; correctSanctionId: string }>> {
  const response = await adminApi('GET', `/api/modules/${encodeURIComponent(moduleId)}/jugadas`, undefined, 200);
  return (
    (await response.json()) as {
      jugadas: Array<{ id: string; prompt: string; video: unknown; correctDecisionId: string; correctSanctionId: string }>;
    }
  ).jugadas;
}

/** A student's call sent with their own signed-in browser's session, as the jugadas page sends it. */
export async function answerAs(
  browser: Browser,
  student: TestUser,
  jugadaId: string,
  decisionId: string,
  sanctionId: string,
  moment: number | null = null,
) {
  const { baseURL } = e2eEnv();
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInThroughApi(page, student);
  const response = await page.request.post(`/api/jugadas/${jugadaId}/answer`, {
    headers: { origin: baseURL },
    data: { decisionId, sanctionId, moment },
  });
  const status = response.status();
  expect(status).toBe(200);
  await context.close();
}

/** The student answers every question of the module and submits, through the API as their browser would. */
export async function submitAs(student: TestUser, moduleId: string, answer = 'Mi respuesta') {
  const { baseURL } = e2eEnv();
  const login = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { origin: baseURL, 'content-type': 'application/json' },
    body: JSON.stringify({ email: student.email, password: student.password }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const own = (await (await fetch(`${baseURL}/api/pages/modules/${moduleId}/activity`, { headers: { cookie } })).json()) as {
    activity: { items: { id: string }[] };
  };
  const response = await fetch(`${baseURL}/api/modules/${moduleId}/activity/submit`, {
    method: 'POST',
    headers: { origin: baseURL, cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ answers: own.activity.items.map((item) => ({ itemId: item.id, answer })) }),
  });
  expect(response.status).toBe(200);
}
