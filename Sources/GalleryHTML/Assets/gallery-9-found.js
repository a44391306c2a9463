// Part of the page script (see gallery-1-words.js): the search page. It searches the index
// the export wrote (SiteSearch.swift) as the visitor types, and lays out what it found as
// the album grid is laid out: the engine's shortest-column placement (galleryMasonryPlacement,
// from empty columns) from the photos' stored aspect ratios and measured text heights;
// `gallery layout --query TEXT --viewport WxH` prints the same positions. Only the photos near the viewport are placed and drawn: a query that finds
// 100,000 photos costs what its first screens cost, and more are placed as the visitor scrolls
// (placing appends: no photo moves when more come).

// A text as a URL keeps it: lone surrogates (which no URL can carry) as U+FFFD.
const galleryWellFormed = (text) => (typeof text.toWellFormed === 'function' ? text.toWellFormed()
  : text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));

(() => {
  const grid = document.querySelector('.grid[data-search]');
  // Other pages' search boxes are forms that open this page with ?q=: nothing to do there.
  if (!grid) return;
  const form = document.querySelector('.search-box');
  const input = form ? form.querySelector('input[name="q"]') : null;
  const status = document.querySelector('.search-status');
  const busy = galleryBusy(grid);
  const overscan = () => Math.max(600, window.innerHeight);
  let index = null;
  let placeOf = null;  // a document's number → its place in search order (null: the same)
  let shown = null;  // the query whose photos are shown: { text, results (their places in search order, ascending) }
  let generation = 0;
  let placement = null;
  // Place in search order → its cell, once its block is in; past galleryKeptCells, only those near
  // the results drawn, the next to place and the lightbox's (`prune`): a slideshow through
  // 100,000 results keeps memory flat.
  const cells = new Map();
  const rendered = new Map();  // position in the results → its element
  let failure = null;

  const file = (template, n) => template.replace('{n}', String(n));
  // A shard's file is named by its key's UTF-8 bytes in hex (SiteFileName).
  const hex = (key) => Array.from(new TextEncoder().encode(key), (byte) => byte.toString(16).padStart(2, '0')).join('');
  // Every document with a word beginning with `token`, by its place in search order,
  // ascending (the shards whose key begins it or that it begins hold all such words, in the
  // base's shards and in the added photos'): each word's list of numbers decoded from its
  // gaps, the lists of several words merged, the numbers turned into places. Typed arrays: a
  // common word is in tens of thousands.
  const withPrefix = async (token) => {
    const wanted = [];
    const reach = (keys, template) => keys.forEach((key) => {
      if (key.startsWith(token) || token.startsWith(key)) wanted.push(file(template, hex(key)));
    });
    reach(index.shards, index.terms);
    reach(index.recentShards, index.recentTerms);
    const lists = [];
    for (const payload of await Promise.all(wanted.map((name) => galleryLoad(name)))) {
      for (const [word, gaps] of Object.entries(payload.terms)) {
        if (!word.startsWith(token)) continue;
        const list = new Int32Array(gaps.length);
        let document = 0;
        gaps.forEach((gap, i) => { document += gap; list[i] = document; });
        lists.push(list);
      }
    }
    const all = new Int32Array(lists.reduce((sum, list) => sum + list.length, 0));
    let at = 0;
    for (const list of lists) { all.set(list, at); at += list.length; }
    if (placeOf !== null) for (let i = 0; i < all.length; i++) all[i] = placeOf(all[i]);
    if (lists.length <= 1 && placeOf === null) return all;
    all.sort();
    let kept = 0;
    for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[kept++] = all[i];
    return all.subarray(0, kept);
  };
  // The documents every token finds, in search order: the shortest list walked against the
  // others.
  const find = async (tokens) => {
    const lists = (await Promise.all(tokens.map(withPrefix))).sort((a, b) => a.length - b.length);
    let found = lists[0];
    for (const other of lists.slice(1)) {
      const both = new Int32Array(found.length);
      let kept = 0, j = 0;
      for (let i = 0; i < found.length; i++) {
        while (j < other.length && other[j] < found[i]) j++;
        if (j < other.length && other[j] === found[i]) both[kept++] = found[i];
      }
      found = both.subarray(0, kept);
    }
    return Array.from(found);
  };
  const loadBlock = (n) => galleryLoadCells(index, cells, n);
  // The cells of `documents`: the blocks of those not yet in, all at once.
  const cellsOfDocuments = (documents) => {
    const missing = documents.filter((document) => !cells.has(document));
    return Promise.all([...new Set(missing.map((document) => galleryRunOf(index.blockStarts, document)))].map(loadBlock));
  };
  // The cells of results `from` to `to`.
  const cellsOf = (results, from, to) => cellsOfDocuments(results.slice(from, to));
  // Lets go of cells once more than galleryKeptCells are in, but those of the results within
  // a few screens of the ones drawn, the next ones to place, and those about result `around`.
  const prune = (around = -1) => {
    if (cells.size <= galleryKeptCells || !shown) return;
    const results = shown.results, keep = new Set();
    const add = (from, to) => { for (let i = Math.max(0, from); i < Math.min(results.length, to); i++) keep.add(results[i]); };
    if (rendered.size > 0) add(Math.min(...rendered.keys()) - 100, Math.max(...rendered.keys()) + 100);
    if (placement) add(placement.placed.length, placement.placed.length + 100);
    if (around >= 0) add(around - 50, around + 50);
    for (const document of cells.keys()) if (!keep.has(document)) cells.delete(document);
  };

  // The width items are drawn at in the band placed.
  const itemWidth = () => galleryItemWidth(grid, index, placement.band);
  const clear = () => {
    for (const element of rendered.values()) element.remove();
    rendered.clear();
  };
  const make = (i) => {
    const entry = placement.placed[i], cell = cells.get(shown.results[i]);
    const bands = (value) => new Array(placement.band + 1).fill(value);
    // Its place in the band shown (and, for the fallbacks, the bands before it): another band
    // places the results again.
    const places = { ar: cell.ar, c: bands(entry.column), t: bands(entry.photoTop / placement.inner), y: bands(entry.y - entry.photoTop) };
    if (cell.place.ch) places.ch = bands(entry.ch);
    if (cell.place.mh) places.mh = bands(entry.mh);
    return galleryMakeCell(cell, i, { count: shown.results.length, sizes: index.sizes }, places);
  };
  // Places results while `wanted()` and their cells are in; true when it stopped for a cell
  // not yet loaded.
  const placeWhile = (wanted) => {
    const results = shown.results;
    while (placement.placed.length < results.length && wanted()) {
      const cell = cells.get(results[placement.placed.length]);
      if (!cell) return true;
      placement.add(cell);
    }
    return false;
  };
  // How many results a screen of the band shown may need at most: its columns, times the rows
  // of 3:2 photos without text that fit in `height` (more text, fewer rows), and one row more.
  const screenful = (height) => {
    const b = galleryBandShown(grid), columns = index.bands[b].columns;
    const item = galleryItemWidth(grid, index, b) / 1.5 + 2 * index.padding;
    return columns * (Math.ceil(height / Math.max(item, 40)) + 1);
  };
  // Loads the cells of the next results. `visible`: some are wanted on screen, and the grid
  // is busy until they are drawn; the overscan's come without it (drawn as they arrive, off
  // screen).
  let fetching = false;
  const fetchMore = (visible) => {
    if (fetching || failure) return;
    fetching = true;
    const mine = shown;
    const from = placement.placed.length;
    const loading = cellsOf(mine.results, from, from + screenful(window.innerHeight));
    (visible ? busy(loading) : loading).then(() => {
      fetching = false;
      if (shown === mine) update();
    }, (error) => {
      fetching = false;
      fail(galleryWords.someFailed.replace('{error}', error.message));
    });
  };
  const fail = (text) => {
    failure = galleryMessage(text);
    grid.before(failure);
  };
  // Loads the cells of results to draw that were let go, then draws them.
  let refilling = false;
  const refill = (documents) => {
    if (refilling || failure) return;
    refilling = true;
    const mine = shown;
    busy(cellsOfDocuments(documents)).then(() => {
      refilling = false;
      if (shown === mine) update();
    }, (error) => {
      refilling = false;
      fail(galleryWords.someFailed.replace('{error}', error.message));
    });
  };

  // The photo nearest the viewport's top, kept in place when another band places them again.
  let anchor = null;
  const update = () => {
    if (!index || !shown) return;
    const b = galleryBandShown(grid);
    if (!placement || placement.band !== b) {
      clear();
      placement = galleryMasonryPlacement(index, b);
    }
    const w = itemWidth();
    const gridTop = grid.getBoundingClientRect().top;
    if (anchor && anchor.band !== b) {
      const target = anchor;
      anchor = null;
      placeWhile(() => placement.placed.length <= target.i);
      if (placement.placed.length > target.i) window.scrollTo(window.scrollX, gridTop + window.scrollY + placement.span(target.i, w).y - target.offset);
      return update();
    }
    const viewTop = -grid.getBoundingClientRect().top;
    const top = viewTop - overscan(), bottom = viewTop + window.innerHeight + overscan();
    if (placeWhile(() => Math.min(...placement.bottoms(w)) < bottom)) fetchMore(Math.min(...placement.bottoms(w)) < viewTop + window.innerHeight);
    const wanted = [];
    for (let i = 0; i < placement.placed.length; i++) {
      const { y, height } = placement.span(i, w);
      if (y < bottom && y + height > top) wanted.push(i);
    }
    const keep = new Set(wanted);
    const focused = document.activeElement;
    for (const [i, element] of rendered) {
      if (!keep.has(i) && !element.contains(focused)) { element.remove(); rendered.delete(i); }
    }
    // In result order, so Tab and screen readers follow the grid's order.
    const order = [...rendered.keys()].sort((x, y) => x - y);
    let next = 0;
    const unloaded = [];
    for (const i of wanted) {
      if (rendered.has(i)) continue;
      // Its cell was let go (`prune`): drawn once it is in again.
      if (!cells.has(shown.results[i])) { unloaded.push(shown.results[i]); continue; }
      while (next < order.length && order[next] < i) next++;
      const element = make(i);
      grid.insertBefore(element, next < order.length ? rendered.get(order[next]) : null);
      rendered.set(i, element);
    }
    if (unloaded.length > 0) refill(unloaded);
    prune();
    const bottoms = placement.bottoms(w);
    grid.style.height = (placement.placed.length > 0 ? Math.max(...bottoms) : 0) + 'px';
    grid.dataset.placed = String(placement.placed.length);
    anchor = null;
    for (const i of wanted) {
      const { y, height } = placement.span(i, w);
      if (y + height > viewTop && y < viewTop + window.innerHeight) { anchor = { i, band: b, offset: y - viewTop }; break; }
    }
  };

  const say = (text, results) => {
    if (!status) return;
    const count = results.length.toLocaleString(document.documentElement.lang || undefined);
    status.textContent = !text.trim() ? '' : results.length === 0 ? galleryWords.foundNone.replace('{query}', text.trim())
      : results.length === 1 ? galleryWords.foundOne : galleryWords.foundMany.replace('{count}', count);
  };
  // Shows what `text` finds (the newest query wins: an older one's answer is dropped).
  const show = (text) => {
    const mine = ++generation;
    const tokens = galleryQueryTokens(text);
    const found = tokens.length === 0 ? Promise.resolve([]) : find(tokens);
    return busy(found.then(async (results) => {
      // The first screen's cells come with the answer: the grid is drawn once, the screen
      // whole (the overscan's follow).
      await cellsOf(results, 0, screenful(window.innerHeight));
      if (mine !== generation) return;
      clear();
      placement = null;
      anchor = null;
      shown = { text, results };
      grid.dataset.query = text;
      grid.dataset.found = String(results.length);
      say(text, results);
      update();
    })).catch((error) => { if (mine === generation) fail(galleryWords.someFailed.replace('{error}', error.message)); });
  };

  // The query is the address's ?q=: typing replaces it, a new search after a finished one
  // (Enter, or leaving the box) is a new history entry, and Back shows the query before.
  const queryOfAddress = () => new URLSearchParams(window.location.search).get('q') || '';
  let finished = true;
  const remember = (text) => {
    const address = window.location.pathname + (text ? '?q=' + encodeURIComponent(galleryWellFormed(text)) : '');
    try {
      if (finished && queryOfAddress() !== '') history.pushState(null, '', address); else history.replaceState(null, '', address);
    } catch (error) { /* file:// may refuse: the search still works */ }
    finished = false;
  };
  if (input) {
    // The search first: its files are on their way while the address is written (which can
    // take a browser several ms).
    input.addEventListener('input', () => { show(input.value); remember(input.value); });
    input.addEventListener('change', () => { finished = true; });
  }
  if (form) {
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      finished = true;
      // The keyboard goes away on a phone: the photos found are what the visitor wants now.
      if (input) input.blur();
      if (input && (!shown || shown.text !== input.value)) show(input.value);
    });
  }
  window.addEventListener('popstate', () => {
    const text = queryOfAddress();
    finished = true;
    if (shown && shown.text === text) return;
    if (input) input.value = text;
    show(text);
  });

  galleryOfferAlbum(galleryAlbum({
    count: () => (shown ? shown.results.length : 0),
    positionOf: (item) => {
      const i = Number(item.dataset.index);
      return rendered.get(i) === item ? i : -1;
    },
    photo: (i) => {
      if (rendered.has(i)) return galleryDescribe(rendered.get(i));
      const results = shown.results;
      return cellsOf(results, i, i + 1).then(() => {
        const cell = cells.get(results[i]);
        prune(i);
        return galleryDescribeData(cell);
      });
    },
    element: (i) => rendered.get(i) || null,
    // Places the results up to photo i (loading their cells), scrolls to it and draws it.
    reveal: async (i) => {
      const mine = shown;
      while (shown === mine && placement && placement.placed.length <= i) {
        await cellsOf(mine.results, placement.placed.length, i + 1);
        if (shown !== mine) return null;
        placeWhile(() => placement.placed.length <= i);
      }
      if (!placement || placement.placed.length <= i) return null;
      window.scrollTo(window.scrollX, grid.getBoundingClientRect().top + window.scrollY + placement.span(i, itemWidth()).y - 24);
      update();
      return rendered.get(i) || null;
    },
  }));

  busy(galleryLoad(grid.dataset.search).then((payload) => {
    index = payload;
    placeOf = gallerySearchPositions(index);
    // The first keystroke should not pay for the first use of the text rules (Unicode tables,
    // regular expressions) or of the count's number format (5 ms, 20 on a phone): made ready now.
    galleryQueryTokens('Éa1');
    (1000).toLocaleString(document.documentElement.lang || undefined);
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    const text = queryOfAddress();
    if (input) input.value = text;
    if (!text && input) input.focus();
    return show(text);
  })).catch((error) => {
    if (!index) fail(galleryWords.someFailed.replace('{error}', error.message));
  });
})();
