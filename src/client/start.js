// Starts the app (its module, fetched ahead by the document's modulepreload) — after the browser
// has painted the page the server drew, so the first paint does not wait for the app's code to be
// evaluated (the longest work before it on a desktop; a phone's too). Without a drawn page there
// is nothing to paint first: the app starts at once. A deferred plain script: it runs once the
// document is parsed, in order, like the module it replaces.
/* global document, requestAnimationFrame, setTimeout */
(function () {
  var app = document.currentScript && document.currentScript.getAttribute('data-app');
  if (!app) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    import(app);
  }
  var root = document.getElementById('root');
  if (!root || !root.hasChildNodes() || document.visibilityState === 'hidden') return start();
  // A frame's callbacks run before its paint: the next task comes after it. A tab whose frames
  // are held back still starts within a moment.
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 200);
})();
