// A tap on a button of a page the server drew, before the app has taken the page over (its code
// still on the way, the first second or more on a slow phone): kept, and carried out once it has
// (main.tsx). A link needs nothing: it is a real link, which the browser follows.
/* global window, addEventListener, removeEventListener */
(function () {
  // Arrived after the app's code started: nothing to keep.
  if (window.aulaStarting) return;
  var taps = [];
  function onClick(event) {
    var target = event.target;
    var button = target && target.closest ? target.closest('button, [role="button"]') : null;
    if (!button || button.closest('a[href]')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (taps.indexOf(button) < 0) taps.push(button);
  }
  addEventListener('click', onClick, true);
  // The app, as it takes the page over: no more keeping; the buttons tapped so far.
  window.aulaEarlyTaps = function () {
    removeEventListener('click', onClick, true);
    delete window.aulaEarlyTaps;
    return taps.splice(0);
  };
})();
