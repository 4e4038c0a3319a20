// The benchmark's browser part: what a student feels first — from a navigation, or from tapping a
// module in the list, to the module's video in the page — in Debian's Chromium at 360 px, on a
// desktop and on emulated phones (Chromium's CPU throttling and network conditions, through CDP).
// The clock is the page's own: a MutationObserver, set before any of the page's code runs, notes
// when the first video element is in the document; a tap is timed from its pointerdown.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type BrowserContext, type Page } from '@playwright/test';

export interface Profile {
  name: 'desktop' | 'phone' | 'slow-phone';
  /** Chromium's CPU throttling (1: none). */
  cpu: number;
  /** Added round trip, ms, and bandwidth down/up, bytes per second (null: the loopback as it is). */
  network: { latency: number; down: number; up: number } | null;
}

export const profiles: Profile[] = [
  { name: 'desktop', cpu: 1, network: null },
  // A mid-range phone on mobile data: the product's speed goals are set here.
  { name: 'phone', cpu: 4, network: { latency: 150, down: 200_000, up: 93_750 } },
  { name: 'slow-phone', cpu: 6, network: { latency: 300, down: 50_000, up: 25_000 } },
];

export interface ProfileFigures {
  /** A warm navigation to the module page (its files in the browser's cache) → the video in the page. */
  navigationToVideoMs: { median: number; all: number[] };
  /** The same, in a browser that keeps the service worker out: what the worker costs or saves. */
  navigationToVideoWithoutWorkerMs: { median: number; all: number[] };
  /**
   * The floor under the goals: the same warm navigation to a page holding only a heading and the
   * video's frame, from a server that does nothing else. What the browser itself takes, on this
   * profile, for a document that comes through the network.
   */
  bareDocumentToVideoMs: { median: number; all: number[] };
  /** That page's first contentful paint: the floor under the first paint's goal. */
  bareDocumentFirstPaintMs: { median: number; all: number[] };
  /** Its first load in a new context: what a fresh context costs the browser before any page's own work. */
  bareDocumentColdToVideoMs: { median: number; all: number[] };
  /** The same navigations → the browser's first contentful paint. */
  firstContentfulPaintMs: { median: number; all: number[] };
  /** A tap on a module of the course's list (the app already open) → the video in the page. */
  tapToVideoMs: { median: number; all: number[] };
  /** First loads, each in a new context with an empty cache → the video; and every byte our origin sent for one. */
  coldToVideoMs: { median: number; all: number[] };
  coldLoadBytes: number;
}

export interface BrowserTarget {
  base: string;
  courseId: string;
  moduleId: string;
  /** The signed-in student's cookie header. */
  cookie: string;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Set before any of the page's code: the video's arrival, a tap's time, and a stand-in for YouTube's API. */
function clockScript() {
  const w = window as unknown as { videoAt?: number; tapAt?: number; YT?: unknown };
  const seen = () => {
    if (!w.videoAt && document.querySelector('iframe[src*="youtube"], video')) w.videoAt = performance.now();
  };
  new MutationObserver(seen).observe(document, { childList: true, subtree: true });
  addEventListener('pointerdown', () => (w.tapAt = performance.now()), { capture: true });
  // YouTube's IFrame API cannot come from the internet here: a stand-in takes over the frame in the
  // page, as the real one (cached on a warm load) does.
  class Player {
    private frame: HTMLIFrameElement;
    constructor(element: HTMLElement, options: { host?: string; videoId?: string; events?: { onReady?: () => void } }) {
      if (element instanceof HTMLIFrameElement) this.frame = element;
      else {
        this.frame = document.createElement('iframe');
        this.frame.src = `${options.host ?? 'https://www.youtube.com'}/embed/${options.videoId}?enablejsapi=1`;
        element.replaceWith(this.frame);
      }
      setTimeout(() => options.events?.onReady?.(), 0);
    }
    getCurrentTime = () => 0;
    getDuration = () => 0;
    getPlayerState = () => -1;
    seekTo() {}
    cueVideoById() {}
    destroy() {}
  }
  w.YT = { Player, PlayerState: { ENDED: 0, PLAYING: 1, PAUSED: 2, CUED: 5 } };
}

/** The profile's CPU and network on the page, through CDP; the session, to watch the network. */
export async function emulate(page: Page, profile: Profile) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  if (profile.cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
  if (profile.network) {
    const { latency, down, up } = profile.network;
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency, downloadThroughput: down, uploadThroughput: up });
  }
  return cdp;
}

const videoAt = (page: Page) =>
  page
    .waitForFunction(() => (window as unknown as { videoAt?: number }).videoAt, undefined, { timeout: 60_000 })
    .then((handle) => handle.jsonValue() as Promise<number>);
const firstContentfulPaint = (page: Page) =>
  page
    .waitForFunction(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime, undefined, { timeout: 60_000 })
    .then((handle) => handle.jsonValue() as Promise<number>);

/** A phone-sized context signed in with the target's cookie (if any); `script` runs before any of the page's code. */
export async function newContext(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  target: Pick<BrowserTarget, 'base' | 'cookie'>,
  script: () => void = clockScript,
  serviceWorkers: 'allow' | 'block' = 'allow',
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'es-AR', serviceWorkers });
  if (target.cookie) {
    await context.addCookies(
      target.cookie.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name: name!, value: value.join('='), url: target.base };
      }),
    );
  }
  await context.addInitScript(script);
  return context;
}

/** A first load in a new context (its cache empty) → the video; and every byte the target's origin sent. */
export async function coldLoad(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  target: Pick<BrowserTarget, 'base' | 'cookie'>,
  profile: Profile,
  url: string,
) {
  const context = await newContext(browser, target);
  const page = await context.newPage();
  const cdp = await emulate(page, profile);
  const urlOf = new Map<string, string>();
  let bytes = 0;
  cdp.on('Network.responseReceived', (event) => urlOf.set(event.requestId, event.response.url));
  cdp.on('Network.loadingFinished', (event) => {
    if (urlOf.get(event.requestId)?.startsWith(target.base)) bytes += event.encodedDataLength;
  });
  await page.goto(url);
  const toVideo = await videoAt(page);
  await page.waitForLoadState('networkidle');
  await context.close();
  return { toVideo, bytes };
}

/**
 * Waits until the app's service worker answers the page. An install whose precache missed a
 * file (a busy machine) is dropped by the browser and tried again only on the next page load,
 * as a person's next visit would: so the page is loaded again, up to three times.
 */
async function workerInControl(page: Page) {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.waitForFunction(() => navigator.serviceWorker?.controller, undefined, { timeout: 30_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw new Error('el service worker de la app no tomó la página tras tres cargas', { cause: error });
      await page.reload();
    }
  }
}

/**
 * A measured navigation starts from a page with nothing to draw, of the same origin (so from the
 * same renderer process, as a navigation inside the app): the origin's icon. Not from the page
 * before: the test's DevTools sessions leave that page as the new one comes in, and leaving undoes
 * their emulation (the media features), so the page before works out all its styles again first,
 * on the new page's clock. A person's browser has no such sessions; in a trace of the module page
 * it was 13 ms of the first paint's time, and a fraction of a millisecond for the floor's page.
 * (Nor from about:blank: from there the page gets a new renderer process, a first visit's cost.)
 */
async function fromIconPage(page: Page, base: string) {
  await page.goto(`${base}/favicon.svg`);
}

/**
 * Warm navigations, then taps from the course's list, `count` of each (with the service worker
 * the page installs, in control by then); `withoutWorker`: the navigations only, with none.
 */
async function warmLoads(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  target: BrowserTarget,
  profile: Profile,
  count: number,
  withoutWorker = false,
) {
  const url = `${target.base}/${target.courseId}/${target.moduleId}/modulo`;
  const listUrl = `${target.base}/${target.courseId}/modulos`;
  const context = await newContext(browser, target, clockScript, withoutWorker ? 'block' : 'allow');
  const page = await context.newPage();
  await emulate(page, profile);
  // Once, to fill the cache (and the list's code).
  for (const first of [url, listUrl]) {
    await page.goto(first);
    await page.waitForTimeout(2_000);
  }
  // The worker the page installs keeps the app and answers the navigations from then on.
  if (!withoutWorker) await workerInControl(page);
  const navigations: number[] = [];
  const paints: number[] = [];
  // A page settles (its code running, its data loaded) before the next measure, as when a person
  // looks at it. Not 'networkidle': a page may hold a live stream open, and the network is never idle.
  const settle = async () => {
    await page.waitForLoadState('load');
    await page.waitForTimeout(1_000);
  };
  for (let i = 0; i < count; i++) {
    await fromIconPage(page, target.base);
    await page.goto(url);
    navigations.push(await videoAt(page));
    paints.push(await firstContentfulPaint(page));
    await settle();
  }
  const taps: number[] = [];
  for (let i = 0; i < (withoutWorker ? 0 : count); i++) {
    await page.goto(listUrl);
    // The list shown and settled, as a person looks at it before tapping.
    await settle();
    await page.locator(`a[href$="/${target.moduleId}/modulo"]`).first().click();
    const at = await videoAt(page);
    const tapAt = await page.evaluate(() => (window as unknown as { tapAt: number }).tapAt);
    taps.push(at - tapAt);
    await settle();
  }
  await context.close();
  return { navigations, paints, taps };
}

/** A document with nothing but the video's frame: every warm navigation fetches it again (no-store). */
const bareDocument =
  '<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Módulo</title></head>' +
  '<body><h1>Módulo</h1><iframe title="Video" src="https://www.youtube.com/embed/bench"></iframe></body></html>';

/** Its origin's icon, where each measured navigation starts (`fromIconPage`). */
const bareIcon = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="8" fill="#1c7ed6"/></svg>';

/** A server of that document alone, on the loopback, for the floor's figures. */
async function bareDocumentServer() {
  const server = createServer((request, response) => {
    if (request.url === '/favicon.svg') {
      response.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'max-age=3600' });
      return response.end(bareIcon);
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(bareDocument);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

async function bareDocumentNavigations(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  profile: Profile,
  base: string,
  count: number,
) {
  const url = `${base}/modulo`;
  const context = await newContext(browser, { base, cookie: '' });
  try {
    const page = await context.newPage();
    await emulate(page, profile);
    await page.goto(url);
    const navigations: number[] = [];
    const paints: number[] = [];
    for (let i = 0; i < count; i++) {
      await fromIconPage(page, base);
      await page.goto(url);
      navigations.push(await videoAt(page));
      paints.push(await firstContentfulPaint(page));
      await page.waitForTimeout(500);
    }
    return { navigations, paints };
  } finally {
    await context.close();
  }
}

/**
 * Debian's Chromium, headless. Nothing leaves this machine: every host but ours fails to resolve.
 * (Not with Playwright's request routing: routing turns the browser's HTTP cache off, and warm
 * loads would load all again.)
 */
export const launchChromium = () =>
  chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    ],
  });

export async function browserFigures(target: BrowserTarget, profile: Profile, count: number): Promise<ProfileFigures> {
  const browser = await launchChromium();
  try {
    const url = `${target.base}/${target.courseId}/${target.moduleId}/modulo`;
    const bareServer = await bareDocumentServer();
    try {
      // Cold loads of the module page and of the floor's page, taking turns: the same moments of
      // a shared machine for both.
      const colds = [];
      const bareColds = [];
      for (let i = 0; i < count; i++) {
        colds.push(await coldLoad(browser, target, profile, url));
        bareColds.push(await coldLoad(browser, { base: bareServer.base, cookie: '' }, profile, `${bareServer.base}/modulo`));
      }
      const coldTimes = colds.map((cold) => cold.toVideo);
      const bareColdTimes = bareColds.map((cold) => cold.toVideo);
      const warm = await warmLoads(browser, target, profile, count);
      const bare = await warmLoads(browser, target, profile, count, true);
      const floor = await bareDocumentNavigations(browser, profile, bareServer.base, count);
      return {
        navigationToVideoMs: { median: median(warm.navigations), all: warm.navigations },
        navigationToVideoWithoutWorkerMs: { median: median(bare.navigations), all: bare.navigations },
        bareDocumentToVideoMs: { median: median(floor.navigations), all: floor.navigations },
        bareDocumentFirstPaintMs: { median: median(floor.paints), all: floor.paints },
        bareDocumentColdToVideoMs: { median: median(bareColdTimes), all: bareColdTimes },
        firstContentfulPaintMs: { median: median(warm.paints), all: warm.paints },
        tapToVideoMs: { median: median(warm.taps), all: warm.taps },
        coldToVideoMs: { median: median(coldTimes), all: coldTimes },
        coldLoadBytes: median(colds.map((cold) => cold.bytes)),
      };
    } finally {
      bareServer.close();
    }
  } finally {
    await browser.close();
  }
}
