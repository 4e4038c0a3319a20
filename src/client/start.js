// Starts the app (its module, fetched ahead by the document's modulepreload) — after the browser
// has shown the page the server drew, so the first paint does not wait for the app's code: on a
// machine of two cores, compiling and running it took the processor from the paint's own work
// (the raster and the draw that follow the frame), the longest work before it on a desktop and a
// phone's too. Without a drawn page there is nothing to paint first: the app starts at once. A
// deferred plain script: it runs once the document is parsed, in order, like the module it replaces.
/* global document, requestAnimationFrame, setTimeout, PerformanceObserver */
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
  var paintTiming = typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') >= 0;
  if (paintTiming) {
    // The first contentful paint is reported once that frame is on the screen (the buffered entry,
    // if it already is).
    var observer = new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(start, 0);
    });
    observer.observe({ type: 'paint', buffered: true });
    // A tab sent to the background meanwhile paints nothing: it starts at once, and anything else
    // that never paints, after a while.
    document.addEventListener('visibilitychange', function () {
      if (document.visibilityState === 'hidden') start();
    });
    setTimeout(start, 2000);
  } else {
    // A frame's callbacks run before its paint: the next task comes after it.
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
    setTimeout(start, 200);
  }
})();
