// Part of the page script: the site's gallery.js is gallery-1-words.js to gallery-6-lightbox.js
// joined in that order (SiteAssets.script), classic scripts sharing one scope, so that pages
// work from file:// as from any host. Each part starts what it draws by itself.

// A whole album's grid (masonry's .grid or the rows' .rows, with data-layout): its first
// screenful comes as HTML; from then on only the items that meet the viewport, or lie within
// `overscan` of it, are in the page, made from the data files (AlbumData.swift) and let go as
// the visitor scrolls. Every item's frame at each column count comes from the data (masonry:
// the cells' own; rows: a file of frames per chunk). Returns the album (galleryAlbum): every
// photo, on the page or not.
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

  return galleryAlbum({
    count: () => (index ? index.count : rendered.size),
    photo: (i) => (rendered.has(i) ? galleryDescribe(rendered.get(i).element) : index ? entry(i).then(({ cell }) => galleryDescribeData(cell)) : null),
    element: (i) => (rendered.has(i) ? rendered.get(i).element : null),
    reveal: (i) => (index ? reveal(i) : Promise.resolve(null)),
  });
};

// The grid or rows of an album page draws itself from its data, lightbox or not.
(() => {
  const grid = document.querySelector('.grid[data-layout]');
  const rows = document.querySelector('.rows[data-layout]');
  if (grid) galleryOfferAlbum(galleryVirtualGrid(grid, '.cell', galleryMakeCell));
  else if (rows) galleryOfferAlbum(galleryVirtualGrid(rows, '.row-item', galleryMakeRowItem));
})();
