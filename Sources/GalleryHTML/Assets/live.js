// gallery serve PHOTOS/ (live preview) adds this script to every page it serves, with the
// version of the photo folder the page was made from. The page asks the server every half
// second which version it has now; when the folder changed (a photo added, a caption edited,
// gallery.toml saved), the page reloads itself where it was.
(() => {
  const key = 'gallery-live-scroll:' + location.pathname;
  const script = document.currentScript || document.querySelector('script[src="/__gallery/live.js"]');
  // A page served without a version (by an older gallery serve) takes the first answer for its own.
  let shown = (script && script.dataset.version) || null;
  // Where the visitor was, until the page has been put back there: a page reloaded again
  // while it loads keeps that place, not the top it had not yet left.
  let wanted = null;
  const kept = sessionStorage.getItem(key);
  if (kept !== null) {
    sessionStorage.removeItem(key);
    wanted = JSON.parse(kept);
    // Now (this script runs after the page's own, deferred both: the grid's height is known
    // from the layout) and again once loaded, should anything above have changed height. The
    // browser's own restoration is off for this entry (set before the reload): it may land
    // later, on an element that moved, and undo this.
    window.scrollTo(wanted.x, wanted.y);
    window.addEventListener('load', () => {
      window.scrollTo(wanted.x, wanted.y);
      wanted = null;
      history.scrollRestoration = 'auto';
    });
  }
  const ask = async () => {
    try {
      const answer = await fetch('/__gallery/version', { cache: 'no-store' });
      const version = (await answer.text()).trim();
      if (shown === null) shown = version;
      else if (version !== shown) {
        sessionStorage.setItem(key, JSON.stringify(wanted || { x: window.scrollX, y: window.scrollY }));
        history.scrollRestoration = 'manual';
        location.reload();
        return;
      }
    } catch (error) { /* the server is restarting: ask again */ }
    setTimeout(ask, 500);
  };
  ask();
})();
