// Part of the page script (see gallery-1-words.js).

// The lightbox's slideshow: the play button or the space key starts it, and the photos the
// lightbox walks (the album, the browse page, the search's results) follow each other in their
// order, each for `data-slideshow-seconds` (`[slideshow] seconds`), a video played through once.
// The next photo's large image is decoded while this one is shown, so that it appears whole;
// only that one is kept (memory stays flat over any album). Any touch, pointer press, wheel or
// key of the visitor pauses it (the space key and the button toggle it, `f` leaves it alone);
// a hidden tab stops its clock, which starts again when the tab is shown. The state is the
// button's aria-pressed, and the status line tells screen readers.
//
// `lightbox`: `shown()` the photo on screen (null while its data is on its way), `upcoming()`
// the next one (or a promise of it), `advance()` shows it, `player` the video element.
const gallerySlideshow = (box, lightbox) => {
  const button = box.querySelector('.lightbox-play');
  const status = box.querySelector('.lightbox-status');
  if (!button) return { shown() {}, stop() {}, decoded: () => false, toggle() {}, pause() {}, get playing() { return false; } };
  let playing = false;
  let timer = 0;
  // Each photo's turn: a timer or a video's end that fires after the visitor moved on is stale.
  let turn = 0;
  // The next photo's large image and whether it is decoded.
  let upcoming = null;

  const seconds = () => {
    const value = Number(box.dataset.slideshowSeconds);
    return Number.isFinite(value) && value > 0 ? value : 5;
  };
  const decodeNext = () => {
    const next = lightbox.upcoming();
    const image = new Image();
    const entry = { image, src: null, ready: null };
    entry.ready = Promise.resolve(next).then((photo) => {
      if (!photo || !photo.large || photo.video) return;
      entry.src = photo.large;
      image.decoding = 'async';
      image.src = photo.large;
      return image.decode ? image.decode() : new Promise((done) => { image.onload = image.onerror = done; });
    }).catch(() => null);
    return entry;
  };
  const clear = () => {
    clearTimeout(timer);
    timer = 0;
    turn += 1;
  };
  const next = (mine) => {
    if (!playing || document.hidden || mine !== turn) return;
    const waiting = upcoming ? upcoming.ready : Promise.resolve();
    waiting.then(() => { if (playing && !document.hidden && mine === turn) lightbox.advance(); });
  };
  // This photo's turn: its seconds, or its video's end.
  const schedule = () => {
    clear();
    if (!playing || document.hidden || box.hidden) return;
    const mine = turn;
    const photo = lightbox.shown();
    if (!photo) return;  // shown() is called again once its data is in
    upcoming = decodeNext();
    const player = lightbox.player;
    if (photo.video && player && !player.hidden) {
      // Browsers refuse sound without the visitor's gesture: then muted, and failing that its seconds.
      Promise.resolve(player.play()).catch(() => {
        player.muted = true;
        return player.play();
      }).catch(() => {
        if (mine === turn) timer = setTimeout(() => next(mine), seconds() * 1000);
      });
      return;
    }
    timer = setTimeout(() => next(mine), seconds() * 1000);
  };
  if (lightbox.player) {
    for (const type of ['ended', 'error']) {
      lightbox.player.addEventListener(type, () => {
        const photo = lightbox.shown();
        if (playing && photo && photo.video) next(turn);
      });
    }
  }
  const set = (on, announce = true) => {
    if (playing === on) return;
    playing = on;
    button.setAttribute('aria-pressed', String(on));
    box.classList.toggle('lightbox-playing', on);
    if (announce && status) status.textContent = on ? galleryWords.slideshowPlaying : galleryWords.slideshowPaused;
    if (on) {
      schedule();
    } else {
      clear();
      upcoming = null;
    }
  };
  button.addEventListener('click', () => set(!playing));
  // The visitor's hand on anything but the slideshow's own buttons pauses it.
  box.addEventListener('pointerdown', (event) => {
    if (!event.target.closest('.lightbox-play, .lightbox-fullscreen')) set(false);
  }, true);
  box.addEventListener('wheel', () => set(false), { capture: true, passive: true });
  document.addEventListener('keydown', (event) => {
    if (box.hidden || event.target === button) return;  // the button's own click follows
    if (['Shift', 'Control', 'Alt', 'Meta', 'f', 'F'].includes(event.key)) return;
    const typing = event.target.closest && event.target.closest('button, video, a, input');
    if (event.key === ' ' && !typing) {
      event.preventDefault();
      set(!playing);
    } else {
      set(false);
    }
  }, true);
  document.addEventListener('visibilitychange', () => {
    if (document.hidden) clear(); else if (playing) schedule();
  });

  return {
    get playing() { return playing; },
    // Called by the lightbox each time a photo is on screen: the slideshow's photo fades in
    // (not under prefers-reduced-motion) and its turn starts.
    shown(media, count) {
      // One photo has no slideshow.
      button.hidden = count < 2;
      if (count < 2) set(false, false);
      if (!playing) return;
      if (!galleryStill() && media && media.animate) {
        media.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 400, easing: 'ease-out' });
      }
      schedule();
    },
    // Whether `src` is the large image this slideshow has decoded: the lightbox shows it at once
    // instead of the cell's image first.
    decoded: (src) => !!(playing && upcoming && upcoming.src === src && upcoming.image.complete && upcoming.image.naturalWidth > 0),
    toggle: () => set(!playing),
    // The lightbox closed: stopped, without a word (the dialog is gone).
    stop: () => set(false, false),
  };
};
