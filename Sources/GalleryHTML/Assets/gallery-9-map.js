// Part of the page script (see gallery-1-words.js): the map page. Leaflet (leaflet/leaflet.js)
// draws the photos whose location the site publishes (data/map.points.js and the parts it
// lists, SiteMapPoints.swift) on the tiles of `[map]`, in the clusters the export computed for
// every zoom (MapClusters.swift):
// the points come in the clusters' order, each with the first zoom at which a cluster starts at
// it, so a zoom's clusters are runs of points, placed at their points' mean as the engine
// places them. Only the clusters in view are drawn. A cluster tapped zooms to where it parts; a
// group that never parts (photos a few metres apart) and a photo open in the lightbox.
// ?album=STEM shows one album's map (data/map.points-STEM.js).

(() => {
  const element = document.querySelector('.map[data-points]');
  if (!element) return;
  const fail = (text) => element.before(galleryMessage(text));
  if (!window.L) {
    fail(galleryWords.someFailed.replace('{error}', 'leaflet/leaflet.js is missing'));
    return;
  }
  const busy = galleryBusy(element);
  const asked = new URLSearchParams(window.location.search).get('album');
  const albumLinks = [...document.querySelectorAll('.map-albums a')];
  const album = albumLinks.some((link) => link.dataset.album === asked) ? asked : null;
  albumLinks.forEach((link) => {
    if (link.dataset.album !== album) return;
    link.setAttribute('aria-current', 'page');
    const count = document.querySelector('.map-count');
    if (count && link.dataset.countText) count.textContent = link.dataset.countText;
  });

  // Web Mercator over [0, 1], as MapClusters.swift (and Leaflet) project.
  const projectX = (longitude) => longitude / 360 + 0.5;
  const projectY = (latitude) => {
    const sine = Math.sin(Math.min(Math.max(latitude, -85.0511287798), 85.0511287798) * Math.PI / 180);
    return 0.5 - Math.log((1 + sine) / (1 - sine)) / (4 * Math.PI);
  };
  const longitudeOf = (x) => (x - 0.5) * 360;
  const latitudeOf = (y) => (2 * Math.atan(Math.exp((0.5 - y) * 2 * Math.PI)) - Math.PI / 2) * 180 / Math.PI;

  // The points, in the clusters' order: where, which document (its number in the search's
  // index), the zoom a cluster starts at it.
  let data = null, count = 0, xs = null, ys = null, documents = null, levels = null, byDate = null;
  // The search's index, once a photo is opened: the blocks of cells the lightbox reads, and
  // each point's place in search order (by date), from its number (`gallerySearchPositions`).
  let search = null, places = null;
  const placesReady = () => (search || (search = galleryLoad(data.search))).then((index) => {
    if (!places) {
      const position = gallerySearchPositions(index);
      places = position ? documents.map(position) : documents;
    }
    return index;
  });
  // What the lightbox walks: the places of a group tapped, or every photo by date.
  let walk = [];
  // Place in search order → its cell, once its block is in; past galleryKeptCells, only those
  // about the photo the lightbox shows: a walk through every photo keeps memory flat.
  const cells = new Map();
  const cellOf = (place) => placesReady().then((index) => galleryLoadCells(index, cells, galleryRunOf(index.blockStarts, place)))
    .then(() => cells.get(place));
  const prune = (i) => {
    if (cells.size <= galleryKeptCells) return;
    const keep = new Set(walk.slice(Math.max(0, i - 50), i + 50));
    for (const number of cells.keys()) if (!keep.has(number)) cells.delete(number);
  };
  galleryOfferAlbum(galleryAlbum({
    count: () => walk.length,
    positionOf: () => -1,
    photo: (i) => (cells.has(walk[i]) ? galleryDescribeData(cells.get(walk[i])) : cellOf(walk[i]).then((cell) => {
      prune(i);
      return galleryDescribeData(cell);
    })),
    element: () => null,
  }));
  const open = (documentsWalked, position) => {
    walk = documentsWalked;
    window.galleryShowPhoto(position);
  };

  const map = L.map(element, { worldCopyJump: true, zoomSnap: 1 });
  // Leaflet's map, for a site's own additions (and tests, which project the engine's clusters
  // with it).
  window.galleryMap = map;
  map.attributionControl.setPrefix(false);
  // The tiles' terms, as text (never markup from the configuration).
  const credit = document.createElement(element.dataset.attributionUrl ? 'a' : 'span');
  credit.textContent = element.dataset.attribution;
  if (element.dataset.attributionUrl) {
    credit.href = element.dataset.attributionUrl;
    credit.rel = 'noopener';
  }
  L.tileLayer(element.dataset.tiles, { maxZoom: 19, detectRetina: true, attribution: credit.outerHTML }).addTo(map);

  // A zoom's clusters: runs [start, end) of the points with their mean, summed in order as
  // MapClusters.clusters(zoom:) sums them. Made once per zoom (one pass over the points).
  const zooms = new Map();
  const clustersAt = (zoom) => {
    if (zooms.has(zoom)) return zooms.get(zoom);
    const found = [];
    if (count === 0) return found;
    let start = 0, sumX = 0, sumY = 0;
    for (let place = 0; place <= count; place++) {
      if (place === count || (place > start && levels[place] <= zoom)) {
        found.push({ start, end: place, x: sumX / (place - start), y: sumY / (place - start) });
        start = place;
        sumX = 0;
        sumY = 0;
      }
      if (place < count) {
        sumX += xs[place];
        sumY += ys[place];
      }
    }
    zooms.set(zoom, found);
    return found;
  };

  const dot = L.divIcon({ className: 'map-photo', iconSize: [44, 44] });
  const compact = new Intl.NumberFormat(document.documentElement.lang || undefined, { notation: 'compact' });
  const marker = (cluster, shift) => {
    const size = cluster.end - cluster.start;
    const at = [latitudeOf(cluster.y), longitudeOf(cluster.x) + shift];
    if (size === 1) {
      const photo = L.marker(at, { icon: dot, keyboard: true, title: '' });
      photo.on('click', () => placesReady().then(() => {
        if (!byDate) byDate = Int32Array.from(places).sort();
        const place = places[cluster.start];
        let low = 0, high = byDate.length - 1;
        while (low < high) {
          const middle = (low + high) >> 1;
          if (byDate[middle] < place) low = middle + 1; else high = middle;
        }
        open(byDate, low);
      }));
      return photo;
    }
    const label = document.createElement('span');
    label.textContent = compact.format(size);
    const group = L.marker(at, {
      icon: L.divIcon({ className: 'map-cluster', html: label, iconSize: [44, 44] }),
      keyboard: true, title: galleryWords.mapCluster.replace('{count}', String(size)),
    });
    group.on('add', () => { group.getElement().dataset.count = String(size); });
    group.on('click', () => {
      let parting = data.maxZoom + 1, west = Infinity, east = -Infinity, north = Infinity, south = -Infinity;
      for (let place = cluster.start; place < cluster.end; place++) {
        if (place > cluster.start) parting = Math.min(parting, levels[place]);
        west = Math.min(west, xs[place]);
        east = Math.max(east, xs[place]);
        north = Math.min(north, ys[place]);
        south = Math.max(south, ys[place]);
      }
      if (parting > data.maxZoom) {
        placesReady().then(() => open(places.slice(cluster.start, cluster.end).sort(), 0));
        return;
      }
      // Its photos framed, zoomed in at least to where it parts and never past it.
      const bounds = L.latLngBounds([latitudeOf(south), longitudeOf(west) + shift], [latitudeOf(north), longitudeOf(east) + shift]);
      const zoom = Math.max(Math.min(map.getBoundsZoom(bounds, false, L.point(64, 64)), parting), Math.round(map.getZoom()) + 1);
      map.setView(bounds.getCenter(), Math.min(zoom, data.maxZoom));
    });
    return group;
  };

  // The clusters in view (and a bubble's width around it) at the zoom shown; those already
  // drawn stay.
  const drawn = new Map();
  const draw = () => {
    const zoom = Math.min(Math.round(map.getZoom()), data.maxZoom);
    const world = 256 * 2 ** map.getZoom();
    const view = map.getPixelBounds(), margin = 48;
    const wanted = new Map();
    for (const cluster of clustersAt(zoom)) {
      const x = cluster.x * world, y = cluster.y * world;
      if (y < view.min.y - margin || y > view.max.y + margin) continue;
      // The copy of the world in view: the map pans across the antimeridian.
      const copy = Math.ceil((view.min.x - margin - x) / world);
      if (x + copy * world > view.max.x + margin) continue;
      wanted.set(`${zoom}:${cluster.start}:${copy}`, [cluster, copy * 360]);
    }
    drawn.forEach((shown, key) => {
      if (wanted.has(key)) return;
      shown.remove();
      drawn.delete(key);
    });
    wanted.forEach(([cluster, shift], key) => { if (!drawn.has(key)) drawn.set(key, marker(cluster, shift).addTo(map)); });
    element.dataset.zoom = String(map.getZoom());
  };

  const listing = element.dataset.albumPoints && album !== null ? element.dataset.albumPoints.replace('{album}', album) : element.dataset.points;
  busy(galleryLoad(listing).then((payload) => Promise.all(payload.parts.map((part) => galleryLoad(payload.part.replace('{n}', part))))
    .then((parts) => [payload, parts])).then(([payload, parts]) => {
    data = payload;
    count = parts.reduce((sum, part) => sum + part.points.length / 4, 0);
    xs = new Float64Array(count);
    ys = new Float64Array(count);
    documents = new Int32Array(count);
    levels = new Uint8Array(count);
    let west = 180, east = -180, south = 90, north = -90;
    let i = 0;
    for (const { points } of parts) {
      // A part's places are steps from its point before, in 1/scale of a degree
      // (SiteMapPoints.Part); the sum divided by scale is the place the engine clustered.
      let wholeLatitude = 0, wholeLongitude = 0;
      for (let j = 0; j < points.length; j += 4, i++) {
        wholeLatitude += points[j];
        wholeLongitude += points[j + 1];
        const latitude = wholeLatitude / payload.scale, longitude = wholeLongitude / payload.scale;
        xs[i] = projectX(longitude);
        ys[i] = projectY(latitude);
        documents[i] = points[j + 2];
        levels[i] = points[j + 3];
        west = Math.min(west, longitude);
        east = Math.max(east, longitude);
        south = Math.min(south, latitude);
        north = Math.max(north, latitude);
      }
    }
    element.dataset.count = String(count);
    map.setMaxZoom(payload.maxZoom);
    if (count === 0) map.setView([20, 0], 2);
    else map.fitBounds([[south, west], [north, east]], { padding: [32, 32], maxZoom: 15, animate: false });
    draw();
    map.on('moveend', draw);
    return new Promise((resolve) => requestAnimationFrame(() => resolve()));
  })).then(() => {
    element.dataset.drawn = 'true';
  }, (error) => fail(galleryWords.someFailed.replace('{error}', error.message)));
})();
