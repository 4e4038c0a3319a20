// The browser tests have no internet: YouTube's IFrame API script is answered with a small fake
// YT.Player that builds the same youtube-nocookie.com frame and fires the same events (ready,
// state changes), with a playhead that moves with the clock while "playing". Tests drive it
// through window.__fakeYouTube (playVideo, seekTo, pauseVideo) as a person would with the controls.
import type { BrowserContext, Page } from '@playwright/test';

const fakeApi = String.raw`
(() => {
  const PLAYING = 1, PAUSED = 2, ENDED = 0, CUED = 5;
  class Player {
    constructor(element, options) {
      this.options = options;
      this.duration = window.__fakeYouTubeDuration || 100;
      this.state = CUED;
      if (element.tagName === 'IFRAME') {
        // As the real API: a frame already in the page (enablejsapi=1) is taken over as it is,
        // and plays from the start its address says.
        if (new URL(element.src).searchParams.get('enablejsapi') !== '1') throw new Error('frame without enablejsapi=1');
        this.time = Number(new URL(element.src).searchParams.get('start')) || 0;
        this.iframe = element;
        this.tookOver = true;
      } else {
        const vars = options.playerVars || {};
        this.time = vars.start || 0;
        const iframe = document.createElement('iframe');
        iframe.src = options.host + '/embed/' + options.videoId + '?' + new URLSearchParams({ ...vars, enablejsapi: '1', origin: location.origin });
        iframe.width = options.width; iframe.height = options.height;
        iframe.setAttribute('frameborder', '0');
        iframe.style.border = '0';
        element.replaceWith(iframe);
        this.iframe = iframe;
        this.tookOver = false;
      }
      this.startAt = this.time;
      window.__fakeYouTube = this;
      setTimeout(() => options.events && options.events.onReady && options.events.onReady({ target: this }), 50);
    }
    fire(state) { this.state = state; const e = this.options.events; e && e.onStateChange && e.onStateChange({ data: state, target: this }); }
    getCurrentTime() {
      if (this.state !== PLAYING) return this.time;
      return Math.min(this.duration, this.time + (performance.now() - this.startedAt) / 1000);
    }
    getDuration() { return this.duration; }
    getPlayerState() { return this.state; }
    playVideo() { this.startedAt = performance.now(); this.fire(PLAYING); }
    pauseVideo() { this.time = this.getCurrentTime(); this.fire(PAUSED); }
    seekTo(seconds) { this.time = seconds; this.startedAt = performance.now(); }
    cueVideoById(options) { this.time = options.startSeconds || 0; this.cued = options; this.fire(CUED); }
    destroy() { this.iframe.remove(); }
  }
  window.YT = { Player, PlayerState: { ENDED, PLAYING, PAUSED, CUED } };
  if (typeof window.onYouTubeIframeAPIReady === 'function') window.onYouTubeIframeAPIReady();
})();
`;

/**
 * Answers YouTube's API script with the fake, and its player frame with a stand-in page. Returns
 * the addresses of the player frames loaded so far (a frame that loads twice shows twice).
 */
export async function fakeYouTube(target: BrowserContext | Page): Promise<{ frameLoads: string[] }> {
  const frameLoads: string[] = [];
  await target.route('https://www.youtube.com/iframe_api', (route) => route.fulfill({ contentType: 'text/javascript', body: fakeApi }));
  await target.route(/^https:\/\/www\.youtube-nocookie\.com\//, (route) => {
    frameLoads.push(route.request().url());
    return route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="es"><title>YouTube</title><body style="background:#111;color:#eee;font:16px sans-serif">Reproductor de YouTube</body></html>',
    });
  });
  return { frameLoads };
}

/**
 * The fake set up before the page's code instead, with no request routing (routing turns the
 * browser's cache off): for a browser where YouTube's addresses do not resolve.
 */
export const fakeYouTubeInPage = (target: BrowserContext | Page) => target.addInitScript({ content: fakeApi });

/** What the fake player knows: whether it took over a frame already in the page, and where it started. */
export const fakePlayerState = (page: Page) =>
  page.evaluate(() => {
    const player = (window as unknown as { __fakeYouTube?: { tookOver: boolean; startAt: number; iframe: Element } }).__fakeYouTube;
    return player
      ? {
          tookOver: player.tookOver,
          startAt: player.startAt,
          frameInPage:
            player.iframe.isConnected &&
            document.querySelectorAll('iframe').length === 1 &&
            document.querySelector('iframe') === player.iframe,
        }
      : null;
  });

/** Calls a method of the fake player on the page (as the person would with its controls). */
export const youtube = (page: Page, method: 'playVideo' | 'pauseVideo' | 'seekTo' | 'getCurrentTime', seconds?: number) =>
  page.evaluate(
    ([name, value]) => {
      const player = (window as unknown as { __fakeYouTube: Record<string, (s?: number) => number> }).__fakeYouTube;
      return player[name as string]!(value as number | undefined);
    },
    [method, seconds] as const,
  );
