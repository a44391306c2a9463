// gallery-sw.js: the service worker of a site with private albums. A private album's own site
// lies sealed in its folder (private/TOKEN/, SealedFile); with the key its password page hands
// over, the worker answers the site's pages' requests for those files with their plaintext,
// byte ranges too (videos). It answers only requests from the site's own pages (a worker
// serves nothing to another origin), holds keys in memory and, for 12 hours, as keys no script
// can read out (galleryPrivate.keep), and without a key sends a visitor back to the album's
// password page.
importScripts('gallery-private.js');

const galleryKeys = new Map();  // folder path ("/site/private/0123…/") → { key, page, wrapped (key.json's text) }

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('message', (event) => {
  const { folder, key, page, wrapped } = event.data || {};
  const port = event.ports && event.ports[0];
  if (typeof folder !== 'string' || !/^\/(?:.*\/)?private\/[0-9a-f]{16}\/$/.test(folder) || !(key instanceof CryptoKey)) {
    if (port) port.postMessage('refused');
    return;
  }
  galleryKeys.set(folder, { key, page, wrapped: typeof wrapped === 'string' ? wrapped : undefined });
  if (port) port.postMessage('ready');
});

const galleryTypes = {
  html: 'text/html; charset=utf-8', css: 'text/css; charset=utf-8', js: 'text/javascript; charset=utf-8', json: 'application/json',
  xml: 'application/xml', txt: 'text/plain; charset=utf-8', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp',
  avif: 'image/avif', gif: 'image/gif', heic: 'image/heic', svg: 'image/svg+xml', otf: 'font/otf', ttf: 'font/ttf', woff: 'font/woff',
  woff2: 'font/woff2', mp4: 'video/mp4', m4v: 'video/mp4', mov: 'video/quicktime', webm: 'video/webm', zip: 'application/zip',
};

// The largest part of a file answered to an open-ended range ("bytes=N-", a video's first
// request): a player asks on for the rest, so a long clip is never fetched and opened whole.
const galleryRangeLimit = 4 * 1024 * 1024;

// The bytes a Range header (`range`: its match) asks of a file of `size` bytes, an open-ended
// one at most `limit` long; null when none of them are there.
const galleryBounds = (range, size, limit = Infinity) => {
  const start = range[1] === '' ? Math.max(0, size - Number(range[2])) : Number(range[1]);
  const end = range[1] === '' ? size - 1 : range[2] === '' ? Math.min(size - 1, start + limit - 1) : Math.min(Number(range[2]), size - 1);
  return start >= size || start > end ? null : { start, end };
};

// A range's answer: 206 with `body` (the bytes of `bounds`), or 416 when it has none.
const galleryRangeAnswer = (bounds, size, body, headers) => (bounds
  ? new Response(body, { status: 206, headers: { ...headers, 'Content-Range': `bytes ${bounds.start}-${bounds.end}/${size}` } })
  : new Response('', { status: 416, headers: { 'Content-Range': 'bytes */' + size } }));

// A byte range of a sealed file, fetched and opened segment by segment: the file's header,
// then only the segments that hold the range. Null when the file cannot be read that way
// (gzipped text, a host without ranges): it is opened whole.
const galleryOpenedRange = async (held, address, range) => {
  const head = await fetch(address, { credentials: 'same-origin', cache: 'no-cache', headers: { Range: 'bytes=0-23' } });
  if (head.status !== 206) return null;
  const file = galleryPrivate.readHeader(new Uint8Array(await head.arrayBuffer()));
  const total = Number((/\/(\d+)$/.exec(head.headers.get('Content-Range') || '') || [])[1]);
  if (total !== file.sealedSize) throw Object.assign(new Error('the file is cut short or added to'), { code: 'damaged' });
  if (file.gzipped) return null;
  const size = file.length;
  const bounds = galleryBounds(range, size, galleryRangeLimit);
  if (!bounds) return { size, bounds, body: null };
  const first = Math.floor(bounds.start / file.segmentSize), last = Math.floor(bounds.end / file.segmentSize);
  const from = 24 + first * (file.segmentSize + 16);
  const to = 24 + last * (file.segmentSize + 16) + Math.min(file.segmentSize, size - last * file.segmentSize) + 16 - 1;
  const part = await fetch(address, { credentials: 'same-origin', cache: 'no-cache', headers: { Range: `bytes=${from}-${to}` } });
  if (part.status !== 206 || !(part.headers.get('Content-Range') || '').startsWith(`bytes ${from}-${to}/`)) {
    throw Object.assign(new Error('the host did not answer the range asked'), { code: 'damaged' });
  }
  const plain = await galleryPrivate.openSegments(held.key, file, new Uint8Array(await part.arrayBuffer()), first, last);
  const offset = first * file.segmentSize;
  return { size, bounds, body: plain.slice(bounds.start - offset, bounds.end - offset + 1) };
};

const galleryOpened = async (request, url, folder, held) => {
  let path = url.pathname;
  if (path.endsWith('/')) path += 'index.html';
  const extension = (path.match(/\.([a-z0-9]+)$/i) || [])[1] || '';
  const headers = { 'Content-Type': galleryTypes[extension.toLowerCase()] || 'application/octet-stream', 'Accept-Ranges': 'bytes',
                    'Cache-Control': 'no-store' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(request.headers.get('Range') || '');
  const range = match && (match[1] !== '' || match[2] !== '') ? match : null;
  if (range) {
    let answer = null;
    try {
      answer = await galleryOpenedRange(held, url.origin + path, range);
    } catch (error) {
      // A file that does not open is damaged; a host out of reach is a network error (the
      // key is kept: nothing says it is wrong).
      if (error && error.code === 'damaged') return galleryDamaged(url, folder, held);
      return Response.error();
    }
    if (answer) return galleryRangeAnswer(answer.bounds, answer.size, answer.body, headers);
  }
  const sealed = await fetch(new Request(url.origin + path, { credentials: 'same-origin', cache: 'no-cache' }));
  if (!sealed.ok) return new Response('', { status: sealed.status, statusText: sealed.statusText });
  let plain;
  try {
    plain = await galleryPrivate.openFile(held.key, await sealed.arrayBuffer());
  } catch (error) {
    return galleryDamaged(url, folder, held);
  }
  if (!range) return new Response(plain, { status: 200, headers });
  // A gzipped text asked for by range, or a host that answers no ranges: the range of the whole.
  const bounds = galleryBounds(range, plain.length);
  return galleryRangeAnswer(bounds, plain.length, bounds && plain.slice(bounds.start, bounds.end + 1), headers);
};

// A file that does not open. The album sealed anew under another key (its key.json rewritten:
// a new password, a new library) opens nothing with the key held: the password is asked again.
// One file changed or cut on the host is refused alone; the rest of the album still opens.
const galleryDamaged = async (url, folder, held) => {
  const current = await fetch(url.origin + folder + 'key.json', { cache: 'no-cache' })
    .then((answer) => (answer.ok ? answer.text() : null), () => null);
  // (No key.json, or none known with the key: asked again too.)
  if (current !== held.wrapped) {
    galleryKeys.delete(folder);
    galleryPrivate.forget(folder);
  }
  return new Response('This file of the private album is damaged.', { status: 502, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin || event.request.method !== 'GET') return;
  const match = /^(\/(?:.*\/)?private\/[0-9a-f]{16}\/)/.exec(url.pathname);
  if (!match || url.pathname === match[1] + 'key.json') return;
  const folder = match[1];
  event.respondWith((async () => {
    // The key in memory, else the one kept (the browser stopped and restarted this worker).
    let held = galleryKeys.get(folder);
    if (!held) {
      held = await galleryPrivate.kept(folder);
      if (held) galleryKeys.set(folder, held);
    }
    if (held) return galleryOpened(event.request, url, folder, held);
    // No key: a page goes back to the password; anything else is refused, never answered
    // with sealed bytes as if plain.
    if (event.request.mode !== 'navigate') return new Response('', { status: 403 });
    try {
      const k = await (await fetch(url.origin + folder + 'key.json')).json();
      return Response.redirect(url.origin + folder.replace(/private\/[0-9a-f]{16}\/$/, '') + (/^[a-z0-9-]+\.html$/.test(k.page) ? k.page : ''), 303);
    } catch (error) {
      return new Response('This private album needs its password.', { status: 403, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
    }
  })());
});
