// hls.js, the player of a match's stream where the browser has a MediaSource (Chrome, Android,
// Firefox, desktop Safari): its start at the lowest rung, its small buffer ahead and its exact byte
// ranges start and jump sooner than a browser's own HLS (Chromium's asks for the file from its
// start and waits for more before it plays: on the phone 4.3 s to start and 2 s a jump, against
// 1.4 s a jump). An iPhone, without a MediaSource, plays HLS itself (the one it plays best).
// It is 95 kB the installed app does not keep, so it is asked for as early as a match is in sight:
// when the match's page is opened (beside the page's own code, not after it) and on a list of
// matches, while the person chooses one.

/** Whether the match plays through hls.js here (a MediaSource) rather than the browser's own HLS. */
export const playsWithHlsJs = () => typeof window !== 'undefined' && 'MediaSource' in window;

let hlsJs: Promise<typeof import('hls.js/light')> | null = null;

/** hls.js, loaded once: its light build (hls-light.d.ts), 95 kB compressed against 146 kB. */
export const loadHlsJs = () => (hlsJs ??= import('hls.js/light'));

/** Asks for hls.js ahead, where it will play (a failure is asked again by the player). */
export function preloadStreamPlayer() {
  if (playsWithHlsJs()) void loadHlsJs().catch(() => (hlsJs = null));
}

/** The match page's code, with hls.js asked for beside it (not once the page's code runs): for both areas' routes. */
export const loadMatchPage = () => (preloadStreamPlayer(), import('./match-page.tsx'));
