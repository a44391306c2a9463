// Part of the page script (see gallery-1-words.js).

// The lightbox's share button: the photo's link (its own page, photo/ID.html, on a site with
// `base_url`, whose preview is the photo; else the album page at #photo-ID) through the Web
// Share API where the browser has it (phones: the system's share sheet), else copied to the
// clipboard, else put in the note's field (PageRenderer writes it), selected, and copied from
// there, or left there for the visitor to copy. What happened is said on screen and in the
// status line.
const galleryShare = (box, shown) => {
  const button = box.querySelector('.lightbox-share');
  const status = box.querySelector('.lightbox-status');
  const note = box.querySelector('.lightbox-note');
  const text = note && note.querySelector('.lightbox-note-text');
  const offer = note && note.querySelector('.lightbox-copy');
  const field = note && note.querySelector('.lightbox-link');
  if (!button || !text || !offer || !field) return { hide() {} };
  let hideTimer = 0;
  const hide = () => {
    clearTimeout(hideTimer);
    note.hidden = true;
  };
  const copied = () => {
    hide();
    text.textContent = galleryWords.linkCopied;  // the status line says it to screen readers
    text.hidden = false;
    offer.hidden = true;
    note.hidden = false;
    if (status) status.textContent = galleryWords.linkCopied;
    hideTimer = setTimeout(hide, 2500);
  };
  // No clipboard, or it was refused: the link in the field, selected, copied from there if
  // the browser lets the page, else left for the visitor.
  const copyFromField = (link) => {
    hide();
    field.value = link;
    text.hidden = true;
    offer.hidden = false;
    note.hidden = false;
    field.focus();
    field.select();
    let done = false;
    try { done = document.execCommand('copy'); } catch (error) { done = false; }
    if (done) copied();
  };
  button.addEventListener('click', () => {
    const photo = shown();
    if (!photo) return;
    // The photo's own page where the site has them (its link previews the photo), else the album at it.
    const pages = box.dataset.photoPage;
    const link = pages ? new URL(pages.replace('{id}', photo.id), document.baseURI).href : new URL('#photo-' + photo.id, location.href).href;
    if (navigator.share) {
      // Cancelled by the visitor, or refused: nothing to say.
      Promise.resolve(navigator.share({ title: photo.caption || document.title, url: link })).catch(() => null);
      return;
    }
    const clipboard = navigator.clipboard && navigator.clipboard.writeText ? navigator.clipboard.writeText(link) : Promise.reject(new Error('no clipboard'));
    clipboard.then(copied, () => copyFromField(link));
  });
  return { hide };
};
