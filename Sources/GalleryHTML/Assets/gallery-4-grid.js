// Part of the page script: the site's gallery.js is gallery-1-words.js to gallery-9-found.js
// joined in that order (SiteAssets.script), classic scripts sharing one scope, so that pages
// work from file:// as from any host. Each part starts what it draws by itself.

// How a grid places its items, at the layout the style sheet shows now (`key()`): masonry
// cells in the band of the window's width, drawn at the width shown (FluidMasonry), or the
// rows' frames in their band, scaled to the rows' width shown (FluidJustified). `place` is what
// the script knows of an item (a masonry cell's places in the bands, or a row item's frames):
// `prepare(index, c)` loads what chunk c's items are placed from, if anything (null once it
// is in), `loaded(index, c, frames)` reads chunk c's frames file (views with one),
// `placeOf(index, chunk, j)` gives a loaded chunk's; `at(index, key)` measures the
// layout once and gives `span(place)`, an item's top and height, `chunkSpan(c)`, the part
// of the grid a chunk's items stay within, and `groupSpan(g)`, a group's (its chunks'
// within it).

// The band a grid is drawn in: its media query's --band.
const galleryBandShown = (grid) => parseInt(getComputedStyle(grid).getPropertyValue('--band'), 10) || 0;

// The width of a masonry item in band b of `index` (an album's index, or the search index):
// the grid as drawn, shared by the band's columns and gutters, less the padding.
const galleryItemWidth = (grid, index, b) => {
  const k = index.bands[b].columns;
  return (grid.getBoundingClientRect().width - (k - 1) * index.gutter) / k - 2 * index.padding;
};

// Masonry cells are placed by the page a group of photos at a time (AlbumData.swift): a
// chunk's cells can be placed once its group's shapes are in and placed (`prepare`).
const galleryMasonryPlacing = (grid) => {
  // Group number → the promise of its placing, and once placed its places (per photo). Kept:
  // the groups of the chunks the grid holds (`keep`), and the last other one (a group is about
  // a thousand photos).
  let keptChunk = () => false;
  let keptIndex = null;
  const groups = galleryRecent(1, (g) => {
    for (let c = keptIndex.groups[g]; c < (g + 1 < keptIndex.groups.length ? keptIndex.groups[g + 1] : keptIndex.chunkStarts.length); c++) {
      if (keptChunk(c)) return true;
    }
    return false;
  });
  // The group of chunk c, and its first photo's index (groups and chunks are cut by content).
  const groupOf = (index, c) => galleryRunOf(index.groups, c);
  const groupFirst = (index, g) => index.chunkStarts[index.groups[g]];
  return {
    key: () => galleryBandShown(grid),
    // Null when chunk c's cells can be placed; else the promise of its group's shapes, loaded
    // and placed (the same promise each time).
    prepare(index, c) {
      const g = groupOf(index, c);
      keptIndex = index;
      let group = groups.get(g);
      if (group && group.places) return null;
      if (!group) {
        group = groups.set(g, { places: null });
        group.loading = galleryGroupShapes(index, g).then((payload) => { group.places = galleryPlaceGroup(index, g, payload); });
      }
      return group.loading;
    },
    // The grid holds chunk c while `holds(c)`: its group stays placed.
    keep(holds) { keptChunk = holds; },
    at(index, b) {
      const w = galleryItemWidth(grid, index, b);
      const columns = index.bands[b].columns, starts = index.starts[b], scale = w / galleryMasonryInner(index, b);
      // Where column c ends before group g, drawn at w; after the last group, anywhere below
      // (the columns file has not those ends, which photos added at the end would change).
      const end = (g, c) => {
        const at = 2 * (g * columns + c);
        return at < starts.length ? starts[at + 1] * scale + (starts[at] - starts[at + 1]) : Infinity;
      };
      // Group g's cells go to the shortest columns from where the columns ended before it, and
      // end above where the tallest ends after it (columns only grow, at every width).
      const groupSpan = (g) => {
        let top = Infinity, bottom = -Infinity;
        for (let c = 0; c < columns; c++) {
          top = Math.min(top, end(g, c));
          bottom = Math.max(bottom, end(g + 1, c));
        }
        return { top, bottom };
      };
      const span = (place) => {
        const text = (name) => (place[name] ? place[name][b] : 0);
        return { y: place.t[b] * w + place.y[b], height: w / place.ar + index.annotationTop + index.annotationBottom + text('ch') + text('mh') };
      };
      return {
        span,
        groupSpan,
        // A placed group's chunk: from its cells' top to their bottom, at this width (the
        // viewport meets a few groups, whose chunks are all that is looked at). Else its group's.
        chunkSpan(k) {
          const g = groupOf(index, k), group = groups.peek(g);
          if (!group || !group.places) return groupSpan(g);
          const first = groupFirst(index, g), end = k + 1 < index.chunkStarts.length ? index.chunkStarts[k + 1] : index.count;
          let top = Infinity, bottom = -Infinity;
          for (let i = index.chunkStarts[k]; i < end; i++) {
            const { y, height } = span(group.places[i - first]);
            top = Math.min(top, y);
            bottom = Math.max(bottom, y + height);
          }
          return { top, bottom };
        },
      };
    },
    // A cell written in the page: its places from its custom properties, as CellMarkup.cell
    // writes them (a band without a value has the band before's).
    written(element) {
      const style = element.style, places = { ar: parseFloat(style.getPropertyValue('--ar')) };
      const bands = Number(getComputedStyle(grid).getPropertyValue('--bands')) || 1;
      for (const name of galleryBandFields) {
        if (style.getPropertyValue('--' + name + '0') === '') continue;
        places[name] = [];
        for (let b = 0; b < bands; b++) {
          const own = style.getPropertyValue('--' + name + b);
          places[name].push(own === '' ? places[name][b - 1] : parseFloat(own));
        }
      }
      return places;
    },
    // Its group is placed (`prepare`).
    placeOf(index, chunk, j) {
      const g = groupOf(index, chunk.number);
      return groups.peek(g).places[index.chunkStarts[chunk.number] + j - groupFirst(index, g)];
    },
    make: (cell, i, place, index) => galleryMakeCell(cell, i, index, place),
  };
};

// The rows: the index has each group's top and bottom in every band (`bounds`), its runs'
// bounds files each chunk's from the group's top (AlbumFile.justifiedBounds), loaded for the
// groups the viewport comes near (`prepare`) and kept (a few numbers a chunk).
const galleryJustifiedPlacing = (grid) => {
  // Group number → { bounds: per band, [top, bottom] per chunk from the group's top, once in;
  // loading: the promise of them }.
  const groups = new Map();
  const groupOf = (index, c) => galleryRunOf(index.groups, c);
  const load = (index, g) => {
    let group = groups.get(g);
    if (!group) {
      group = { bounds: null };
      groups.set(g, group);
      group.loading = Promise.all(galleryGroupFiles(index, 'bounds', g).map((name) => galleryLoad(name))).then((files) => {
        group.bounds = index.bounds.map((_, b) => files.flatMap((file) => file.bounds[b]));
      });
    }
    return group;
  };
  // Chunk c's top and bottom in band b at the rows width: its own once its group's bounds are
  // in, else its group's (it lies within them).
  const chunkBounds = (index, b, c) => {
    const g = groupOf(index, c), top = index.bounds[b][2 * g], group = groups.get(g);
    if (!group || !group.bounds) return { top, bottom: index.bounds[b][2 * g + 1] };
    const k = c - index.groups[g];
    return { top: top + group.bounds[b][2 * k], bottom: top + group.bounds[b][2 * k + 1] };
  };
  return {
    key: () => galleryBandShown(grid),
    at(index, b) {
      // The band's frames are at its rows width; the rows are drawn at the width shown.
      const scale = grid.getBoundingClientRect().width / index.rowWidths[b];
      return {
        span: (frame) => ({ y: frame[4 * b + 1] * scale, height: frame[4 * b + 3] * scale }),
        groupSpan: (g) => ({ top: index.bounds[b][2 * g] * scale, bottom: index.bounds[b][2 * g + 1] * scale }),
        chunkSpan: (c) => {
          const { top, bottom } = chunkBounds(index, b, c);
          return { top: top * scale, bottom: bottom * scale };
        },
      };
    },
    written(element) {
      const frame = [];
      for (let b = 0; element.hasAttribute('data-frame-' + b); b++) frame.push(...element.getAttribute('data-frame-' + b).split(',').map(Number));
      return frame;
    },
    prepare(index, c) {
      const group = load(index, groupOf(index, c));
      return group.bounds ? null : group.loading;
    },
    // A chunk's frames file holds y from the chunk's top in each band, so that rows only
    // moved down by photos inserted before them keep their bytes.
    loaded: (index, c, frames) => load(index, groupOf(index, c)).loading
      .then(() => frames.map((frame) => frame.map((v, k) => (k % 4 === 1 ? v + chunkBounds(index, k >> 2, c).top : v)))),
    placeOf: (index, chunk, j) => chunk.frames[j],
    make: (cell, i, frame, index) => galleryMakeJustifiedItem(cell, i, frame, index),
  };
};

// A whole album's grid (masonry's .grid or the justified view's .justified, with data-layout): its first
// screenful comes as HTML; from then on only the items that meet the viewport, or lie within
// `overscan` of it, are in the page, made from the data files (AlbumData.swift) and let go as
// the visitor scrolls. Where each item lies comes from the data (`placing`). Returns the
// album (galleryAlbum): every photo, on the page or not.
const galleryVirtualGrid = (grid, itemSelector, placing) => {
  const overscan = () => Math.max(600, window.innerHeight);
  const rendered = new Map();  // album index → { element, place }
  grid.querySelectorAll(itemSelector).forEach((element) => {
    rendered.set(Number(element.dataset.index), { element, place: placing.written(element) });
  });
  let index = null;
  // Chunk number → the promise of { number, cells, frames }, and once loaded `loaded`: the
  // chunks that meet the viewport or its overscan (`near`), and the few last used beside.
  let near = new Set();
  const chunks = galleryRecent(galleryKeptFiles, (c) => near.has(c));
  if (placing.keep) placing.keep((c) => near.has(c) || chunks.has(c));
  const loaded = (c) => { const chunk = chunks.get(c); return chunk && chunk.loaded; };
  const failures = new Map();  // chunk number → the message shown in its place
  const preparing = new Set();  // the promises of `placing.prepare` under way
  const busy = galleryBusy(grid);

  const fail = (text, inGrid) => {
    const note = galleryMessage(text);
    if (inGrid) grid.append(note); else grid.before(note);
    return note;
  };
  const loadChunk = (number) => {
    let chunk = chunks.get(number);
    if (!chunk) {
      chunk = chunks.set(number, { loaded: null });
      const content = galleryChunkCells(index, number);
      const frames = index.files.frames ? galleryLoad(galleryIndexFile(index, 'frames', number)).then((payload) => placing.loaded(index, number, payload.frames)) : content;
      chunk.loading = busy(Promise.all([content, frames]).then(([cells, frames]) => {
        chunk.loaded = { number, cells, frames };
        update();
        return chunk.loaded;
      }, (error) => {
        failures.set(number, fail(galleryWords.someFailed.replace('{error}', error.message), true));
        update();
        throw error;
      }));
    }
    return chunk.loading;
  };

  // The photo nearest the viewport's top (first in album order among those in view), and
  // where it was: after the layout changes (another band or column count, or the same band at
  // another width) it is brought back to the same place: its top as far below the viewport's
  // top as before, or, cut by the viewport's top, cut at the same fraction of its height.
  let anchor = null;
  let shownLayout = null;
  const update = () => {
    if (!index) return;
    const key = placing.key();
    const layoutNow = placing.at(index, key), span = layoutNow.span;
    const layout = key + '@' + grid.getBoundingClientRect().width;
    if (shownLayout !== null && layout !== shownLayout && anchor) {
      const gridTop = grid.getBoundingClientRect().top + window.scrollY;
      const { y, height } = span(anchor.place);
      window.scrollTo(window.scrollX, gridTop + (anchor.offset >= 0 ? y - anchor.offset : y + anchor.fraction * height));
    }
    shownLayout = layout;
    const viewTop = -grid.getBoundingClientRect().top;
    const top = viewTop - overscan(), bottom = viewTop + window.innerHeight + overscan();
    const wanted = new Map();
    near = new Set();
    // The chunks of the groups that meet it (a group's chunks lie within it): a scroll looks
    // at a hundred groups and a few of their chunks, not at 6,700 chunks of 100,000 photos.
    for (let g = 0; g < index.groups.length; g++) {
      const extent = layoutNow.groupSpan(g);
      if (extent.top >= bottom || extent.bottom <= top) continue;
      const end = g + 1 < index.groups.length ? index.groups[g + 1] : index.chunkStarts.length;
      for (let c = index.groups[g]; c < end; c++) {
        const bounds = layoutNow.chunkSpan(c);
        if (bounds.top < bottom && bounds.bottom > top && !failures.has(c)) near.add(c);
      }
    }
    // Whether chunk c of a group not yet placed likely meets the viewport: its photos put
    // evenly down the group's part of the grid (a column's photos follow one another in album
    // order; off by a row or two, inside the overscan). Asked for with the group's shapes, not
    // after them: a tap on the date scrubber or a deep link waits for one round trip, not two.
    const likelyNear = (c) => {
      const g = galleryRunOf(index.groups, c), extent = layoutNow.groupSpan(g);
      if (!Number.isFinite(extent.bottom)) return false;
      const first = index.chunkStarts[index.groups[g]];
      const end = g + 1 < index.groups.length ? index.chunkStarts[index.groups[g + 1]] : index.count;
      const at = (i) => extent.top + (extent.bottom - extent.top) * (i - first) / (end - first);
      return at(index.chunkStarts[c]) < bottom && at(c + 1 < index.chunkStarts.length ? index.chunkStarts[c + 1] : index.count) > top;
    };
    for (const c of near) {
      // What the chunk's cells are placed from first (a masonry group's shapes): its bounds
      // are then its own, and the next update sees whether it meets the viewport.
      const prepared = placing.prepare(index, c);
      if (prepared) {
        if (!chunks.has(c) && likelyNear(c)) loadChunk(c).catch(() => null);
        if (!preparing.has(prepared)) {
          preparing.add(prepared);
          busy(prepared.then(() => {
            preparing.delete(prepared);
            update();
          }, (error) => {
            failures.set(c, fail(galleryWords.someFailed.replace('{error}', error.message), true));
            update();
          }));
        }
        continue;
      }
      const chunk = loaded(c);
      if (!chunk) { loadChunk(c).catch(() => null); continue; }
      chunk.cells.forEach((cell, j) => {
        const { y, height } = span(placing.placeOf(index, chunk, j));
        if (y < bottom && y + height > top) wanted.set(index.chunkStarts[c] + j, j);
      });
    }
    // Let go of what is far from the viewport, except the item holding the focus.
    const focused = document.activeElement;
    for (const [i, entry] of rendered) {
      const { y, height } = span(entry.place);
      if ((y >= bottom || y + height <= top) && !entry.element.contains(focused)) {
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
        const chunk = loaded(galleryRunOf(index.chunkStarts, i)), j = wanted.get(i);
        const place = placing.placeOf(index, chunk, j);
        const element = placing.make(chunk.cells[j], i, place, index);
        grid.insertBefore(element, next < order.length ? rendered.get(order[next]).element : null);
        rendered.set(i, { element, place });
      }
    }
    for (const [c, note] of failures) note.style.top = layoutNow.chunkSpan(c).top + 'px';
    anchor = null;
    for (const [i, entry] of rendered) {
      const { y, height } = span(entry.place);
      if (y + height > viewTop && y < viewTop + window.innerHeight && (!anchor || i < anchor.i)) {
        anchor = { i, place: entry.place, offset: y - viewTop, fraction: (viewTop - y) / height };
      }
    }
  };

  const entry = async (i) => {
    const number = galleryRunOf(index.chunkStarts, i);
    // What it is placed from and its chunk at once: a deep link waits for one round trip.
    const [, chunk] = await Promise.all([placing.prepare(index, number), loadChunk(number)]);
    const j = i - index.chunkStarts[number];
    return { cell: chunk.cells[j], place: placing.placeOf(index, chunk, j) };
  };
  // Scrolls the grid to photo i (as a link to #photo-ID would) and draws it.
  const reveal = async (i) => {
    const { place } = await entry(i);
    const gridTop = grid.getBoundingClientRect().top + window.scrollY;
    window.scrollTo(window.scrollX, gridTop + placing.at(index, placing.key()).span(place).y - 24);
    update();
    return rendered.has(i) ? rendered.get(i).element : null;
  };
  // PAGE#photo-ID: the browser has scrolled to an item written as HTML; others are found
  // through the IDs of the groups whose spans of IDs (`idSpans`) hold it, all asked for at
  // once: one group's, mostly, where every group's were 800 KB at 100,000 photos. An unknown
  // ID leaves the album at its top.
  const followLink = async () => {
    const match = /^#photo-(\d+)$/.exec(window.location.hash);
    if (!match || document.getElementById('photo-' + match[1])) return;
    const id = Number(match[1]);
    const holds = (spans) => spans.some((first, k) => k % 2 === 0 && id >= first && id <= first + spans[k + 1]);
    const candidates = index.groups.map((_, g) => g).filter((g) => !index.idSpans || holds(index.idSpans[g]));
    const groups = await Promise.all(candidates.map((g) => galleryGroupIDs(index, g)));
    const found = groups.findIndex((ids) => ids.includes(id));
    if (found >= 0) await reveal(index.chunkStarts[index.groups[candidates[found]]] + groups[found].indexOf(id));
  };

  busy(galleryAlbumIndex(grid.dataset.layout).then((payload) => {
    index = payload;
    // The album's count is not in its page (PageRenderer.albumPage): the size of the list its
    // cells are items of.
    for (const { element } of rendered.values()) {
      if (element.hasAttribute('aria-posinset')) element.setAttribute('aria-setsize', String(index.count));
    }
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
  const justified = document.querySelector('.justified[data-layout]');
  if (grid) galleryOfferAlbum(galleryVirtualGrid(grid, '.cell', galleryMasonryPlacing(grid)));
  else if (justified) galleryOfferAlbum(galleryVirtualGrid(justified, '.justified-item', galleryJustifiedPlacing(justified)));
})();
