// gallery's page script: the masonry grid drawn from its data files, the lightbox, then the
// wheel's turn and the carousel's focus spacing. Positions are never computed here: the grid's
// come from the engine's stored layouts (data-frame-K, the data files), and the views'
// formulas repeat the engine's (WheelLayout.swift, CarouselLayout.swift) term for term, so
// that a browser test can hold them to the engine's numbers. Without script, each photo is a
// plain link to its large image, every page still lays out, and the album's plain pages
// (linked below the grid) show every photo.

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

// What the lightbox shows of one photo, from its cell on the page.
const galleryDescribe = (item) => {
  const link = item.matches('a') ? item : item.querySelector('a.cell-link');
  const text = (names) => {
    for (const name of names) { const element = item.querySelector(name); if (element) return element.textContent; }
    return '';
  };
  const image = item.querySelector('img');
  return {
    id: item.dataset.photoId, large: link ? link.getAttribute('href') : null, alt: image ? image.alt : '',
    caption: text(['.caption', '.view-caption']), comment: text(['.comment', '.view-comment']),
  };
};

// The masonry grid of a whole album (a grid with data-layout): its first screenful comes as
// HTML; from then on only the cells that meet the viewport, or lie within `overscan` of it,
// are in the page, made from the data files (AlbumData.swift) and let go as the visitor
// scrolls. Returns the lightbox's view of the album: every photo, rendered or not.
const galleryMasonry = (grid) => {
  const overscan = () => Math.max(600, window.innerHeight);
  const count = Number(grid.dataset.count);
  const rendered = new Map();  // album index → { element, xy: [x1, y1, x2, y2, …], height }
  const framesOf = (element) => {
    const xy = [];
    for (let k = 1; element.hasAttribute('data-frame-' + k); k++) {
      const [x, y] = element.getAttribute('data-frame-' + k).split(',').map(Number);
      xy.push(x, y);
    }
    return xy;
  };
  grid.querySelectorAll('.cell').forEach((element) => {
    const [, , , height] = (element.getAttribute('data-frame-1') || '0,0,0,0').split(',').map(Number);
    rendered.set(Number(element.dataset.index), { element, xy: framesOf(element), height });
  });
  let index = null;
  const chunks = [];  // chunk number → its cells, once loaded
  const requested = new Map();  // chunk number → promise of its cells
  const failures = new Map();  // chunk number → the message shown in its place
  const columns = () => parseInt(getComputedStyle(grid).getPropertyValue('--columns'), 10) || 1;

  const fail = (text, top) => {
    const note = document.createElement('p');
    note.className = 'grid-message';
    note.setAttribute('role', 'status');
    note.textContent = text;
    if (top === undefined) grid.before(note); else grid.append(note);
    return note;
  };
  const loadChunk = (number) => {
    if (!requested.has(number)) {
      requested.set(number, galleryLoad(index.chunks[number]).then((payload) => {
        chunks[number] = payload.cells;
        update();
        return payload.cells;
      }, (error) => {
        failures.set(number, fail(`Some photos could not be shown: ${error.message}. Reload the page, or see them page by page below.`, 0));
        update();
        throw error;
      }));
    }
    return requested.get(number);
  };

  const makeCell = (cell, i) => {
    // The same markup as PageRenderer.cell writes: change both together.
    const element = document.createElement('div');
    element.className = 'cell';
    element.id = 'photo-' + cell.id;
    element.dataset.photoId = String(cell.id);
    element.dataset.index = String(i);
    element.setAttribute('role', 'listitem');
    element.setAttribute('aria-posinset', String(i + 1));
    element.setAttribute('aria-setsize', String(count));
    for (let k = 1; 2 * k <= cell.xy.length; k++) {
      const x = cell.xy[2 * k - 2], y = cell.xy[2 * k - 1];
      element.setAttribute('data-frame-' + k, `${x},${y},${index.innerWidth},${cell.height}`);
      element.style.setProperty('--x' + k, x + 'px');
      element.style.setProperty('--y' + k, y + 'px');
    }
    element.style.height = cell.height + 'px';
    const link = document.createElement(cell.large ? 'a' : 'div');
    link.className = 'cell-link';
    if (cell.large) link.setAttribute('href', cell.large);
    const alt = cell.caption ? cell.caption.lines.join('') : '';
    if (cell.thumbs) {
      const image = document.createElement('img');
      image.className = 'photo';
      image.src = cell.thumbs[0];
      image.srcset = cell.thumbs.map((url, n) => `${url} ${cell.widths[n]}w`).join(', ');
      image.sizes = index.innerWidth + 'px';
      image.width = cell.widths[0];
      image.height = cell.intrinsicHeight;
      image.alt = alt;
      image.loading = 'lazy';
      image.decoding = 'async';
      image.style.height = cell.photoHeight + 'px';
      if (cell.color) image.style.backgroundColor = cell.color;
      link.append(image);
    } else {
      const placeholder = document.createElement('div');
      placeholder.className = 'photo placeholder';
      placeholder.setAttribute('role', 'img');
      placeholder.setAttribute('aria-label', alt);
      placeholder.title = cell.failure || '';
      placeholder.style.height = cell.photoHeight + 'px';
      placeholder.textContent = 'Photo unavailable';
      link.append(placeholder);
    }
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

  // The photo nearest the viewport's top (first in album order among those in view), and
  // where it was: after the column count changes it is brought back to the same place.
  let anchor = null;
  let shownColumns = 0;
  const update = () => {
    if (!index) return;
    const k = columns();
    if (shownColumns && k !== shownColumns && anchor) {
      const gridTop = grid.getBoundingClientRect().top + window.scrollY;
      window.scrollTo(window.scrollX, gridTop + anchor.xy[2 * k - 1] - anchor.offset);
    }
    shownColumns = k;
    const viewTop = -grid.getBoundingClientRect().top;
    const top = viewTop - overscan(), bottom = viewTop + window.innerHeight + overscan();
    const bounds = index.bounds[k - 1];
    const wanted = new Map();
    for (let c = 0; c < index.chunks.length; c++) {
      if (bounds[2 * c] >= bottom || bounds[2 * c + 1] <= top) continue;
      const cells = chunks[c];
      if (!cells) { if (!failures.has(c)) loadChunk(c).catch(() => null); continue; }
      cells.forEach((cell, j) => {
        const y = cell.xy[2 * k - 1];
        if (y < bottom && y + cell.height > top) wanted.set(c * index.chunkSize + j, cell);
      });
    }
    // Let go of what is far from the viewport, except the cell holding the focus.
    const focused = document.activeElement;
    for (const [i, entry] of rendered) {
      const y = entry.xy[2 * k - 1];
      if ((y >= bottom || y + entry.height <= top) && !entry.element.contains(focused)) {
        entry.element.remove();
        rendered.delete(i);
      }
    }
    // New cells go in album order, so Tab and screen readers follow the grid's order.
    const added = [...wanted.keys()].filter((i) => !rendered.has(i)).sort((a, b) => a - b);
    if (added.length > 0) {
      const order = [...rendered.keys()].sort((a, b) => a - b);
      let next = 0;
      for (const i of added) {
        while (next < order.length && order[next] < i) next++;
        const cell = wanted.get(i);
        const element = makeCell(cell, i);
        grid.insertBefore(element, next < order.length ? rendered.get(order[next]).element : null);
        rendered.set(i, { element, xy: cell.xy, height: cell.height });
      }
    }
    for (const [c, note] of failures) note.style.top = bounds[2 * c] + 'px';
    anchor = null;
    for (const [i, entry] of rendered) {
      const y = entry.xy[2 * k - 1];
      if (y + entry.height > viewTop && y < viewTop + window.innerHeight && (!anchor || i < anchor.i)) {
        anchor = { i, xy: entry.xy, offset: y - viewTop };
      }
    }
  };

  const record = (i) => {
    const number = Math.floor(i / index.chunkSize);
    const from = (cells) => cells[i - number * index.chunkSize];
    return chunks[number] ? from(chunks[number]) : loadChunk(number).then(from);
  };
  // Scrolls the grid to photo i (as a link to #photo-ID would) and draws it.
  const reveal = async (i) => {
    const cell = await record(i);
    const gridTop = grid.getBoundingClientRect().top + window.scrollY;
    window.scrollTo(window.scrollX, gridTop + cell.xy[2 * columns() - 1] - 24);
    update();
    return rendered.has(i) ? rendered.get(i).element : null;
  };
  // PAGE#photo-ID: the browser has scrolled to a cell written as HTML; others are found
  // through the album's IDs. An unknown ID leaves the album at its top.
  const followLink = async () => {
    const match = /^#photo-(\d+)$/.exec(window.location.hash);
    if (!match || document.getElementById('photo-' + match[1])) return;
    const ids = (await galleryLoad(index.ids)).ids;
    const i = ids.indexOf(Number(match[1]));
    if (i >= 0) await reveal(i);
  };

  galleryLoad(grid.dataset.layout).then((payload) => {
    index = payload;
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    update();
    return followLink();
  }).catch((error) => {
    if (!index) fail(`Only the first photos can be shown: ${error.message}. Reload the page, or see them page by page below.`);
  });

  const fromRecord = (cell) => ({
    id: String(cell.id), large: cell.large || null,
    alt: cell.caption ? cell.caption.lines.join('') : '',
    caption: cell.caption ? cell.caption.lines.join('') : '', comment: cell.comment ? cell.comment.lines.join('') : '',
  });
  return {
    get count() { return index ? index.count : rendered.size; },
    positionOf: (item) => Number(item.dataset.index),
    photo: (i) => (rendered.has(i) ? galleryDescribe(rendered.get(i).element) : index ? Promise.resolve(record(i)).then(fromRecord) : null),
    element: (i) => (rendered.has(i) ? rendered.get(i).element : null),
    reveal: (i) => (index ? reveal(i) : Promise.resolve(null)),
  };
};

// The lightbox: the large image, caption and comment of one photo, and the album's others
// with the arrows. `album` is the page's view of its photos (galleryMasonry's, or the cells
// on the page).
(() => {
  const box = document.querySelector('.lightbox');
  if (!box) return;
  const grid = document.querySelector('.grid[data-layout]');
  let album;
  if (grid) {
    album = galleryMasonry(grid);
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
    };
    const photo = album.photo(current);
    if (photo && typeof photo.then === 'function') {
      // Not on the page: its data file is on its way.
      image.removeAttribute('src');
      caption.textContent = '';
      comment.textContent = '';
      photo.then(fill, () => { if (current === shown) caption.textContent = 'This photo could not be loaded.'; });
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
  const items = [...wheel.querySelectorAll('.wheel-item')];
  const n = items.length;
  const iw = Number(wheel.dataset.itemWidth), ih = Number(wheel.dataset.itemHeight), r = Number(wheel.dataset.radius);
  const anglePerItem = Math.atan(iw / r);
  const angleAtExtreme = n > 0 ? -(n - 1) * anglePerItem : 0;
  follow(wheel, () => {
    const vw = wheel.clientWidth, vh = wheel.clientHeight, offset = wheel.scrollLeft;
    const scrollable = n * iw - vw;
    const angle = scrollable > 0 ? angleAtExtreme * offset / scrollable : 0;
    const viewportSpan = r > vh / 2 ? Math.atan2(vw / 2, r - vh / 2) : Math.PI;
    const itemSpan = r > ih / 2 ? Math.atan2(iw / 2, r - ih / 2) : Math.PI;
    const theta = Math.min(Math.PI, viewportSpan + itemSpan);
    items.forEach((item, index) => {
      const itemAngle = angle + index * anglePerItem;
      let turned = itemAngle % (2 * Math.PI);
      if (turned > Math.PI) turned -= 2 * Math.PI;
      if (turned < -Math.PI) turned += 2 * Math.PI;
      item.style.visibility = theta >= Math.PI || Math.abs(turned) <= theta ? '' : 'hidden';
      item.style.transform = `rotate(${itemAngle}rad)`;
      item.style.zIndex = String(Math.trunc(itemAngle * 1e6));
    });
  });
  scrollSideways(wheel);
});

// The carousel (CarouselLayout): cards open space around the one nearest the center.
document.querySelectorAll('.carousel').forEach((carousel) => {
  const items = [...carousel.querySelectorAll('.carousel-item')];
  const iw = Number(carousel.dataset.itemWidth), spacing = Number(carousel.dataset.spacing);
  const focusedSpacing = Number(carousel.dataset.focusedSpacing);
  // Swift's rounded(): halves away from zero (Math.round sends -0.5 to -0).
  const round = (x) => Math.sign(x) * Math.round(Math.abs(x));
  follow(carousel, () => {
    const vw = carousel.clientWidth;
    // The engine's offset counts from the first card's left edge; the page's scroll
    // position from the left inset's, (vw − iw) / 2 before it.
    const offset = carousel.scrollLeft - (vw - iw) / 2;
    const focused = (vw / 2 + offset - iw / 2) / (iw + spacing);
    const k = round(focused);
    const d = Math.min(Math.abs(focused - (k - 0.5)), Math.abs(focused - (k + 0.5)));
    const amount = (focusedSpacing - spacing) * 2 * d;
    carousel.dataset.focusedIndex = String(focused);
    items.forEach((item, index) => {
      const shift = index === k ? 0 : (index < k ? -amount : amount);
      item.style.transform = `translateX(${shift}px)`;
      item.classList.toggle('focused', index === k);
    });
  });
  scrollSideways(carousel);
});
})();
