// hls.js's light build (no subtitles, alternate audio, DRM or content steering, none of which a
// match has): a third less to download before a match plays. The package types only its full
// build, whose API the light one shares.
declare module 'hls.js/light' {
  export { default } from 'hls.js';
}
