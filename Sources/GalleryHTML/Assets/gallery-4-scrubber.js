// Part of the page script (see gallery-1-words.js): the date scrubber of a date-sorted grid
// (masonry or justified rows),
// after the grid's own part (gallery-4-grid.js). Google Photos' rail: the years along the right
// edge, where their photos are in the grid; drag it (or tap a year) to jump anywhere in an album
// of any size, or use the keys (arrows: a month, Page Up/Down: a year, Home, End). Where each
// month begins comes from the album's data (AlbumData `Dates`: its first photo's place in every
// band, as the engine placed it), so a jump lands on the month's first photo whatever has been
// drawn. Shown only where it helps: two months or more, and a grid taller than two screens.

// `place`: where month m begins in the grid shown, `top(m, place.at())` px from its top (the
// masonry grid's or the rows').
const galleryScrubber = (grid, months, place) => {
  const language = document.documentElement.lang || undefined;
  const format = new Intl.DateTimeFormat(language, { year: 'numeric', month: 'long', timeZone: 'UTC' });
  const monthName = (m) => {
    const [year, month] = months[m][0].split('-').map(Number);
    return format.format(new Date(Date.UTC(year, month - 1, 15)));
  };
  const rail = document.createElement('div');
  rail.className = 'scrubber';
  rail.tabIndex = 0;
  rail.setAttribute('role', 'slider');
  rail.setAttribute('aria-label', galleryWords.scrubber);
  rail.setAttribute('aria-orientation', 'vertical');
  rail.setAttribute('aria-valuemin', '0');
  rail.setAttribute('aria-valuemax', String(months.length - 1));
  const years = document.createElement('div');
  years.className = 'scrubber-years';
  years.setAttribute('aria-hidden', 'true');
  const thumb = document.createElement('div');
  thumb.className = 'scrubber-thumb';
  const bubble = document.createElement('div');
  bubble.className = 'scrubber-bubble';
  bubble.setAttribute('aria-hidden', 'true');
  bubble.hidden = true;
  rail.append(years, thumb, bubble);
  rail.hidden = true;
  // In the page's main landmark, with the grid it moves through (fixed: drawn where it was).
  (document.querySelector('main') || document.body).append(rail);

  // The band and width shown, read once per scroll or tap.
  const shown = place.at;
  // Where month m begins in the grid (px from its top) in the band and at the width shown.
  const monthTop = (m, at = shown()) => place.top(m, at);
  // The grid's top in the document and how far it scrolls.
  const extent = () => {
    const box = grid.getBoundingClientRect();
    return { top: box.top + window.scrollY, height: box.height, span: Math.max(1, box.height - window.innerHeight) };
  };
  // The rail's track: where a fraction of the grid's scroll is drawn (the thumb's centre).
  const inset = 22;
  const track = () => {
    const box = rail.getBoundingClientRect();
    return { top: box.top + inset, length: Math.max(1, box.height - 2 * inset) };
  };
  // The last month that begins at or above grid y.
  const monthAt = (y) => {
    const at = shown();
    let low = 0, high = months.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (monthTop(middle, at) <= y + 1) low = middle; else high = middle - 1;
    }
    return low;
  };
  const say = (m) => {
    rail.setAttribute('aria-valuenow', String(m));
    rail.setAttribute('aria-valuetext', monthName(m));
  };
  // Month m's first photo `margin` px below the viewport's top (or the grid's end, if it is
  // near it); the month shown is the one begun at that line.
  const margin = 8;
  const jumpTo = (m) => {
    const { top } = extent();
    window.scrollTo(window.scrollX, top + monthTop(m) - margin);
    say(m);
  };

  // The years' labels, where their first months are on the track; one every 18 px at most.
  let drawnFor = '';
  const drawYears = () => {
    const { height, span } = extent(), { length } = track();
    const key = height + 'x' + length;
    if (key === drawnFor) return;
    drawnFor = key;
    years.textContent = '';
    let last = -Infinity;
    const now = shown();
    months.forEach((month, m) => {
      if (m > 0 && months[m - 1][0].slice(0, 4) === month[0].slice(0, 4)) return;
      const at = inset + Math.min(1, monthTop(m, now) / span) * length;
      if (at - last < 18) return;
      last = at;
      const label = document.createElement('span');
      label.className = 'scrubber-year';
      label.dataset.month = String(m);
      label.style.top = at + 'px';
      label.textContent = month[0].slice(0, 4);
      years.append(label);
    });
  };

  // The years show while the page scrolls (a finger has no hover), and a little after.
  let quiet = null;
  const active = () => {
    rail.classList.add('active');
    clearTimeout(quiet);
    quiet = setTimeout(() => rail.classList.remove('active'), 1500);
  };
  let dragging = false;
  const update = () => {
    const { top, height, span } = extent();
    rail.hidden = height <= 2 * window.innerHeight;
    if (rail.hidden) return;
    drawYears();
    const fraction = Math.min(1, Math.max(0, (window.scrollY - top) / span));
    thumb.style.transform = `translateY(${fraction * track().length}px)`;
    if (!dragging) say(monthAt(window.scrollY - top + margin));
  };

  // A drag (or a tap) on the rail: the grid follows the finger; a tap on a year goes to its
  // first month.
  const follow = (event) => {
    const { top, span } = extent(), { top: trackTop, length } = track();
    const fraction = Math.min(1, Math.max(0, (event.clientY - trackTop) / length));
    window.scrollTo(window.scrollX, top + fraction * span);
    const m = monthAt(fraction * span);
    bubble.textContent = monthName(m);
    bubble.style.transform = `translateY(${fraction * length}px)`;
    say(m);
  };
  let downAt = null;
  rail.addEventListener('pointerdown', (event) => {
    if (event.button !== 0) return;
    event.preventDefault();
    try { rail.setPointerCapture(event.pointerId); } catch (error) { /* a pointer the browser no longer knows */ }
    dragging = true;
    downAt = { x: event.clientX, y: event.clientY, year: event.target.closest('.scrubber-year') };
    rail.classList.add('scrubbing');
    bubble.hidden = false;
    if (!downAt.year) follow(event);
  });
  rail.addEventListener('pointermove', (event) => {
    if (!dragging) return;
    if (downAt && Math.abs(event.clientY - downAt.y) < 6) return;
    downAt = null;
    follow(event);
  });
  const end = () => {
    if (!dragging) return;
    dragging = false;
    rail.classList.remove('scrubbing');
    bubble.hidden = true;
    if (downAt && downAt.year) jumpTo(Number(downAt.year.dataset.month));
    downAt = null;
    update();
  };
  rail.addEventListener('pointerup', end);
  rail.addEventListener('pointercancel', end);
  rail.addEventListener('keydown', (event) => {
    const { top } = extent();
    const current = rail.hasAttribute('aria-valuenow') ? Number(rail.getAttribute('aria-valuenow')) : monthAt(window.scrollY - top + margin);
    const year = (m) => months[m][0].slice(0, 4);
    let target = null;
    if (event.key === 'ArrowDown' || event.key === 'ArrowRight') target = Math.min(months.length - 1, current + 1);
    else if (event.key === 'ArrowUp' || event.key === 'ArrowLeft') target = Math.max(0, current - 1);
    else if (event.key === 'PageDown') {
      target = current;
      while (target < months.length - 1 && year(target) === year(current)) target++;
    } else if (event.key === 'PageUp') {
      // The year's first month, or the year before's when already there.
      const firstOfYear = (m) => { while (m > 0 && year(m - 1) === year(m)) m--; return m; };
      target = firstOfYear(current) < current ? firstOfYear(current) : firstOfYear(Math.max(0, current - 1));
    } else if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = months.length - 1;
    if (target === null) return;
    event.preventDefault();
    jumpTo(target);
  });
  window.addEventListener('scroll', () => { update(); if (!rail.hidden) active(); }, { passive: true });
  window.addEventListener('resize', update);
  update();
};

// The masonry grid: a month's first photo at t·w + y0 in the band shown (items w wide); the
// justified: at its frame's top in the band, scaled as the rows are drawn.
const galleryScrubberPlaces = {
  masonry: (grid, index, months) => ({
    at: () => {
      const b = galleryBandShown(grid);
      return { b, w: galleryItemWidth(grid, index, b) };
    },
    top: (m, { b, w }) => months[m][2][2 * b] * w + months[m][2][2 * b + 1],
  }),
  justified: (grid, index, months) => (months.every((month) => month[3]) ? {
    at: () => {
      const b = galleryBandShown(grid);
      return { b, scale: grid.getBoundingClientRect().width / index.rowWidths[b] };
    },
    top: (m, { b, scale }) => months[m][3][b] * scale,
  } : null),
};

(() => {
  const grid = document.querySelector('.grid[data-layout]') || document.querySelector('.justified[data-layout]');
  if (!grid) return;
  const kind = grid.classList.contains('justified') ? 'justified' : 'masonry';
  // The grid's own index (the same load: galleryLoad keeps one per file), then its months.
  galleryLoad(grid.dataset.layout).then(async (index) => {
    const months = await galleryAlbumMonths(index);
    const place = months.length >= 2 ? galleryScrubberPlaces[kind](grid, index, months) : null;
    if (place) galleryScrubber(grid, months, place);
  }).catch(() => null);
})();
