// Part of the page script (see gallery-1-words.js).

// A photo's own page (photo/ID.html) is for link previews and readers without script: a
// visitor is taken on to the photo's album, its lightbox open on the photo (ALBUM?photo=ID,
// gallery-7-lightbox.js), without an entry of its own in the history.
(() => {
  const page = document.body.dataset.albumPage, id = document.body.dataset.photoId;
  if (!document.body.classList.contains('photo-page') || !page || !/^\d+$/.test(id || '')) return;
  location.replace(new URL(page + '?photo=' + id, document.baseURI).href);
})();
