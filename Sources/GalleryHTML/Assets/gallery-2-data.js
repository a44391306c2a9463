// Part of the page script: the site's gallery.js is gallery-1-words.js to gallery-9-found.js
// joined in that order (SiteAssets.script), classic scripts sharing one scope, so that pages
// work from file:// as from any host. Each part starts what it draws by itself.

// Values by key: at most `limit` of them besides those `kept(key)` holds on to, the least
// recently used let go first. A visitor who walks a whole album (a slideshow through 100,000
// photos) then holds as much data at the end as after the first minute; what was let go is
// loaded again if it is wanted again (from the browser's cache, usually).
const galleryRecent = (limit, kept = () => false) => {
  const values = new Map();  // in order of use, the oldest first
  return {
    has: (key) => values.has(key),
    // Without counting as a use.
    peek: (key) => values.get(key),
    get(key) {
      if (!values.has(key)) return undefined;
      const value = values.get(key);
      values.delete(key);
      values.set(key, value);
      return value;
    },
    set(key, value) {
      values.delete(key);
      values.set(key, value);
      if (values.size <= limit) return value;
      const spare = [...values.keys()].filter((other) => !kept(other));
      for (const old of spare.slice(0, Math.max(0, spare.length - limit))) values.delete(old);
      return value;
    },
  };
};

// How many data files a page keeps loaded once used (a grid: chunks besides those near the
// viewport): enough that a visitor going back a few screens, or a lightbox going back a few
// photos, loads nothing again.
const galleryKeptFiles = 24;
// How many cells the search page and the map keep loaded before they let go of those far from
// what they show (theirs come from the search's blocks, a cell at a time).
const galleryKeptCells = 600;

// Data files (data/*.js) are scripts calling galleryData({...}): unlike fetch(), a script
// loads from file:// as from any host. Over HTTP they are fetched and their JSON read with
// JSON.parse: no script of one large literal to compile (a search's first screen waited
// ~24 ms on that, in a trace), but for those the page preloads. One promise per
// file while it is among the recent ones (galleryRecent); it is rejected when the file is
// missing, or is not a galleryData({...}) call (damaged).
const galleryLoad = (() => {
  const loads = galleryRecent(galleryKeptFiles);
  window.galleryData = (payload) => {
    if (document.currentScript) document.currentScript.galleryPayload = payload;
  };
  const byScript = (url) => new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.onload = () => {
      script.remove();
      if (script.galleryPayload) resolve(script.galleryPayload); else reject(new Error(url + ' is damaged'));
    };
    script.onerror = () => { script.remove(); reject(new Error(url + ' is missing')); };
    script.src = url;
    document.head.appendChild(script);
  });
  const call = 'galleryData(';
  const byFetch = (url) => fetch(url).then((response) => {
    if (!response.ok) throw new Error(url + ' is missing');
    return response.text();
  }, () => { throw new Error(url + ' is missing'); }).then((text) => {
    const end = text.lastIndexOf(')');
    let payload = null;
    try {
      if (text.startsWith(call) && end > call.length) payload = JSON.parse(text.slice(call.length, end));
    } catch (error) { /* damaged: said below */ }
    if (!payload || typeof payload !== 'object') throw new Error(url + ' is damaged');
    return payload;
  });
  const overHTTP = window.location.protocol === 'http:' || window.location.protocol === 'https:';
  // What the page preloads (its album's index and columns: <link rel="preload" as="script">)
  // is loaded as the script it was preloaded as: fetch() does not take a script's preload, and
  // asked for each again (230 KB more on the first screen of a 100,000-photo album).
  const preloaded = new Set([...document.querySelectorAll('link[rel="preload"][as="script"]')].map((link) => link.href));
  const asScript = (url) => !overHTTP || preloaded.has(new URL(url, document.baseURI).href);
  return (url) => loads.get(url) || loads.set(url, asScript(url) ? byScript(url) : byFetch(url));
})();

// A columns file's starts (AlbumData.Columns): per band, the engine's doubles, each band's
// bytes (little-endian) in base64.
// Plain loops: Uint8Array.from(text, mapping) and Array.from({ length }, mapping) took 41 ms of
// a 100,000-photo album's first screen (150 KB of base64), these a few.
const galleryColumnStarts = (columns) => columns.starts.map((text) => {
  const binary = atob(text), bytes = new Uint8Array(binary.length);
  for (let k = 0; k < binary.length; k++) bytes[k] = binary.charCodeAt(k);
  const view = new DataView(bytes.buffer), starts = new Array(bytes.length / 8);
  for (let k = 0; k < starts.length; k++) starts[k] = view.getFloat64(8 * k, true);
  return starts;
});

// An album grid's index (AlbumData.Index) with, for masonry, where its columns end before each
// group (`starts`), which come in a file of their own (`columns`): they change with any
// photo's height, the rest of the index only when photos come or go. One promise a file.
const galleryAlbumIndex = (() => {
  const indexes = new Map();
  return (url) => {
    if (!indexes.has(url)) {
      const loading = galleryLoad(url).then((index) => (index.columns ? galleryLoad(index.columns).then((columns) => ({ ...index, starts: galleryColumnStarts(columns) })) : index));
      indexes.set(url, loading);
      loading.catch(() => indexes.delete(url));
    }
    return indexes.get(url);
  };
})();

// Block n of the search index's cells put into `cells` by place in search order: the search
// page's and the map's. The search index names the blocks: each one's first place
// (`blockStarts`) and its file, `docs` with {n} its first photo's id (`blocks`).
const galleryLoadCells = (index, cells, n) => galleryLoad(index.docs.replace('{n}', String(index.blocks[n]))).then((payload) => {
  payload.cells.forEach((cell, j) => { if (cell) cells.set(index.blockStarts[n] + j, cell); });
});

// The file of an album index's (AlbumData.Index) chunk n ('chunk': its cells, 'frames': its
// rows' frames), named by its first photo's id; a chunk that is a run of a search block
// (`chunkBlocks`) is that block's documents.
const galleryIndexFile = (index, kind, n) => {
  const block = kind === 'chunk' && index.chunkBlocks ? index.chunkBlocks[n] : null;
  if (block !== null) return index.files.docs.replace('{n}', String(block));
  return index.files[kind].replace('{n}', String(index.chunkIDs[n]));
};

// The files of runs of `counts` chunks from chunk `first` on, each named by its first photo's
// id and how many chunks it holds ("ID-N").
const galleryRunFiles = (index, kind, first, counts) => {
  let c = first;
  return counts.map((chunks) => {
    const name = index.files[kind].replace('{n}', index.chunkIDs[c] + '-' + chunks);
    c += chunks;
    return name;
  });
};

// The files of group g's runs of chunks ('shapes', 'ids'): one of all its chunks, but the last
// group's, which photos added at the end grow (`lastGroupRuns`, AlbumFiles.groupRuns); each
// named by its first photo's id and how many chunks it holds.
const galleryGroupFiles = (index, kind, g) => {
  const first = index.groups[g], end = g + 1 < index.groups.length ? index.groups[g + 1] : index.chunkStarts.length;
  return galleryRunFiles(index, kind, first, g === index.groups.length - 1 ? index.lastGroupRuns : [end - first]);
};

// Group g's shapes (AlbumData `Shapes`) from its files, as one file's: each file's texts'
// heights in its own lines (`lines`) made px, in which the whole group's are then counted
// (lines × 1 is the product itself, to the bit).
const galleryGroupShapes = (index, g) => Promise.all(galleryGroupFiles(index, 'shapes', g).map((name) => galleryLoad(name))).then((files) => ({
  lines: [1, 1],
  cells: files.flatMap((file) => file.cells.map((shape) => shape.map((value, k) => (k >= 2 && Array.isArray(value)
    ? value.map((v, i) => (i % 2 === 0 ? v * file.lines[k - 2] : v)) : value)))),
}));

// Group g's photos' ids, in album order, from its files.
const galleryGroupIDs = (index, g) => Promise.all(galleryGroupFiles(index, 'ids', g).map((name) => galleryLoad(name)))
  .then((files) => files.flatMap((file) => file.ids));

// Where each month of an album begins (AlbumData.Dates), in album order: its dates files', a
// few groups' months in each, a run of the last group's in the last ones (`datesRuns`), all
// asked for at once.
const galleryAlbumMonths = async (index) => {
  const files = galleryRunFiles(index, 'dates', 0, index.datesRuns).map((name) => galleryLoad(name));
  return (await Promise.all(files)).flatMap((file) => file.months);
};

// The cells of chunk n of an album's index (AlbumData.Index): its file's, or, where the chunk
// is a run of a search block (`chunkOffsets`: a year's photos are a stretch of the search's
// order, SharedChunks.swift), that run of the block's.
const galleryChunkCells = (index, n) => galleryLoad(galleryIndexFile(index, 'chunk', n)).then((payload) => {
  if (!index.chunkOffsets) return payload.cells;
  const from = index.chunkOffsets[n], end = n + 1 < index.chunkStarts.length ? index.chunkStarts[n + 1] : index.count;
  return payload.cells.slice(from, from + end - index.chunkStarts[n]);
});

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

// The search index's documents' numbers (in its word shards and the map's points) to their
// places in search order, as SearchNumbering.Placed.position finds them: a number from `base`
// on is an added photo's, at its listed place; one below is a photo of the base (but the
// `holes`), after as many added photos as have fewer of the base's before them than its rank
// among the base's. Null where nothing was added or left since the last renumbering: the
// numbers are the places.
const gallerySearchPositions = (index) => {
  const base = index.base, holes = index.holes || [], added = index.added || [];
  if (holes.length === 0 && added.length === 0) return null;
  // Each added photo's count of the base's photos before it, ascending with their places.
  const basesBefore = Int32Array.from(added).sort().map((place, j) => place - j);
  // How many of the ascending `list` are below `value` (or at most it, when `inclusive`).
  const count = (list, value, inclusive) => {
    let low = 0, high = list.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (list[middle] < value || (inclusive && list[middle] === value)) low = middle + 1; else high = middle;
    }
    return low;
  };
  return (number) => {
    if (number >= base) return added[number - base];
    const rank = number - count(holes, number, false);
    return rank + count(basesBefore, rank, true);
  };
};

// The last of the ascending `starts` at most `i` (its position): the chunk holding photo i in
// an index's `chunkStarts` (chunks are cut by content, AlbumCuts.swift, not every n photos),
// the group holding chunk i in its `groups`.
const galleryRunOf = (starts, i) => {
  let low = 0, high = starts.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (starts[middle] <= i) low = middle + 1; else high = middle;
  }
  return Math.max(0, low - 1);
};

// The photos of a whole album by index, from its data files (the masonry index's content
// chunks): for the views that draw cards (wheel, carousel). `onArrival` runs when a chunk
// asked for has arrived.
const galleryAlbumContent = (layout, onArrival, busy) => {
  let index = null;
  // Chunk number → { cells } once in, and the promise of them; the recent ones only: the views
  // ask for the chunks of the cards about the current one, fewer than galleryKeptFiles.
  const chunks = galleryRecent(galleryKeptFiles);
  const ready = busy(galleryLoad(layout).then((payload) => { index = payload; onArrival(); return payload; }));
  ready.catch(() => null);
  const load = (number) => {
    let chunk = chunks.get(number);
    if (!chunk) {
      chunk = chunks.set(number, { cells: null });
      chunk.loading = galleryChunkCells(index, number).then((cells) => { chunk.cells = cells; return cells; });
    }
    return chunk;
  };
  const cell = (i) => {
    if (!index || i < 0 || i >= index.count) return null;
    const number = galleryRunOf(index.chunkStarts, i), chunk = load(number);
    if (chunk.cells) return chunk.cells[i - index.chunkStarts[number]];
    if (!chunk.asked) {
      chunk.asked = true;
      busy(chunk.loading.then(onArrival)).catch(() => null);
    }
    return null;
  };
  const whenLoaded = async (i) => {
    await ready;
    const number = galleryRunOf(index.chunkStarts, i);
    return (await load(number).loading)[i - index.chunkStarts[number]];
  };
  return { cell, whenLoaded, get index() { return index; } };
};
