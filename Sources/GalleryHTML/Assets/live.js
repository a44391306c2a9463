// gallery serve PHOTOS/ (live preview) adds this script to every page it serves. It asks the
// server every half second which version of the photo folder it shows; when the folder changed
// (a photo added, a caption edited, gallery.toml saved), the page reloads itself where it was.
(() => {
  const key = 'gallery-live-scroll:' + location.pathname;
  const kept = sessionStorage.getItem(key);
  if (kept !== null) {
    sessionStorage.removeItem(key);
    const { x, y } = JSON.parse(kept);
    // After the page's own script has laid the grid out (it runs deferred, before load).
    window.addEventListener('load', () => window.scrollTo(x, y));
  }
  let shown = null;
  const ask = async () => {
    try {
      const answer = await fetch('/__gallery/version', { cache: 'no-store' });
      const version = (await answer.text()).trim();
      if (shown === null) shown = version;
      else if (version !== shown) {
        sessionStorage.setItem(key, JSON.stringify({ x: window.scrollX, y: window.scrollY }));
        location.reload();
        return;
      }
    } catch (error) { /* the server is restarting: ask again */ }
    setTimeout(ask, 500);
  };
  ask();
})();
