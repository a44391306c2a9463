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
    links: galleryLinks(galleryParsed(item.dataset.links)),
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

// The browse pages a photo's people and keywords link to (data-links, or a data file's
// `links`): only strings, and only to files beside the page.
const galleryLinks = (links) => (links && typeof links === 'object' && !Array.isArray(links)
  ? Object.fromEntries(Object.entries(links).filter(([, file]) => typeof file === 'string' && /^[a-z0-9-]+\.html$/.test(file)))
  : {});

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

// A masonry cell's places in the grid's bands (AlbumData `place`, CellModel.bandFields): per
// field, a value per band. The data files keep runs of equal values, [value, count, …].
const galleryBandFields = ['c', 't', 'y', 'ch', 'mh'];
const galleryPlaces = (cell) => {
  if (cell.places) return cell.places;
  const places = { ar: cell.ar };
  for (const name of galleryBandFields) {
    const runs = cell.place[name];
    if (!runs) continue;
    places[name] = [];
    for (let r = 0; r < runs.length; r += 2) for (let n = 0; n < runs[r + 1]; n++) places[name].push(runs[r]);
  }
  cell.places = places;
  return places;
};

// A masonry cell from its data: the cell CellMarkup wrote, with its index, its place in the
// list, the grid images' `sizes` (the index's) and its place in every band, each value only
// where it differs from the band before (the style sheet falls back band by band and draws the
// current band at the width shown).
const galleryMakeCell = (cell, i, index) => {
  const element = galleryElement(cell.html);
  element.dataset.index = String(i);
  element.setAttribute('aria-posinset', String(i + 1));
  element.setAttribute('aria-setsize', String(index.count));
  const image = element.querySelector('img.photo');
  if (image) image.sizes = index.sizes;
  const places = galleryPlaces(cell);
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
