// Part of the page script: the site's gallery.js is gallery-1-words.js to gallery-9-found.js
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
  if (photo.placeName) parts.push(photo.placeName);
  return parts.join(' · ');
};

// Under the comment: the stars, the people named, the keywords and the place's parts, each an
// item of the list (a hierarchical keyword shown by its leaf, with the whole path as its title),
// a person, keyword or place with a browse page of its own a link to it (`pageOf`:
// galleryBrowseLinks).
const galleryFillTags = (list, photo, pageOf) => {
  list.textContent = '';
  const add = (kind, text, title, link) => {
    const item = document.createElement('li');
    item.className = kind;
    if (link) {
      const anchor = document.createElement('a');
      anchor.href = link;
      anchor.textContent = text;
      item.append(anchor);
    } else {
      item.textContent = text;
    }
    if (title) item.title = title;
    list.append(item);
  };
  if (photo.rating > 0) {
    add('rating', '★'.repeat(photo.rating) + '☆'.repeat(5 - photo.rating), photo.rating + '/5');
    list.lastChild.setAttribute('aria-label', photo.rating + '/5');
  }
  for (const person of photo.people || []) add('person', person, '', pageOf('person', person));
  const keywords = photo.keywords || [];
  for (const keyword of keywords) {
    const path = keyword.split('|');
    // "Places|France|Paris" is listed with its leaf "Paris", which is shown once.
    if (path.length > 1 && keywords.includes(path[path.length - 1])) continue;
    const leaf = path[path.length - 1];
    add('keyword', leaf, path.length > 1 ? keyword : '', pageOf('keyword', leaf) || pageOf('keyword', keyword));
  }
  // The parts of its place that have a page ("Brest", "France"), in the place's own order,
  // each once (a city and its region may share a name).
  const places = new Set();
  for (const name of photo.places || []) {
    const page = pageOf('place', name);
    if (page && !places.has(page)) {
      places.add(page);
      add('place', name, '', page);
    }
  }
};

// The lightbox: the large image, caption and comment of one photo, and the album's others
// with the arrows, the keys and the fingers (gallery-6-viewer.js). It walks the album the
// page's view offered (galleryAlbum), or else the photos written in the page (the circle, a
// plain page).
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
  // The album the page's view offers, asked for when used: the search page offers its
  // results after this part has run (gallery-9-found.js).
  let writtenAlbum = null;
  const album = () => galleryPageAlbum || (writtenAlbum = writtenAlbum || written());
  // The photo's image, made here: an <img> without a source is not valid HTML in the page.
  const image = document.createElement('img');
  image.alt = '';
  image.draggable = false;
  box.insertBefore(image, box.querySelector('.lightbox-video, .lightbox-text'));
  // A video's player (<video controls playsinline>), shown in the photo's place.
  const player = box.querySelector('.lightbox-video');
  // A Live Photo's clip, muted, shown in the still's place while it plays, and its mark; an
  // animation's looping video, played at once (still under prefers-reduced-motion).
  const motion = box.querySelector('.lightbox-motion');
  // A clip over a still is part of the photo, not a video of its own to float away.
  if (motion) motion.disablePictureInPicture = true;
  const liveMark = box.querySelector('.lightbox-live');
  const media = () => (player && !player.hidden ? player : motion && !motion.hidden ? motion : image);
  const caption = box.querySelector('.lightbox-caption');
  const comment = box.querySelector('.lightbox-comment');
  const meta = box.querySelector('.lightbox-meta');
  const tags = box.querySelector('.lightbox-tags');
  // Present when the site offers downloads ([content] downloads): the large view or the original.
  const download = box.querySelector('.lightbox-download');
  let current = -1;
  let shownPhoto = null;
  // Closing goes back past the lightbox's entry (`hide`), and that Back lands later: a photo
  // opened again before it has landed pushes its entry once it has, or the late popstate
  // would close the photo just opened (a quick tap after closing; seen in an iframe).
  let leaving = false;
  let pushWhenLeft = null;
  // Browsers refuse address changes past so many in a while (WebKit 100 in 30 s, Chromium 200
  // in 10 s), which a key held down or a quick walk through an album reaches: a bucket of
  // `addressBurst` changes, one more every `addressEvery` ms (at most 95 in 30 s); when it is
  // empty, the address follows when the next one is due, with the newest photo.
  const addressBurst = 20, addressEvery = 400;
  let addressTokens = addressBurst;
  let addressAt = performance.now();
  let addressLater = 0;
  const write = (id, how) => {
    clearTimeout(addressLater);
    addressLater = 0;
    addressTokens -= 1;
    try {
      // The grid shows where the visitor ended up, not where the lightbox was opened.
      if (how === 'push') history.scrollRestoration = 'manual';
      history[how === 'push' ? 'pushState' : 'replaceState']({ galleryLightbox: true }, '', '#photo-' + id);
    } catch (error) { /* history is a convenience here */ }
  };
  // The open photo is in the address (#photo-ID, the cell's id): the link can be shared, and
  // Back closes the lightbox as it would leave a page. file:// pages may refuse; then the
  // lightbox still works without it.
  const remember = (id, how) => {
    if (leaving && (how === 'push' || pushWhenLeft !== null)) {
      pushWhenLeft = id;
      return;
    }
    const now = performance.now();
    addressTokens = Math.min(addressBurst, addressTokens + (now - addressAt) / addressEvery);
    addressAt = now;
    if (how === 'push' || addressTokens >= 1) {
      write(id, how);
    } else {
      clearTimeout(addressLater);
      // Unless the lightbox has closed meanwhile (its entry is then gone or going).
      addressLater = setTimeout(() => { if (!box.hidden && !leaving && inHistory()) remember(id, how); }, (1 - addressTokens) * addressEvery);
    }
  };
  const inHistory = () => !!(history.state && history.state.galleryLightbox);

  // The neighbours, by position, and their large images, asked for while this one is looked at
  // (kept so that the browser does not drop them half-way).
  let nearby = new Map();
  const preload = (position) => {
    nearby = new Map();
    for (const step of [1, -1]) {
      if (album().count < 2) break;
      const at = (position + step + album().count) % album().count;
      Promise.resolve(album().photo(at)).then((p) => {
        if (!p || !p.large || current !== position) return;
        const large = new Image();
        large.decoding = 'async';
        large.src = p.large;
        nearby.set(at, { photo: p, large });
      }, () => null);
    }
  };
  // The photo `step` away as the viewer shows it beside this one during a swipe: its large
  // image once that is in, else its cell's; nothing while its data is still on its way.
  const neighbour = (step) => {
    if (album().count < 2 || current < 0) return null;
    const at = (current + step + album().count) % album().count;
    const known = nearby.get(at);
    const photo = known ? known.photo : album().photo(at);
    if (!photo || typeof photo.then === 'function' || !photo.ar || !(photo.thumb || photo.large)) return null;
    const ready = known && known.large.complete && known.large.naturalWidth > 0;
    return { src: ready ? photo.large : photo.thumb || photo.large, ar: photo.ar };
  };
  // A video plays in the photo's place, its poster (the large image) until it does; it starts
  // at once when the visitor's tap or key opened it (browsers refuse sound without one: then
  // the player's own button starts it). Leaving it stops it and lets its download go.
  const stopVideo = () => {
    if (!player || player.hidden) return;
    player.pause();
    player.removeAttribute('src');
    player.removeAttribute('poster');
    player.load();
    player.hidden = true;
    image.hidden = false;
  };
  const setVideo = (photo) => {
    image.removeAttribute('src');
    image.hidden = true;
    player.hidden = false;
    if (photo.large) player.poster = photo.large; else player.removeAttribute('poster');
    player.src = photo.video;
    const started = player.play();
    if (started) started.catch(() => null);
  };
  // A Live Photo: its mark shows, and its clip loads (muted, so the browser lets it play without
  // a tap). Hovering the mark with a mouse plays it until the mouse leaves; pressing it with a
  // finger or a pen, or the keyboard, plays it to its end. The still stays in place until the
  // clip has a frame to draw, and is back when it ends.
  const clipOf = (photo) => (photo && !photo.video ? photo.motion || photo.animation : null);
  const stopMotion = () => {
    if (!motion) return;
    motion.pause();
    if (!motion.hidden) {
      motion.hidden = true;
      image.hidden = false;
    }
  };
  const setMotion = (photo) => {
    if (!motion || !liveMark) return;
    stopMotion();
    const clip = clipOf(photo);
    liveMark.hidden = !clip || !photo.motion;
    motion.loop = !!(clip && photo.animation);
    if (clip) {
      if (motion.getAttribute('src') !== clip) motion.src = clip;
    } else if (motion.hasAttribute('src')) {
      motion.removeAttribute('src');
      motion.load();
    }
    if (clip && photo.animation && !galleryStill()) playMotion();
  };
  const playMotion = () => {
    if (!motion || !clipOf(shownPhoto)) return;
    if (!motion.paused && !motion.ended) return;
    motion.currentTime = 0;
    const started = motion.play();
    if (started) started.catch(() => null);
  };
  if (motion && liveMark) {
    motion.addEventListener('playing', () => {
      if (motion.getAttribute('src') !== clipOf(shownPhoto) || motion.paused) return;
      image.hidden = true;
      motion.hidden = false;
    });
    motion.addEventListener('ended', stopMotion);
    liveMark.addEventListener('pointerenter', (event) => { if (event.pointerType === 'mouse') playMotion(); });
    liveMark.addEventListener('pointerleave', (event) => { if (event.pointerType === 'mouse') stopMotion(); });
    liveMark.addEventListener('pointerdown', (event) => { if (event.pointerType !== 'mouse') playMotion(); });
    liveMark.addEventListener('click', playMotion);
  }
  // The photo's own image at once (its cell's, already in), then the large one once it is in:
  // the box has the photo's shape from the start (--ar), so nothing moves when it arrives.
  const setImage = (photo) => {
    if (photo.ar) box.style.setProperty('--ar', String(photo.ar)); else box.style.removeProperty('--ar');
    box.classList.toggle('lightbox-shaped', !!photo.ar);
    setMotion(photo);
    if (photo.video && player) { setVideo(photo); return; }
    stopVideo();
    if (!photo.large) { image.removeAttribute('src'); return; }
    // The slideshow's next photo is decoded before its turn: shown whole at once.
    if (!photo.thumb || !photo.ar || slideshow.decoded(photo.large)) { image.src = photo.large; return; }
    image.src = photo.thumb;
    const large = new Image();
    large.src = photo.large;
    const swap = () => { if (shownPhoto === photo) image.src = photo.large; };
    (large.decode ? large.decode() : Promise.resolve()).then(swap, swap);
  };
  // Deep zoom: the original file, where the site offers it, once the photo is shown wider than
  // the large image has pixels.
  const zoomed = (pixels) => {
    const photo = shownPhoto;
    if (!photo || !photo.original || image.dataset.full === photo.original || pixels <= image.naturalWidth * 1.05) return;
    if (!/\.(jpe?g|png|webp|avif|gif)$/i.test(photo.original)) return;
    const full = new Image();
    full.src = photo.original;
    (full.decode ? full.decode() : Promise.resolve()).then(() => {
      if (shownPhoto !== photo) return;
      image.src = photo.original;
      image.dataset.full = photo.original;
    }, () => null);
  };

  const show = (position, how = 'replace', { direction = 0, from = null, slid = false } = {}) => {
    if (album().count === 0) return;
    current = (position + album().count) % album().count;
    const shown = current;
    const fill = (photo) => {
      if (current !== shown || !photo) return;
      shownPhoto = photo;
      delete image.dataset.full;
      if (how === 'push' || inHistory()) remember(photo.id, how);
      setImage(photo);
      image.alt = photo.alt;
      caption.textContent = photo.caption;
      comment.textContent = photo.comment;
      if (tags) {
        // Filled whole once the browse pages' links are in (at once after the first time).
        tags.textContent = '';
        galleryBrowseLinks().then((pageOf) => { if (shownPhoto === photo) galleryFillTags(tags, photo, pageOf); });
      }
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
      viewer.reset(direction, from, slid);
      preload(shown);
      slideshow.shown(media(), album().count);
    };
    const photo = album().photo(current);
    box.hidden = false;
    document.body.classList.add('lightbox-open');
    if (photo && typeof photo.then === 'function') {
      // Not on the page: its data file is on its way.
      shownPhoto = null;
      stopVideo();
      setMotion(null);
      image.removeAttribute('src');
      caption.textContent = '';
      comment.textContent = '';
      if (tags) tags.textContent = '';
      if (meta) meta.textContent = '';
      photo.then(fill, () => { if (current === shown) caption.textContent = galleryWords.notLoaded; });
    } else {
      fill(photo);
    }
    box.focus();
  };
  // The photo's image in its cell, where the lightbox grows from and shrinks back to.
  const cellImage = (position) => {
    const item = album().element(position);
    const picture = item && item.querySelector('img');
    return picture && picture.getBoundingClientRect().width > 0 ? picture : null;
  };
  // Back in the grid, the photo the visitor ended at is brought into view and focused.
  const bringBack = () => {
    const focus = (item) => {
      const link = item && (item.matches('a') ? item : item.querySelector('a.cell-link'));
      if (link) link.focus();
    };
    const item = album().element(current);
    if (item) focus(item); else album().reveal(current).then(focus, () => null);
  };
  let bringBackAfterPop = false;
  const close = (afterPop = false) => {
    if (box.hidden) return;
    // The photo shrinks back into its cell when that is in view (a copy: the lightbox is closed).
    const into = cellImage(current);
    if (into && media() === player && player.poster) {
      // A video shrinks back as its poster.
      const still = new Image();
      still.src = player.poster;
      galleryShrinkInto(still, viewer.rect(), into.getBoundingClientRect());
    } else if (into && image.getAttribute('src')) {
      galleryShrinkInto(image, viewer.rect(), into.getBoundingClientRect());
    }
    slideshow.stop();
    fullScreen.leave();
    share.hide();
    box.hidden = true;
    stopVideo();
    setMotion(null);
    image.removeAttribute('src');
    shownPhoto = null;
    document.body.classList.remove('lightbox-open');
    // With Back, the photo is brought into view once the history entry has changed.
    if (afterPop) bringBackAfterPop = true; else bringBack();
  };
  // Closing closes at once, and goes back past the lightbox's own history entry.
  const hide = () => {
    // A Back still on its way (closed, opened again and closed before it landed: quick taps):
    // this photo's entry was never pushed (`pushWhenLeft`), and the entry still in the address
    // is the one that Back leaves. Another Back would leave the page.
    if (leaving) {
      pushWhenLeft = null;
      close();
      return;
    }
    const pushed = inHistory();
    close(pushed);
    if (pushed) {
      leaving = true;
      history.back();
    }
  };
  // A swipe's turn: the photo leaves, and the next one comes in from that side, or, when it
  // was already beside it and has slid into place, settles from where it arrived.
  const turn = (step, from) => {
    const target = current + step;
    viewer.leave(step, from).then((arrived) => show(target, 'replace', arrived ? { from: arrived, slid: true } : { direction: step }));
  };
  const viewer = galleryPhotoViewer(box, media, { turn, close: hide, zoomed, neighbour });
  const slideshow = gallerySlideshow(box, {
    shown: () => shownPhoto,
    upcoming: () => album().photo((current + 1) % album().count),
    advance: () => show(current + 1),
    player,
  });
  const fullScreen = galleryFullScreen(box);
  const share = galleryShare(box, () => shownPhoto);
  window.addEventListener('popstate', () => {
    if (leaving) {
      leaving = false;
      if (pushWhenLeft !== null && !box.hidden) {
        const id = pushWhenLeft;
        pushWhenLeft = null;
        bringBackAfterPop = false;
        remember(id, 'push');
        return;
      }
      pushWhenLeft = null;
    }
    if (inHistory()) return;
    if (!box.hidden) close(); else if (bringBackAfterPop) bringBack();
    bringBackAfterPop = false;
  });
  // ALBUM?photo=ID, where a photo's own page sends its visitors (gallery-9-photo.js): the
  // lightbox opens on the photo once its cell is drawn (the grid goes to it: #photo-ID), and
  // closing it leaves the album at the photo, as if it had been opened there.
  const asked = /^\?photo=(\d+)$/.exec(location.search);
  if (asked) {
    const id = asked[1];
    try { history.replaceState(null, '', location.pathname + '#photo-' + id); } catch (error) { /* file:// may refuse */ }
    const open = () => {
      const item = document.getElementById('photo-' + id);
      const position = item && galleryDescribe(item).large ? album().positionOf(item) : -1;
      if (position < 0) return false;
      show(position, 'push');
      return true;
    };
    if (!open()) {
      const watch = new MutationObserver(() => { if (open()) watch.disconnect(); });
      watch.observe(document.querySelector('main') || document.body, { childList: true, subtree: true });
    }
  }
  // For a view whose photos are not elements of the page (the map's points): opens photo
  // `position` of the page's album.
  window.galleryShowPhoto = (position) => show(position, 'push');
  (document.querySelector('main') || document).addEventListener('click', (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const item = event.target.closest('[data-photo-id]');
    if (!item || !galleryDescribe(item).large) return;
    const position = album().positionOf(item);
    if (position < 0) return;
    event.preventDefault();
    const from = cellImage(position);
    show(position, 'push', { from: from ? from.getBoundingClientRect() : null });
  });
  box.querySelector('.lightbox-close').addEventListener('click', hide);
  box.querySelector('.lightbox-prev').addEventListener('click', () => show(current - 1));
  box.querySelector('.lightbox-next').addEventListener('click', () => show(current + 1));
  // A tap on the backdrop closes; the end of a swipe or a drag there does not.
  box.addEventListener('click', (event) => { if (event.target === box && !viewer.gestured) hide(); });
  // Tab and Shift+Tab go round the open lightbox's controls, never to the page behind it (a
  // modal dialog; PhotoSwipe's focus leaving its lightbox was issue #1077).
  const keepFocus = (event) => {
    const controls = [...box.querySelectorAll('button, a[href], video[controls], input, [tabindex]:not([tabindex="-1"])')]
      .filter((element) => !element.hidden && element.getClientRects().length > 0);
    if (controls.length === 0) return;
    const first = controls[0], last = controls[controls.length - 1], at = document.activeElement;
    const inside = controls.includes(at);
    if (event.shiftKey ? (at === first || !inside) : (at === last || !inside)) {
      event.preventDefault();
      (event.shiftKey ? last : first).focus();
    }
  };
  document.addEventListener('keydown', (event) => {
    if (box.hidden) return;
    if (event.key === 'Tab') { keepFocus(event); return; }
    // The player's own keys (seeking with the arrows) while it has the focus.
    if (event.target === player && event.key !== 'Escape') return;
    // The share button's link field keeps its own keys (arrows move its caret).
    if (event.target.matches && event.target.matches('input') && event.key !== 'Escape') return;
    if (event.key === 'Escape') hide();
    else if (event.key === 'ArrowLeft') show(current - 1);
    else if (event.key === 'ArrowRight') show(current + 1);
  });
})();
