// gallery's page script: the masonry grid drawn from its data files, the lightbox, then the
// wheel's turn and the carousel's focus spacing. Positions are never computed here: the grid's
// come from the engine's stored layouts (data-frame-K, the data files), and the views'
// formulas repeat the engine's (WheelLayout.swift, CarouselLayout.swift) term for term, so
// that a browser test can hold them to the engine's numbers. Without script, each photo is a
// plain link to its large image, every page still lays out, and the album's plain pages
// (linked below the grid) show every photo.

// The few words the script writes, in the page's language: English here, the others from
// <html data-words> (SiteWords.swift writes them for languages other than English).
const galleryWords = Object.assign({
  unavailable: 'Photo unavailable',
  map: 'Map',
  notLoaded: 'This photo could not be loaded.',
  someFailed: 'Some photos could not be shown: {error}. Reload the page, or see them page by page below.',
  firstOnly: 'Only the first photos can be shown: {error}. Reload the page, or see them page by page below.',
}, (() => { try { return JSON.parse(document.documentElement.dataset.words || '{}'); } catch (error) { return {}; } })());

// Data files (data/*.js) are scripts calling galleryData({...}): unlike fetch(), a script
// loads from file:// as from any host. One promise per file; it is rejected when the file
// is missing, or runs without calling galleryData (damaged).
const galleryLoad = (() => {
  const loads = new Map();
  window.galleryData = (payload) => {
    if (document.currentScript) document.currentScript.galleryPayload = payload;
  };
  return (url) => {
    if (!loads.has(url)) {
      loads.set(url, new Promise((resolve, reject) => {
        const script = document.createElement('script');
        script.onload = () => {
          script.remove();
          if (script.galleryPayload) resolve(script.galleryPayload); else reject(new Error(url + ' is damaged'));
        };
        script.onerror = () => { script.remove(); reject(new Error(url + ' is missing')); };
        script.src = url;
        document.head.appendChild(script);
      }));
    }
    return loads.get(url);
  };
})();

// Keeps aria-busy="true" on `element` while any load passed to the returned function is
// under way (data files, and the drawing that follows them): screen readers wait for the
// drawn result instead of reading half of it, and so can anyone else who needs it whole.
const galleryBusy = (element) => {
  let loading = 0;
  return (promise) => {
    if (loading++ === 0) element.setAttribute('aria-busy', 'true');
    const done = () => { if (--loading === 0) element.removeAttribute('aria-busy'); };
    promise.then(done, done);
    return promise;
  };
};

// What the lightbox shows of one photo, from its cell on the page.
const galleryDescribe = (item) => {
  const link = item.matches('a') ? item : item.querySelector('a.cell-link');
  const text = (names) => {
    for (const name of names) { const element = item.querySelector(name); if (element) return element.textContent; }
    return '';
  };
  const image = item.querySelector('img');
  return {
    id: item.dataset.photoId, large: link ? link.getAttribute('href') : null, original: item.dataset.original || null, alt: image ? image.alt : '',
    caption: text(['.caption', '.view-caption']), comment: text(['.comment', '.view-comment']),
    taken: item.dataset.taken || null, shot: item.dataset.shot || null,
    location: item.dataset.location ? item.dataset.location.split(',').map(Number) : null,
  };
};

// The same, from the photo's entry in a data file.
const galleryDescribeData = (cell) => {
  const caption = cell.caption ? cell.caption.lines.join('') : '';
  return {
    id: String(cell.id), large: cell.large || null, original: cell.original || null, alt: caption, caption, comment: cell.comment ? cell.comment.lines.join('') : '',
    taken: cell.taken || null, shot: cell.shot || null, location: cell.location || null,
  };
};

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

// A photo's image, or the placeholder of one that could not be made, as PageRenderer writes
// them: in a masonry cell (class "photo", the 1× image first, the measured height), or on a
// view's card (the largest image, not draggable).
const galleryImage = (cell, alt, { className = '', placeholderTag, sizes, height }) => {
  if (!cell.thumbs) {
    const placeholder = document.createElement(placeholderTag);
    placeholder.className = className ? className + ' placeholder' : 'placeholder';
    placeholder.setAttribute('role', 'img');
    placeholder.setAttribute('aria-label', alt);
    placeholder.title = cell.failure || '';
    if (height !== undefined) placeholder.style.height = height + 'px';
    placeholder.textContent = galleryWords.unavailable;
    return placeholder;
  }
  const image = document.createElement('img');
  if (className) image.className = className;
  image.src = height !== undefined ? cell.thumbs[0] : cell.thumbs[cell.thumbs.length - 1];
  image.srcset = cell.thumbs.map((url, n) => `${url} ${cell.widths[n]}w`).join(', ');
  image.sizes = sizes + 'px';
  if (height !== undefined) {
    image.width = cell.widths[0];
    image.height = cell.intrinsicHeight;
    image.style.height = height + 'px';
  } else {
    image.draggable = false;
  }
  image.alt = alt;
  image.loading = 'lazy';
  image.decoding = 'async';
  if (cell.color) image.style.backgroundColor = cell.color;
  return image;
};

// One photo in a view other than masonry (rows, wheel, carousel), as PageRenderer.item
// writes it: change both together.
const galleryMakeItem = (cell, i, className, sizes) => {
  const element = document.createElement(cell.large ? 'a' : 'div');
  element.className = className;
  if (cell.large) element.setAttribute('href', cell.large);
  element.dataset.photoId = String(cell.id);
  element.dataset.index = String(i);
  if (cell.original) element.dataset.original = cell.original;
  const caption = cell.caption ? cell.caption.lines.join('') : '';
  element.append(galleryImage(cell, caption, { placeholderTag: 'span', sizes }));
  if (caption) {
    const span = document.createElement('span');
    span.className = 'view-caption';
    span.textContent = caption;
    element.append(span);
  }
  if (cell.comment) {
    const span = document.createElement('span');
    span.className = 'view-comment';
    span.hidden = true;
    span.textContent = cell.comment.lines.join('');
    element.append(span);
  }
  return element;
};

// A whole album's grid (masonry's .grid or the rows' .rows, with data-layout): its first
// screenful comes as HTML; from then on only the items that meet the viewport, or lie within
// `overscan` of it, are in the page, made from the data files (AlbumData.swift) and let go as
// the visitor scrolls. Every item's frame at each column count comes from the data (masonry:
// the cells' own; rows: a file of frames per chunk). Returns the lightbox's view of the album:
// every photo, on the page or not.
const galleryVirtualGrid = (grid, itemSelector, makeItem) => {
  const overscan = () => Math.max(600, window.innerHeight);
  const count = Number(grid.dataset.count);
  const rendered = new Map();  // album index → { element, frame: [x1, y1, w1, h1, x2, …] }
  grid.querySelectorAll(itemSelector).forEach((element) => {
    const frame = [];
    for (let k = 1; element.hasAttribute('data-frame-' + k); k++) frame.push(...element.getAttribute('data-frame-' + k).split(',').map(Number));
    rendered.set(Number(element.dataset.index), { element, frame });
  });
  let index = null;
  const chunks = [];  // chunk number → { cells, frames }, once loaded
  const requested = new Map();  // chunk number → promise of it
  const failures = new Map();  // chunk number → the message shown in its place
  const columns = () => parseInt(getComputedStyle(grid).getPropertyValue('--columns'), 10) || 1;
  const busy = galleryBusy(grid);

  const fail = (text, inGrid) => {
    const note = document.createElement('p');
    note.className = 'grid-message';
    note.setAttribute('role', 'status');
    note.textContent = text;
    if (inGrid) grid.append(note); else grid.before(note);
    return note;
  };
  // A masonry cell's frames: its x, y at each column count, the same width and height.
  const masonryFrames = (cell) => {
    const frame = [];
    for (let k = 1; 2 * k <= cell.xy.length; k++) frame.push(cell.xy[2 * k - 2], cell.xy[2 * k - 1], index.innerWidth, cell.height);
    return frame;
  };
  const loadChunk = (number) => {
    if (!requested.has(number)) {
      const content = galleryLoad(index.chunks[number]).then((payload) => payload.cells);
      const frames = index.frames
        ? galleryLoad(index.frames[number]).then((payload) => payload.frames)
        : content.then((cells) => cells.map(masonryFrames));
      requested.set(number, busy(Promise.all([content, frames]).then(([cells, frames]) => {
        chunks[number] = { cells, frames };
        update();
        return chunks[number];
      }, (error) => {
        failures.set(number, fail(galleryWords.someFailed.replace('{error}', error.message), true));
        update();
        throw error;
      })));
    }
    return requested.get(number);
  };

  // The photo nearest the viewport's top (first in album order among those in view), and
  // where it was: after the column count changes it is brought back to the same place.
  let anchor = null;
  let shownColumns = 0;
  const update = () => {
    if (!index) return;
    const k = columns();
    if (shownColumns && k !== shownColumns && anchor) {
      const gridTop = grid.getBoundingClientRect().top + window.scrollY;
      window.scrollTo(window.scrollX, gridTop + anchor.frame[4 * k - 3] - anchor.offset);
    }
    shownColumns = k;
    const viewTop = -grid.getBoundingClientRect().top;
    const top = viewTop - overscan(), bottom = viewTop + window.innerHeight + overscan();
    const bounds = index.bounds[k - 1];
    const wanted = new Map();
    for (let c = 0; c < index.chunks.length; c++) {
      if (bounds[2 * c] >= bottom || bounds[2 * c + 1] <= top) continue;
      const chunk = chunks[c];
      if (!chunk) { if (!failures.has(c)) loadChunk(c).catch(() => null); continue; }
      chunk.frames.forEach((frame, j) => {
        const y = frame[4 * k - 3];
        if (y < bottom && y + frame[4 * k - 1] > top) wanted.set(c * index.chunkSize + j, j);
      });
    }
    // Let go of what is far from the viewport, except the item holding the focus.
    const focused = document.activeElement;
    for (const [i, entry] of rendered) {
      const y = entry.frame[4 * k - 3];
      if ((y >= bottom || y + entry.frame[4 * k - 1] <= top) && !entry.element.contains(focused)) {
        entry.element.remove();
        rendered.delete(i);
      }
    }
    // New items go in album order, so Tab and screen readers follow the grid's order.
    const added = [...wanted.keys()].filter((i) => !rendered.has(i)).sort((a, b) => a - b);
    if (added.length > 0) {
      const order = [...rendered.keys()].sort((a, b) => a - b);
      let next = 0;
      for (const i of added) {
        while (next < order.length && order[next] < i) next++;
        const chunk = chunks[Math.floor(i / index.chunkSize)], j = wanted.get(i);
        const element = makeItem(chunk.cells[j], i, chunk.frames[j], index);
        grid.insertBefore(element, next < order.length ? rendered.get(order[next]).element : null);
        rendered.set(i, { element, frame: chunk.frames[j] });
      }
    }
    for (const [c, note] of failures) note.style.top = bounds[2 * c] + 'px';
    anchor = null;
    for (const [i, entry] of rendered) {
      const y = entry.frame[4 * k - 3];
      if (y + entry.frame[4 * k - 1] > viewTop && y < viewTop + window.innerHeight && (!anchor || i < anchor.i)) {
        anchor = { i, frame: entry.frame, offset: y - viewTop };
      }
    }
  };

  const entry = async (i) => {
    const number = Math.floor(i / index.chunkSize);
    const chunk = chunks[number] || await loadChunk(number);
    return { cell: chunk.cells[i - number * index.chunkSize], frame: chunk.frames[i - number * index.chunkSize] };
  };
  // Scrolls the grid to photo i (as a link to #photo-ID would) and draws it.
  const reveal = async (i) => {
    const { frame } = await entry(i);
    const gridTop = grid.getBoundingClientRect().top + window.scrollY;
    window.scrollTo(window.scrollX, gridTop + frame[4 * columns() - 3] - 24);
    update();
    return rendered.has(i) ? rendered.get(i).element : null;
  };
  // PAGE#photo-ID: the browser has scrolled to an item written as HTML; others are found
  // through the album's IDs. An unknown ID leaves the album at its top.
  const followLink = async () => {
    const match = /^#photo-(\d+)$/.exec(window.location.hash);
    if (!match || document.getElementById('photo-' + match[1])) return;
    const ids = (await galleryLoad(index.ids)).ids;
    const i = ids.indexOf(Number(match[1]));
    if (i >= 0) await reveal(i);
  };

  busy(galleryLoad(grid.dataset.layout).then((payload) => {
    index = payload;
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    // A #photo-ID typed into the address, or reached with Forward, of a photo not on the page.
    window.addEventListener('hashchange', () => { busy(followLink()).catch(() => null); });
    update();
    return followLink();
  })).catch((error) => {
    if (!index) fail(galleryWords.firstOnly.replace('{error}', error.message), false);
  });

  return {
    get count() { return index ? index.count : rendered.size; },
    positionOf: (item) => Number(item.dataset.index),
    photo: (i) => (rendered.has(i) ? galleryDescribe(rendered.get(i).element) : index ? entry(i).then(({ cell }) => galleryDescribeData(cell)) : null),
    element: (i) => (rendered.has(i) ? rendered.get(i).element : null),
    reveal: (i) => (index ? reveal(i) : Promise.resolve(null)),
  };
};

// A masonry cell made from its data, as PageRenderer.cell writes it: change both together.
const galleryMakeCell = (cell, i, frame, index) => {
  const element = document.createElement('div');
  element.className = 'cell';
  element.id = 'photo-' + cell.id;
  element.dataset.photoId = String(cell.id);
  element.dataset.index = String(i);
  element.setAttribute('role', 'listitem');
  element.setAttribute('aria-posinset', String(i + 1));
  element.setAttribute('aria-setsize', String(index.count));
  if (cell.taken) element.dataset.taken = cell.taken;
  if (cell.shot) element.dataset.shot = cell.shot;
  if (cell.original) element.dataset.original = cell.original;
  if (cell.location) element.dataset.location = cell.location.join(',');
  for (let k = 1; 4 * k <= frame.length; k++) {
    element.setAttribute('data-frame-' + k, frame.slice(4 * k - 4, 4 * k).join(','));
    element.style.setProperty('--x' + k, frame[4 * k - 4] + 'px');
    element.style.setProperty('--y' + k, frame[4 * k - 3] + 'px');
  }
  element.style.height = cell.height + 'px';
  const link = document.createElement(cell.large ? 'a' : 'div');
  link.className = 'cell-link';
  if (cell.large) link.setAttribute('href', cell.large);
  const alt = cell.caption ? cell.caption.lines.join('') : '';
  link.append(galleryImage(cell, alt, { className: 'photo', placeholderTag: 'div', sizes: index.innerWidth, height: cell.photoHeight }));
  const annotation = document.createElement('div');
  annotation.className = 'annotation';
  for (const name of ['caption', 'comment']) {
    const text = cell[name];
    if (!text) continue;
    // Set in the measured lines, as the page's own cells (TextStyle.explicitLinesCSS).
    const p = document.createElement('p');
    p.className = name;
    p.dataset.h = String(text.height);
    p.dataset.lines = String(text.lines.length);
    p.style.setProperty('--lines', String(text.lines.length));
    p.style.height = text.height + 'px';
    text.lines.forEach((line, n) => {
      if (n > 0) p.append(document.createElement('br'));
      p.append(line);
    });
    annotation.append(p);
  }
  link.append(annotation);
  element.append(link);
  return element;
};

// A row item made from its data: the frame at each column count as custom properties.
const galleryMakeRowItem = (cell, i, frame, index) => {
  const element = galleryMakeItem(cell, i, 'row-item', index.innerWidth * 1.5);
  for (let k = 1; 4 * k <= frame.length; k++) {
    element.setAttribute('data-frame-' + k, frame.slice(4 * k - 4, 4 * k).join(','));
    ['--x', '--y', '--w', '--h'].forEach((name, n) => element.style.setProperty(name + k, frame[4 * k - 4 + n] + 'px'));
  }
  return element;
};

// The photos of a whole album by index, from its data files (the masonry index's content
// chunks): for the views that draw cards (wheel, carousel). `onArrival` runs when a chunk
// asked for has arrived.
const galleryAlbumContent = (layout, onArrival, busy) => {
  let index = null;
  const chunks = [];
  const requested = new Set();
  const ready = busy(galleryLoad(layout).then((payload) => { index = payload; onArrival(); return payload; }));
  ready.catch(() => null);
  const cell = (i) => {
    if (!index || i < 0 || i >= index.count) return null;
    const number = Math.floor(i / index.chunkSize);
    if (chunks[number]) return chunks[number][i - number * index.chunkSize];
    if (!requested.has(number)) {
      requested.add(number);
      busy(galleryLoad(index.chunks[number]).then((payload) => { chunks[number] = payload.cells; onArrival(); })).catch(() => null);
    }
    return null;
  };
  const whenLoaded = async (i) => {
    const payload = await ready;
    const number = Math.floor(i / payload.chunkSize);
    const cells = chunks[number] || (chunks[number] = (await galleryLoad(payload.chunks[number])).cells);
    return cells[i - number * payload.chunkSize];
  };
  return { cell, whenLoaded, get index() { return index; } };
};

// Keeps only the cards within `radius` of the current one in the page (wheel, carousel), each
// with its snap point; the others are made from the data when the view turns to them.
// `make(cell, i, index)` returns [card, snap point]; `place` runs when cards arrive. The
// cards' parent has `data-cards`, the snap points' `data-snaps`.
const galleryCardWindow = (root, make, place, radius = 24) => {
  const count = Number(root.dataset.count);
  const rendered = new Map();  // index → [card, snap point]
  root.querySelectorAll('[data-photo-id]').forEach((card) => {
    const i = Number(card.dataset.index);
    rendered.set(i, [card, root.querySelector(`.snap[data-index="${i}"]`)]);
  });
  const content = root.dataset.layout ? galleryAlbumContent(root.dataset.layout, () => place(), galleryBusy(root)) : null;
  const update = (center) => {
    if (!content) return;
    const low = Math.max(0, Math.floor(center) - radius), high = Math.min(count - 1, Math.ceil(center) + radius);
    const focused = document.activeElement;
    for (const [i, elements] of rendered) {
      if ((i < low || i > high) && !elements[0].contains(focused)) {
        elements.forEach((element) => element && element.remove());
        rendered.delete(i);
      }
    }
    for (let i = low; i <= high; i++) {
      if (rendered.has(i)) continue;
      const cell = content.cell(i);
      if (!cell) continue;
      const [card, snap] = make(cell, i, content.index);
      // In index order, so Tab follows the view.
      const after = [...rendered.keys()].filter((j) => j > i).sort((a, b) => a - b)[0];
      const next = after === undefined ? null : rendered.get(after);
      if (next && next[1]) next[1].before(snap); else root.querySelector('[data-snaps]').append(snap);
      if (next) next[0].before(card); else root.querySelector('[data-cards]').append(card);
      rendered.set(i, [card, snap]);
    }
  };
  return {
    update,
    cards: () => rendered,
    album: {
      count,
      positionOf: (item) => Number(item.dataset.index),
      photo: (i) => (rendered.has(i) ? galleryDescribe(rendered.get(i)[0]) : content ? content.whenLoaded(i).then(galleryDescribeData) : null),
      element: (i) => (rendered.has(i) ? rendered.get(i)[0] : null),
      reveal: () => Promise.resolve(null),
    },
  };
};
// The wheel's or carousel's card window, for the lightbox.
let galleryCardAlbum = null;

// The views' scripts, in a scope of their own like the lightbox's.
(() => {
// A vertical mouse wheel turns a horizontal view; snapping then brings it to rest. At
// either end the page scrolls as usual.
const scrollSideways = (scroller) => scroller.addEventListener('wheel', (event) => {
  if (Math.abs(event.deltaY) <= Math.abs(event.deltaX) || document.body.classList.contains('lightbox-open')) return;
  const atEnd = event.deltaY > 0 ? scroller.scrollLeft >= scroller.scrollWidth - scroller.clientWidth - 1 : scroller.scrollLeft <= 0;
  if (atEnd) return;
  event.preventDefault();
  scroller.scrollBy({ left: event.deltaY, behavior: 'smooth' });
}, { passive: false });

// Runs `place` when the scroller scrolls or resizes. Browsers fire both at most once a
// frame, just before drawing it, so placing at once is both smooth and current.
const follow = (scroller, place) => {
  scroller.addEventListener('scroll', place, { passive: true });
  new ResizeObserver(place).observe(scroller);
  place();
};

// The wheel (WheelLayout): the offset turns it; items outside ±theta are not drawn.
document.querySelectorAll('.wheel').forEach((wheel) => {
  const n = Number(wheel.dataset.count);
  const iw = Number(wheel.dataset.itemWidth), ih = Number(wheel.dataset.itemHeight), r = Number(wheel.dataset.radius);
  const anglePerItem = Math.atan(iw / r);
  const angleAtExtreme = n > 0 ? -(n - 1) * anglePerItem : 0;
  const scrollable = () => n * iw - wheel.clientWidth;
  let place = () => {};
  // A wheel of more cards than fit around it turns many times: only the current turn, less
  // than half of it either side, is in the page (the seed's window of drawn indices), so no
  // two cards ever stand in one place.
  // Snap points where the engine's targetContentOffset rests: i × scrollable / (n − 1).
  const cards = galleryCardWindow(wheel, (cell, i, index) => {
    const snap = document.createElement('span');
    snap.className = 'snap';
    snap.dataset.index = String(i);
    snap.style.left = `max(0px, calc(${i} * (${n} * ${iw}px - 100cqw) / ${Math.max(1, n - 1)}))`;
    return [galleryMakeItem(cell, i, 'wheel-item', index.innerWidth * 1.5), snap];
  }, () => place(), n * anglePerItem <= 2 * Math.PI ? n : Math.max(1, Math.floor(Math.PI / anglePerItem) - 1));
  galleryCardAlbum = cards.album;
  place = () => {
    const vw = wheel.clientWidth, vh = wheel.clientHeight, offset = wheel.scrollLeft;
    const angle = scrollable() > 0 ? angleAtExtreme * offset / scrollable() : 0;
    cards.update(anglePerItem > 0 ? -angle / anglePerItem : 0);
    const viewportSpan = r > vh / 2 ? Math.atan2(vw / 2, r - vh / 2) : Math.PI;
    const itemSpan = r > ih / 2 ? Math.atan2(iw / 2, r - ih / 2) : Math.PI;
    const theta = Math.min(Math.PI, viewportSpan + itemSpan);
    cards.cards().forEach(([item], index) => {
      const itemAngle = angle + index * anglePerItem;
      let turned = itemAngle % (2 * Math.PI);
      if (turned > Math.PI) turned -= 2 * Math.PI;
      if (turned < -Math.PI) turned += 2 * Math.PI;
      item.style.visibility = theta >= Math.PI || Math.abs(turned) <= theta ? '' : 'hidden';
      item.style.transform = `rotate(${itemAngle}rad)`;
      item.style.zIndex = String(Math.trunc(itemAngle * 1e6));
    });
  };
  follow(wheel, place);
  scrollSideways(wheel);
});

// The carousel (CarouselLayout): cards open space around the one nearest the center.
document.querySelectorAll('.carousel').forEach((carousel) => {
  const iw = Number(carousel.dataset.itemWidth), spacing = Number(carousel.dataset.spacing);
  const focusedSpacing = Number(carousel.dataset.focusedSpacing);
  // Swift's rounded(): halves away from zero (Math.round sends -0.5 to -0).
  const round = (x) => Math.sign(x) * Math.round(Math.abs(x));
  let place = () => {};
  // The snap point is a box of its own at the untransformed frame: the card moves with the
  // focus spacing, the point where scrolling rests must not.
  const cards = galleryCardWindow(carousel, (cell, i, index) => {
    const snap = document.createElement('span');
    snap.className = 'snap';
    snap.dataset.index = String(i);
    snap.style.setProperty('--i', String(i));
    const card = galleryMakeItem(cell, i, 'carousel-item', index.innerWidth * 1.5);
    card.style.setProperty('--i', String(i));
    return [card, snap];
  }, () => place());
  galleryCardAlbum = cards.album;
  place = () => {
    const vw = carousel.clientWidth;
    // The engine's offset counts from the first card's left edge; the page's scroll
    // position from the left inset's, (vw − iw) / 2 before it.
    const offset = carousel.scrollLeft - (vw - iw) / 2;
    const focused = (vw / 2 + offset - iw / 2) / (iw + spacing);
    cards.update(focused);
    const k = round(focused);
    const d = Math.min(Math.abs(focused - (k - 0.5)), Math.abs(focused - (k + 0.5)));
    const amount = (focusedSpacing - spacing) * 2 * d;
    carousel.dataset.focusedIndex = String(focused);
    cards.cards().forEach(([item], index) => {
      const shift = index === k ? 0 : (index < k ? -amount : amount);
      item.style.transform = `translateX(${shift}px)`;
      item.classList.toggle('focused', index === k);
    });
  };
  follow(carousel, place);
  scrollSideways(carousel);
});
})();

// The lightbox: the large image, caption and comment of one photo, and the album's others
// with the arrows. `album` is the page's view of its photos (galleryMasonry's, or the cells
// on the page).
(() => {
  const box = document.querySelector('.lightbox');
  if (!box) return;
  const grid = document.querySelector('.grid[data-layout]');
  const rows = document.querySelector('.rows[data-layout]');
  let album;
  if (grid) {
    album = galleryVirtualGrid(grid, '.cell', galleryMakeCell);
  } else if (rows) {
    album = galleryVirtualGrid(rows, '.row-item', galleryMakeRowItem);
  } else if (galleryCardAlbum) {
    album = galleryCardAlbum;
  } else {
    const items = [...document.querySelectorAll('main [data-photo-id]')].filter((item) => galleryDescribe(item).large);
    album = {
      count: items.length, positionOf: (item) => items.indexOf(item), photo: (i) => galleryDescribe(items[i]),
      element: (i) => items[i], reveal: (i) => Promise.resolve(items[i]),
    };
  }
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
