// Part of the page script (see gallery-1-words.js).

// The lightbox's inside, written here only: its buttons, players and texts. It opens only with
// script, so a page carries just the dialog with the site's settings for it
// (PageRenderer.lightbox): its 1.9 KB of markup were on every page, every plain page too.
// Made before the parts that use it (gallery-6-*.js, gallery-7-lightbox.js); its words are the
// page's language's (galleryWords), each set as text, never as markup.
(() => {
  const box = document.querySelector('.lightbox');
  if (!box || box.firstElementChild) return;
  const icon = (paths) => `<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">${paths}</svg>`;
  box.innerHTML = '<button class="lightbox-close" type="button">×</button>'
    + '<button class="lightbox-fullscreen" type="button" aria-pressed="false">'
    + icon('<path class="enter" d="M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5"/><path class="leave" d="M9 4v5H4M20 9h-5V4M15 20v-5h5M4 15h5v5"/>') + '</button>'
    + '<button class="lightbox-share" type="button">' + icon('<path d="M12 15V3.5M7.5 8 12 3.5 16.5 8M5 12v7.5h14V12"/>') + '</button>'
    + '<button class="lightbox-play" type="button" aria-pressed="false">'
    + icon('<path class="play" d="M7 4.5v15l12.5-7.5z"/><path class="pause" d="M6.5 4.5h4v15h-4zM13.5 4.5h4v15h-4z"/>') + '</button>'
    + '<button class="lightbox-prev" type="button">‹</button>'
    + '<button class="lightbox-next" type="button">›</button>'
    + '<video class="lightbox-video" controls playsinline preload="metadata" hidden></video>'
    + '<video class="lightbox-motion" muted playsinline preload="auto" hidden></video>'
    + '<button class="lightbox-live" type="button" hidden><span></span></button>'
    + '<div class="lightbox-text"><p class="lightbox-caption"></p><p class="lightbox-comment"></p><ul class="lightbox-tags"></ul><p class="lightbox-meta"></p></div>'
    + '<p class="lightbox-status" role="status"></p>'
    + '<div class="lightbox-note" hidden><span class="lightbox-note-text" aria-hidden="true"></span>'
    + '<label class="lightbox-copy" hidden><span></span> <input class="lightbox-link" type="text" readonly></label></div>';
  const labels = [['close', 'close'], ['fullscreen', 'fullScreen'], ['share', 'share'], ['play', 'slideshow'], ['prev', 'previousPhoto'],
    ['next', 'nextPhoto'], ['live', 'playLivePhoto']];
  for (const [name, word] of labels) box.querySelector('.lightbox-' + name).setAttribute('aria-label', galleryWords[word]);
  box.querySelector('.lightbox-live span').textContent = galleryWords.liveMark;
  box.querySelector('.lightbox-copy span').textContent = galleryWords.copyLink;
  // Where the site offers downloads: the photo's large view or its original file, pointed at
  // the photo shown (gallery-7-lightbox.js).
  if (box.dataset.download) {
    const download = document.createElement('a');
    download.className = 'lightbox-download';
    download.download = '';
    download.hidden = true;
    download.dataset.download = box.dataset.download;
    download.textContent = galleryWords.download;
    box.querySelector('.lightbox-meta').after(download);
  }
})();
