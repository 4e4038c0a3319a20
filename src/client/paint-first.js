// The app's start on a page the server drew: the app's code (preloaded by the document's head,
// fetched and compiled meanwhile) runs only once the browser has painted the page it already has.
// Running the app's code is the start's longest work, and it used to come first whenever the
// code was at hand (a page opened again, from this browser's copy): the page then showed only
// after it. Without a drawn page (a page with nothing drawn, the shell opened without signal) the
// app starts at once. The app's main chunk is the document's `modulepreload` marked `data-app`.
/* global document, requestAnimationFrame, setTimeout */
var app = document.querySelector('link[rel="modulepreload"][data-app]');
var root = document.getElementById('root');
var started = false;
function start() {
  if (started || !app) return;
  started = true;
  import(app.href);
}
if (root && root.hasChildNodes() && document.visibilityState !== 'hidden') {
  // A frame's callbacks run before its paint: the next task comes after it.
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 200);
} else {
  start();
}
