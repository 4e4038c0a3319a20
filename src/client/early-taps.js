// A tap on a button the app has not taken over yet — a page the server drew, its code still on
// the way (the first second or more on a slow phone), or a part of it whose code is still loading
// while the rest is the app's: kept, and carried out once the app has that very button (React's
// props on it), within half a minute. A button the app has is left alone, and a link needs
// nothing: it is a real link, which the browser follows.
/* global addEventListener, setTimeout */
(function () {
  var taps = [];
  var timer = null;
  function takenOver(element) {
    return Object.keys(element).some(function (key) {
      return key.indexOf('__reactProps') === 0;
    });
  }
  function carryOut() {
    timer = null;
    taps = taps.filter(function (tap) {
      if (!tap.button.isConnected || tap.button.disabled || Date.now() > tap.until) return false;
      if (!takenOver(tap.button)) return true;
      tap.button.click();
      return false;
    });
    if (taps.length > 0) timer = setTimeout(carryOut, 50);
  }
  function onClick(event) {
    var target = event.target;
    var button = target && target.closest ? target.closest('button, [role="button"]') : null;
    if (!button || button.closest('a[href]') || takenOver(button)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (
      !taps.some(function (tap) {
        return tap.button === button;
      })
    )
      taps.push({ button: button, until: Date.now() + 30000 });
    if (timer === null) timer = setTimeout(carryOut, 50);
  }
  addEventListener('click', onClick, true);
})();
