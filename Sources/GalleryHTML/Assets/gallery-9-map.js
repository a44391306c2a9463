// Part of the page script (see gallery-1-words.js): the map page. Leaflet (leaflet/leaflet.js)
// and its marker clustering draw the photos whose location the site publishes
// (data/map.points.js, SiteSearch.swift), on the tiles of `[map]`; a cluster tapped zooms to
// its photos, a photo tapped opens in the lightbox, which walks the photos on the map in
// date order. ?album=STEM shows one album's.

(() => {
  const element = document.querySelector('.map[data-points]');
  if (!element) return;
  const fail = (text) => element.before(galleryMessage(text));
  if (!window.L || !L.markerClusterGroup) {
    fail(galleryWords.someFailed.replace('{error}', 'leaflet/leaflet.js is missing'));
    return;
  }
  const busy = galleryBusy(element);
  const album = new URLSearchParams(window.location.search).get('album');
  let shown = [];  // [latitude, longitude, document, album] of the photos on the map
  let data = null;
  const cells = new Map();
  const cellOf = (document) => galleryLoad(data.docs.replace('{n}', String(Math.floor(document / data.blockSize)))).then((payload) => {
    payload.cells.forEach((cell, j) => { if (cell) cells.set(payload.number * data.blockSize + j, cell); });
    return cells.get(document);
  });
  galleryOfferAlbum(galleryAlbum({
    count: () => shown.length,
    positionOf: () => -1,
    photo: (i) => (cells.has(shown[i][2]) ? galleryDescribeData(cells.get(shown[i][2])) : cellOf(shown[i][2]).then(galleryDescribeData)),
    element: () => null,
  }));

  const map = L.map(element, { worldCopyJump: true, zoomSnap: 0.5 });
  // The zoom shown, for anyone who waits for a zoom to end.
  map.on('zoomend', () => { element.dataset.zoom = String(map.getZoom()); });
  map.attributionControl.setPrefix(false);
  // The tiles' terms, as text (never markup from the configuration).
  const credit = document.createElement(element.dataset.attributionUrl ? 'a' : 'span');
  credit.textContent = element.dataset.attribution;
  if (element.dataset.attributionUrl) {
    credit.href = element.dataset.attributionUrl;
    credit.rel = 'noopener';
  }
  L.tileLayer(element.dataset.tiles, { maxZoom: 19, detectRetina: true, attribution: credit.outerHTML }).addTo(map);
  // A photo: a dot of the accent colour, a 44 px target around it.
  const dot = L.divIcon({ className: 'map-photo', iconSize: [44, 44] });
  // Markers are clustered a chunk at a time (the page stays responsive with 100,000): done
  // when the last chunk is.
  let clustered = () => {};
  const clusters = L.markerClusterGroup({
    chunkedLoading: true, showCoverageOnHover: false, maxClusterRadius: 64, spiderfyOnMaxZoom: true,
    chunkProgress: (processed, total) => { if (processed >= total) clustered(); },
  });
  busy(galleryLoad(element.dataset.points).then((payload) => {
    data = payload;
    const number = album === null ? -1 : payload.albums.indexOf(album);
    shown = number < 0 ? payload.points : payload.points.filter((point) => point[3] === number);
    const markers = shown.map((point, i) => {
      const marker = L.marker([point[0], point[1]], { icon: dot, keyboard: true, title: '' });
      marker.on('click', () => window.galleryShowPhoto(i));
      return marker;
    });
    element.dataset.count = String(shown.length);
    if (markers.length === 0) {
      map.setView([20, 0], 2);
      return;
    }
    const bounds = L.latLngBounds(shown.map((point) => [point[0], point[1]]));
    map.fitBounds(bounds, { padding: [32, 32], maxZoom: 15, animate: false });
    return new Promise((resolve) => {
      clustered = resolve;
      map.addLayer(clusters);
      clusters.addLayers(markers);
    }).then(() => new Promise((resolve) => {
      // The last chunk is reported before its clusters are put on the map: drawn is when
      // the first of them is (the view holds them all).
      const check = () => (element.querySelector('.leaflet-marker-icon') ? resolve() : requestAnimationFrame(check));
      check();
    }));
  })).then(() => {
    element.dataset.zoom = String(map.getZoom());
    element.dataset.drawn = 'true';
  }, (error) => fail(galleryWords.someFailed.replace('{error}', error.message)));
  document.querySelectorAll('.map-albums a').forEach((link) => { if (link.dataset.album === album) link.setAttribute('aria-current', 'page'); });
})();
