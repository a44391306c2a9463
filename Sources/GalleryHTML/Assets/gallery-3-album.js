// Part of the page script: the site's gallery.js is gallery-1-words.js to gallery-9-found.js
// joined in that order (SiteAssets.script), classic scripts sharing one scope, so that pages
// work from file:// as from any host. Each part starts what it draws by itself.

// The album interface: what the lightbox asks of the view a page draws, defined once. Each
// view that draws an album (the grid, the rows, the wheel, the carousel) makes one and offers
// it (galleryOfferAlbum); a page without one offers the photos written in it.
//   count          how many photos the album has
//   positionOf(e)  the album index of a photo's element on the page (-1: not one of it)
//   photo(i)       what the lightbox shows of photo i: a description, or a promise of one
//   element(i)     photo i's element when it is on the page, else null
//   reveal(i)      brings photo i into view: a promise of its element (or null)
const galleryAlbum = ({ count, positionOf = (item) => Number(item.dataset.index), photo, element, reveal = () => Promise.resolve(null) }) =>
  ({ get count() { return count(); }, positionOf, photo, element, reveal });

// The page's album, once its view has offered it.
let galleryPageAlbum = null;
const galleryOfferAlbum = (album) => { galleryPageAlbum = album; };

// What the lightbox shows of one photo, from its cell on the page.
const galleryDescribe = (item) => {
  const link = item.matches('a') ? item : item.querySelector('a.cell-link');
  const text = (names) => {
    for (const name of names) { const element = item.querySelector(name); if (element) return element.textContent; }
    return '';
  };
  const image = item.querySelector('img');
  // Its shape (a masonry cell's --ar, else the image's), and its image when already in: the
  // lightbox shows that at once, at the photo's shape, until the large one arrives.
  const loaded = image && image.complete && image.naturalWidth > 0;
  const ar = Number(item.style.getPropertyValue('--ar')) || (loaded ? image.naturalWidth / image.naturalHeight : 0)
    || (image && image.width > 0 && image.height > 0 ? image.width / image.height : 0);
  return {
    id: item.dataset.photoId, large: link ? link.getAttribute('href') : null, original: item.dataset.original || null, alt: image ? image.alt : '',
    ar: ar || null, thumb: loaded ? image.currentSrc || image.src : null,
    caption: text(['.caption', '.view-caption']), comment: text(['.comment', '.view-comment']),
    taken: item.dataset.taken || null, shot: item.dataset.shot || null,
    location: item.dataset.location ? item.dataset.location.split(',').map(Number) : null,
    video: item.dataset.video || null, motion: item.dataset.motion || null, animation: item.dataset.animation || null,
    keywords: galleryList(item.dataset.keywords), people: galleryList(item.dataset.people),
    rating: item.dataset.rating ? Number(item.dataset.rating) : null, placeName: item.dataset.placeName || null,
    // Its place's parts: data-place-parts where a part holds the separator, else the name split
    // at it (CellModel.placeSeparator).
    places: item.dataset.placeParts ? galleryList(item.dataset.placeParts) : (item.dataset.placeName ? item.dataset.placeName.split(', ') : []),
  };
};

// A message where photos should be (a data file that could not be loaded, a search that
// failed): a status screen readers announce, its text never markup.
const galleryMessage = (text) => {
  const note = document.createElement('p');
  note.className = 'grid-message';
  note.setAttribute('role', 'status');
  note.textContent = text;
  return note;
};

// A JSON value the page wrote in a data- attribute; null when there is none or it is not JSON.
const galleryParsed = (text) => {
  try {
    return text ? JSON.parse(text) : null;
  } catch (error) {
    return null;
  }
};

// The site's browse pages of people, keywords and places (data/browse.links.js, named by the
// lightbox's data-browse-links: BrowseLinks), loaded once, when the lightbox first needs them:
// a function from a kind and a name, in any case, to its page's file, or undefined. Only files
// beside the page are taken. Without the file (or if it cannot be loaded), no name is a link.
const galleryBrowseLinks = (() => {
  let made = null;
  // The name folded as BrowseLinks.key folds it: Swift's lowercased() writes σ where
  // toLowerCase writes a word's last sigma as ς.
  const key = (kind, name) => kind + ':' + name.toLowerCase().normalize('NFC').replace(/ς/g, 'σ');
  return () => {
    if (made) return made;
    const file = document.querySelector('.lightbox')?.dataset.browseLinks;
    const loaded = file ? galleryLoad(file).then((payload) => payload.pages, () => null) : Promise.resolve(null);
    made = loaded.then((pages) => {
      const files = new Map();
      if (pages && typeof pages === 'object' && !Array.isArray(pages)) {
        for (const [name, page] of Object.entries(pages)) {
          if (typeof page === 'string' && /^[a-z0-9-]+\.html$/.test(page)) files.set(name, page);
        }
      }
      return (kind, name) => files.get(key(kind, name));
    });
    return made;
  };
})();

// A list the page wrote as a JSON array in a data- attribute (PageRenderer.metadataAttributes).
const galleryList = (text) => {
  const list = galleryParsed(text);
  return Array.isArray(list) ? list.map(String) : [];
};

// A photo's markup as a data file carries it (CellMarkup: the page's own cells come from the
// same writer), made an element. It stays inert, its image unloaded, until it is put on the page.
const galleryElement = (html) => {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content.firstElementChild;
};

// What the lightbox shows of a photo not on the page, from its entry in a data file.
const galleryDescribeData = (cell) => galleryDescribe(galleryElement(cell.html));

// One photo in a view other than masonry (justified, wheel, carousel), from its data: the item
// CellMarkup wrote, with the view's class, its index, and its image's `sizes` in `box`, the
// size it is drawn at and its image covers (CellMarkup.imageSizes).
const galleryMakeItem = (cell, i, className, box) => {
  const element = galleryElement(cell.item);
  element.className = className;
  element.dataset.index = String(i);
  const image = element.querySelector('img');
  const width = Math.ceil(Math.max(box.width, box.height * cell.ar));
  if (image) image.sizes = `(max-width:${width}px) 100vw,${width}px`;
  return element;
};

// A band's run-length values ([value, count, …], AlbumData `place`) at band `b`; 0 without.
const galleryBandValue = (runs, b) => {
  if (!runs) return 0;
  let seen = 0;
  for (let r = 0; r + 1 < runs.length; r += 2) {
    seen += runs[r + 1];
    if (b < seen) return runs[r];
  }
  return runs.length >= 2 ? runs[runs.length - 2] : 0;
};

// The engine's inner width in band b of `index` (an album's or the search's): the column's
// width (inner + 2 × padding) less the padding, as MasonryLayout computes it.
const galleryMasonryInner = (index, b) => (index.bands[b].innerWidth + 2 * index.padding) - 2 * index.padding;

// The engine's masonry placement (MasonryLayout.swift, `placeOneByOne`), term for term, in
// band `b` of the grid (index.bands[b]) at its inner width: each cell to the shortest column,
// the leftmost of equals, at that column's height plus the padding; the column then grows by
// padding + photo + texts + padding. It goes on from `start` ([height, photos] a column, as
// AlbumData `starts` holds them: the exact sums the engine had there) or from empty columns.
// `photos[c]` is the column's photos' share of its height (what scales with the width drawn).
// The album grid places each chunk from its start; the search places what it found from
// empty columns.
const galleryMasonryPlacement = (index, b, start = null) => {
  const columns = index.bands[b].columns, padding = index.padding, inner = galleryMasonryInner(index, b);
  const top = index.annotationTop, bottom = index.annotationBottom;
  const heights = new Array(columns).fill(0), photos = new Array(columns).fill(0);
  if (start) for (let c = 0; c < columns; c++) [heights[c], photos[c]] = [start[2 * c], start[2 * c + 1]];
  const placed = [];
  return {
    band: b, columns, inner, placed,
    add(cell) {
      const ch = galleryBandValue(cell.place && cell.place.ch, b), mh = galleryBandValue(cell.place && cell.place.mh, b);
      let column = 0;
      for (let c = 1; c < columns; c++) if (heights[c] < heights[column]) column = c;
      const y = heights[column];
      const photo = inner / cell.ar;
      const item = photo + (top + ch + mh + bottom);
      placed.push({ column, y: y + padding, photoTop: photos[column], ar: cell.ar, ch, mh });
      heights[column] = y + (padding + item + padding);
      photos[column] += photo;
    },
    // Where placed photo i is drawn when items are `w` wide: its photos above scale, the rest
    // does not (FluidMasonry.frame).
    span(i, w) {
      const entry = placed[i], scale = w / inner;
      return { y: entry.y - entry.photoTop + entry.photoTop * scale, height: w / entry.ar + top + bottom + entry.ch + entry.mh };
    },
    // The bottom of each column drawn at `w`, paddings included.
    bottoms: (w) => heights.map((height, c) => photos[c] * (w / inner) + (height - photos[c])),
  };
};

// The fields of a masonry cell's place in a band, as custom properties (--c0, --t0, …):
// column, the share of the width its top grows by, the rest of its top, its texts' heights.
const galleryBandFields = ['c', 't', 'y', 'ch', 'mh'];

// `value` to `digits` decimals, as HTML.rounded: what the page writes of a place.
const galleryRounded = (value, digits) => {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
};

// A photo of a shapes file ([width, height, ch, mh], AlbumData `Shape`: its ratio in lowest
// terms, its texts' heights as runs of lines of `lines` px, 0 or left out without the text)
// as the placement reads a cell: the engine's aspect ratio is the same division, its heights
// the same products.
const galleryShapeCell = (shape, lines) => {
  const heights = (runs, line) => (runs ? runs.map((value, k) => (k % 2 === 0 ? value * line : value)) : null);
  return { ar: shape[0] / shape[1], place: { ch: heights(shape[2], lines[0]), mh: heights(shape[3], lines[1]) } };
};

// The places of group `number`'s photos (`shapes`: its shapes file's data, AlbumData `Shapes`)
// in every band of `index` (an album's, with its columns' starts,
// `galleryAlbumIndex`): each band's placement goes on from where the engine's columns ended
// before the group (index.starts), so a group is placed without the ones before it. Per
// photo: { ar, c: [per band], t, y, ch, mh }, t and y such that its top is t·w + y at items w
// wide, rounded as CellModel.bandFields rounds them: the same numbers the album page writes
// for the cells it holds.
const galleryPlaceGroup = (index, number, shapes) => {
  const cells = shapes.cells.map((shape) => galleryShapeCell(shape, shapes.lines));
  const places = cells.map((cell) => {
    const place = { ar: cell.ar, c: [], t: [], y: [] };
    if (cell.place && cell.place.ch) place.ch = [];
    if (cell.place && cell.place.mh) place.mh = [];
    return place;
  });
  index.bands.forEach((band, b) => {
    const width = 2 * band.columns, starts = index.starts[b];
    const placement = galleryMasonryPlacement(index, b, starts.slice(number * width, number * width + width));
    cells.forEach((cell, j) => {
      placement.add(cell);
      const entry = placement.placed[j], place = places[j];
      place.c.push(entry.column);
      place.t.push(galleryRounded(entry.photoTop / band.innerWidth, 5));
      place.y.push(galleryRounded(entry.y - entry.photoTop, 3));
      if (place.ch) place.ch.push(galleryRounded(entry.ch, 3));
      if (place.mh) place.mh.push(galleryRounded(entry.mh, 3));
    });
  });
  return places;
};

// A masonry cell from its data: the cell CellMarkup wrote, with its index, its role and place
// in the list, the grid images' `sizes` (the index's) and its `places` in the bands (each field a
// value per band, galleryPlaceGroup), each value only where it differs from the band before
// (the style sheet falls back band by band and draws the current band at the width shown).
const galleryMakeCell = (cell, i, index, places) => {
  const element = galleryElement(cell.html);
  element.dataset.index = String(i);
  element.setAttribute('role', 'listitem');
  element.setAttribute('aria-posinset', String(i + 1));
  element.setAttribute('aria-setsize', String(index.count));
  const image = element.querySelector('img.photo');
  if (image) image.sizes = index.sizes;
  for (const name of galleryBandFields) {
    const values = places[name];
    if (!values) continue;
    const unit = name === 'c' || name === 't' ? '' : 'px';
    values.forEach((value, b) => { if (b === 0 || values[b - 1] !== value) element.style.setProperty('--' + name + b, value + unit); });
  }
  return element;
};

// A justified item made from its data: its frame in each band of the rows as custom properties,
// numbers of px at the band's rows width (the style sheet scales them), as PageRenderer writes.
const galleryMakeJustifiedItem = (cell, i, frame, index) => {
  const element = galleryMakeItem(cell, i, 'justified-item', { width: 0, height: index.rowHeight });
  for (let b = 0; 4 * b + 4 <= frame.length; b++) {
    element.setAttribute('data-frame-' + b, frame.slice(4 * b, 4 * b + 4).join(','));
    ['--x', '--y', '--w', '--h'].forEach((name, n) => element.style.setProperty(name + b, String(frame[4 * b + n])));
  }
  return element;
};
