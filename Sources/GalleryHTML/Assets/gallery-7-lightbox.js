// Part of the page script: the site's gallery.js is gallery-1-words.js to gallery-6-lightbox.js
// joined in that order (SiteAssets.script), classic scripts sharing one scope, so that pages
// work from file:// as from any host. Each part starts what it draws by itself.

// When and with what a photo was taken, for the lightbox: the camera's clock time (the file's
// offset, if any, is not applied: the time is the one the photographer saw), in the page's
// language, then the camera line.
const galleryMetaLine = (photo) => {
  const parts = [];
  const clock = photo.taken && /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)/.exec(photo.taken);
  if (clock) {
    const when = new Date(+clock[1], +clock[2] - 1, +clock[3], +clock[4], +clock[5]);
    try {
      parts.push(new Intl.DateTimeFormat(document.documentElement.lang || 'en', { dateStyle: 'medium', timeStyle: 'short' }).format(when));
    } catch (error) {
      parts.push(photo.taken.slice(0, 16).replace('T', ' '));
    }
  }
  if (photo.shot) parts.push(photo.shot);
  return parts.join(' · ');
};

// The lightbox: the large image, caption and comment of one photo, and the album's others
// with the arrows. It walks the album the page's view offered (galleryAlbum), or else the
// photos written in the page (the circle, a plain page).
(() => {
  const box = document.querySelector('.lightbox');
  if (!box) return;
  const written = () => {
    const items = [...document.querySelectorAll('main [data-photo-id]')].filter((item) => galleryDescribe(item).large);
    return galleryAlbum({
      count: () => items.length, positionOf: (item) => items.indexOf(item), photo: (i) => galleryDescribe(items[i]),
      element: (i) => items[i], reveal: (i) => Promise.resolve(items[i]),
    });
  };
  const album = galleryPageAlbum || written();
  const image = box.querySelector('img');
  const caption = box.querySelector('.lightbox-caption');
  const comment = box.querySelector('.lightbox-comment');
  const meta = box.querySelector('.lightbox-meta');
  // Present when the site offers downloads ([content] downloads): the large view or the original.
  const download = box.querySelector('.lightbox-download');
  let current = -1;
  // The open photo is in the address (#photo-ID, the cell's id): the link can be shared, and
  // Back closes the lightbox as it would leave a page. file:// pages may refuse; then the
  // lightbox still works without it.
  const remember = (id, how) => {
    try {
      // The grid shows where the visitor ended up, not where the lightbox was opened.
      if (how === 'push') history.scrollRestoration = 'manual';
      history[how === 'push' ? 'pushState' : 'replaceState']({ galleryLightbox: true }, '', '#photo-' + id);
    } catch (error) { /* history is a convenience here */ }
  };
  const inHistory = () => !!(history.state && history.state.galleryLightbox);
  const show = (position, how = 'replace') => {
    if (album.count === 0) return;
    current = (position + album.count) % album.count;
    const shown = current;
    const fill = (photo) => {
      if (current !== shown || !photo) return;
      if (how === 'push' || inHistory()) remember(photo.id, how);
      if (photo.large) image.src = photo.large; else image.removeAttribute('src');
      image.alt = photo.alt;
      caption.textContent = photo.caption;
      comment.textContent = photo.comment;
      if (download) {
        const file = download.dataset.download === 'original' ? photo.original : photo.large;
        if (file) download.setAttribute('href', file); else download.removeAttribute('href');
        download.hidden = !file;
      }
      if (meta) {
        meta.textContent = galleryMetaLine(photo);
        // Only a site exported with --publish-location carries positions.
        if (photo.location) {
          const [lat, lon] = photo.location;
          const map = document.createElement('a');
          map.href = `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=15/${lat}/${lon}`;
          map.textContent = galleryWords.map;
          map.rel = 'noopener';
          if (meta.textContent) meta.append(' · ');
          meta.append(map);
        }
      }
    };
    const photo = album.photo(current);
    if (photo && typeof photo.then === 'function') {
      // Not on the page: its data file is on its way.
      image.removeAttribute('src');
      caption.textContent = '';
      comment.textContent = '';
      if (meta) meta.textContent = '';
      photo.then(fill, () => { if (current === shown) caption.textContent = galleryWords.notLoaded; });
    } else {
      fill(photo);
    }
    box.hidden = false;
    document.body.classList.add('lightbox-open');
    box.focus();
  };
  // Back in the grid, the photo the visitor ended at is brought into view and focused.
  const bringBack = () => {
    const focus = (item) => {
      const link = item && (item.matches('a') ? item : item.querySelector('a.cell-link'));
      if (link) link.focus();
    };
    const item = album.element(current);
    if (item) focus(item); else album.reveal(current).then(focus, () => null);
  };
  let bringBackAfterPop = false;
  const close = (afterPop = false) => {
    if (box.hidden) return;
    box.hidden = true;
    image.removeAttribute('src');
    document.body.classList.remove('lightbox-open');
    // With Back, the photo is brought into view once the history entry has changed.
    if (afterPop) bringBackAfterPop = true; else bringBack();
  };
  // Closing closes at once, and goes back past the lightbox's own history entry.
  const hide = () => {
    const pushed = inHistory();
    close(pushed);
    if (pushed) history.back();
  };
  window.addEventListener('popstate', () => {
    if (inHistory()) return;
    if (!box.hidden) close(); else if (bringBackAfterPop) bringBack();
    bringBackAfterPop = false;
  });
  (document.querySelector('main') || document).addEventListener('click', (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const item = event.target.closest('[data-photo-id]');
    if (!item || !galleryDescribe(item).large) return;
    const position = album.positionOf(item);
    if (position < 0) return;
    event.preventDefault();
    show(position, 'push');
  });
  box.querySelector('.lightbox-close').addEventListener('click', hide);
  box.querySelector('.lightbox-prev').addEventListener('click', () => show(current - 1));
  box.querySelector('.lightbox-next').addEventListener('click', () => show(current + 1));
  box.addEventListener('click', (event) => { if (event.target === box) hide(); });
  document.addEventListener('keydown', (event) => {
    if (box.hidden) return;
    if (event.key === 'Escape') hide();
    else if (event.key === 'ArrowLeft') show(current - 1);
    else if (event.key === 'ArrowRight') show(current + 1);
  });
})();
