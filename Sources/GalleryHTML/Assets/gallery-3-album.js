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
    video: item.dataset.video || null, motion: item.dataset.motion || null,
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

// A video's length as players show it (HTML.durationText): "0:42", "12:05", "1:02:09".
const galleryDurationText = (seconds) => {
  const total = Math.max(0, Math.round(seconds));
  const two = (value) => String(value).padStart(2, '0');
  const hours = Math.floor(total / 3600), minutes = Math.floor(total / 60) % 60, rest = total % 60;
  return hours > 0 ? `${hours}:${two(minutes)}:${two(rest)}` : `${minutes}:${two(rest)}`;
};

// The same, from the photo's entry in a data file.
const galleryText = (text) => (text ? text.parts.join('') : '');
const galleryDescribeData = (cell) => {
  const caption = galleryText(cell.caption);
  return {
    id: String(cell.id), large: cell.large || null, original: cell.original || null, alt: caption, caption, comment: galleryText(cell.comment),
    ar: cell.ar || (cell.widths && cell.intrinsicHeight ? cell.widths[0] / cell.intrinsicHeight : null), thumb: null,
    taken: cell.taken || null, shot: cell.shot || null, location: cell.location || null, video: cell.video || null,
    motion: cell.motion || null, keywords: cell.keywords || [], people: cell.people || [],
    rating: cell.rating == null ? null : cell.rating, placeName: cell.placeName || null,
    links: galleryLinks(cell.links),
  };
};

// A photo's image, or the placeholder of one that could not be made, as PageRenderer writes
// them: in a masonry cell (class "photo", the 1× image first; its size comes from the style
// sheet), or on a view's card (the largest image, not draggable). `sizes` is the image's
// `sizes` attribute.
const galleryImage = (cell, alt, { className = '', placeholderTag, sizes, inGrid = false }) => {
  if (!cell.thumbs) {
    const placeholder = document.createElement(placeholderTag);
    placeholder.className = className ? className + ' placeholder' : 'placeholder';
    placeholder.setAttribute('role', 'img');
    placeholder.setAttribute('aria-label', alt);
    placeholder.title = cell.failure || '';
    // A video without a poster is a neutral cell: its badge says what it is.
    placeholder.textContent = cell.kind === 'video' ? '' : galleryWords.unavailable;
    return placeholder;
  }
  const image = document.createElement('img');
  if (className) image.className = className;
  image.src = inGrid ? cell.thumbs[0] : cell.thumbs[cell.thumbs.length - 1];
  // The grid images, then the large view where it is wider (CellModel.srcset).
  const candidates = cell.thumbs.map((url, n) => `${url} ${cell.widths[n]}w`);
  if (cell.large && cell.lw > cell.widths[cell.widths.length - 1]) candidates.push(`${cell.large} ${cell.lw}w`);
  image.srcset = candidates.join(', ');
  image.sizes = sizes;
  if (inGrid) {
    image.width = cell.widths[0];
    image.height = cell.intrinsicHeight || Math.round(cell.widths[0] / cell.ar);
  } else {
    image.draggable = false;
  }
  image.alt = alt;
  image.loading = 'lazy';
  image.decoding = 'async';
  if (cell.color) image.style.backgroundColor = cell.color;
  return image;
};

// One photo in a view other than masonry (justified, wheel, carousel), as PageRenderer.item
// writes it: change both together. `box` is the size it is drawn at, which its image covers
// (PageRenderer.imageSizes).
const galleryMakeItem = (cell, i, className, box) => {
  const element = document.createElement(cell.large ? 'a' : 'div');
  element.className = className;
  if (cell.large) element.setAttribute('href', cell.large);
  element.dataset.photoId = String(cell.id);
  element.dataset.index = String(i);
  if (cell.original) element.dataset.original = cell.original;
  if (cell.video) element.dataset.video = cell.video;
  if (cell.motion) element.dataset.motion = cell.motion;
  const caption = galleryText(cell.caption);
  const sizes = `min(${Math.ceil(Math.max(box.width, box.height * cell.ar))}px, 100vw)`;
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
    span.textContent = galleryText(cell.comment);
    element.append(span);
  }
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

// A masonry cell made from its data, as PageRenderer.cell writes it: change both together.
const galleryMakeCell = (cell, i, index) => {
  const element = document.createElement('div');
  element.className = 'cell';
  element.id = 'photo-' + cell.id;
  element.dataset.photoId = String(cell.id);
  element.dataset.index = String(i);
  element.setAttribute('role', 'listitem');
  element.setAttribute('aria-posinset', String(i + 1));
  element.setAttribute('aria-setsize', String(index.count));
  element.dataset.kind = cell.kind || 'photo';
  if (cell.duration != null) element.dataset.duration = String(cell.duration);
  if (cell.taken) element.dataset.taken = cell.taken;
  if (cell.shot) element.dataset.shot = cell.shot;
  if (cell.original) element.dataset.original = cell.original;
  if (cell.video) element.dataset.video = cell.video;
  if (cell.motion) element.dataset.motion = cell.motion;
  if (cell.location) element.dataset.location = cell.location.join(',');
  if (cell.keywords) element.dataset.keywords = JSON.stringify(cell.keywords);
  if (cell.people) element.dataset.people = JSON.stringify(cell.people);
  if (cell.links) element.dataset.links = JSON.stringify(cell.links);
  if (cell.rating != null) element.dataset.rating = String(cell.rating);
  if (cell.placeName) element.dataset.placeName = cell.placeName;
  // Its place in every band, each value only where it differs from the band before (the style
  // sheet falls back band by band); the style sheet draws the current band at the width shown.
  const places = galleryPlaces(cell);
  element.style.setProperty('--ar', String(cell.ar));
  for (const name of galleryBandFields) {
    const values = places[name];
    if (!values) continue;
    const unit = name === 'c' || name === 't' ? '' : 'px';
    values.forEach((value, b) => { if (b === 0 || values[b - 1] !== value) element.style.setProperty('--' + name + b, value + unit); });
  }
  const link = document.createElement(cell.large ? 'a' : 'div');
  link.className = 'cell-link';
  if (cell.large) link.setAttribute('href', cell.large);
  link.append(galleryImage(cell, galleryText(cell.caption), { className: 'photo', placeholderTag: 'div', sizes: index.sizes, inGrid: true }));
  // A video's play mark and length, a Live Photo's mark (PageRenderer.cell writes the same).
  if (cell.kind === 'video' || (cell.kind === 'live' && cell.motion)) {
    const badge = document.createElement('span');
    badge.className = cell.kind === 'live' ? 'media-badge live-badge' : 'media-badge';
    badge.setAttribute('aria-hidden', 'true');
    badge.textContent = cell.kind === 'live' ? 'LIVE' : cell.duration != null ? galleryDurationText(cell.duration) : '';
    link.append(badge);
  }
  const annotation = document.createElement('div');
  annotation.className = 'annotation';
  for (const name of ['caption', 'comment']) {
    const text = cell[name];
    if (!text) continue;
    // Set in each band's measured lines: a <br> where some band breaks, shown in those bands
    // (their letters, as the page writes them).
    const p = document.createElement('p');
    p.className = name;
    const breaks = text.breaks.split(' ');
    text.parts.forEach((part, n) => {
      if (n > 0) {
        const br = document.createElement('br');
        br.dataset.b = breaks[n - 1];
        p.append(br);
      }
      p.append(part);
    });
    annotation.append(p);
  }
  link.append(annotation);
  element.append(link);
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
