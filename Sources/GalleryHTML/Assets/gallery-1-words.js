// Part of the page script: the site's gallery.js is gallery-1-words.js to gallery-9-found.js
// joined in that order (SiteAssets.script), classic scripts sharing one scope, so that pages
// work from file:// as from any host. Each part starts what it draws by itself.

// gallery's page script. Positions are never computed here: the grid's come from the engine's
// stored layouts (custom properties, the rows' data-frame-B, the data files), and the views'
// formulas repeat the engine's (WheelLayout.swift, CarouselLayout.swift) term for term, so that a browser test can hold them
// to the engine's numbers. Without script, each photo is a plain link to its large image, every
// page still lays out, and the album's plain pages (linked below the grid) show every photo.

// The few words the script writes, in the page's language: galleryEnglishWords (written before
// this part from SiteWords.swift, where every word of the site lives), the others from
// <html data-words> (SiteWords.swift writes them for languages other than English).
const galleryWords = Object.assign({}, galleryEnglishWords,
  (() => { try { return JSON.parse(document.documentElement.dataset.words || '{}'); } catch (error) { return {}; } })());
