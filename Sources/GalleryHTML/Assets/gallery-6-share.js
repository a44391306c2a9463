// Part of the page script (see gallery-1-words.js).

// The lightbox's share button: the photo's link (its own page, photo/ID.html, on a site with
// `base_url`, whose preview is the photo; else the album page at #photo-ID) through the Web Share API where the browser has it (phones: the
// system's share sheet), else copied to the clipboard, else shown in a field, selected, for
// the visitor to copy. What happened is said on screen and in the status line.
const galleryShare = (box, shown) => {
  const button = box.querySelector('.lightbox-share');
  const status = box.querySelector('.lightbox-status');
  const note = box.querySelector('.lightbox-note');
  if (!button || !note) return { hide() {} };
  let hideTimer = 0;
  const hide = () => {
    clearTimeout(hideTimer);
    note.hidden = true;
    note.textContent = '';
  };
  const copied = () => {
    hide();
    note.textContent = galleryWords.linkCopied;
    note.setAttribute('aria-hidden', 'true');  // the status line says it
    note.hidden = false;
    if (status) status.textContent = galleryWords.linkCopied;
    hideTimer = setTimeout(hide, 2500);
  };
  // Nothing could be copied (no clipboard, or it was refused): the link, ready to copy.
  const offer = (link) => {
    hide();
    note.removeAttribute('aria-hidden');
    const field = Object.assign(document.createElement('input'), { type: 'text', readOnly: true, value: link, className: 'lightbox-link' });
    const label = document.createElement('label');
    label.append(galleryWords.copyLink, ' ', field);
    note.append(label);
    note.hidden = false;
    field.focus();
    field.select();
  };
  const copyByCommand = (link) => {
    const area = Object.assign(document.createElement('textarea'), { value: link, readOnly: true });
    area.style.cssText = 'position:fixed;top:0;left:0;opacity:0';
    box.append(area);
    area.select();
    let done = false;
    try { done = document.execCommand('copy'); } catch (error) { done = false; }
    area.remove();
    return done;
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
    clipboard.then(copied, () => (copyByCommand(link) ? copied() : offer(link)));
  });
  return { hide };
};
