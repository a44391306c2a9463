// gallery's page script: the lightbox, then the wheel's turn and the carousel's focus spacing.
// The views' formulas repeat the engine's (WheelLayout.swift, CarouselLayout.swift) term for
// term, so that a browser test can hold them to the engine's numbers. Without it (no script),
// each photo is a plain link to its large image and every page still lays out.
(() => {
  const cells = [...document.querySelectorAll('main a[data-photo-id]')];
  const box = document.querySelector('.lightbox');
  if (!box || cells.length === 0) return;
  const image = box.querySelector('img');
  const caption = box.querySelector('.lightbox-caption');
  const comment = box.querySelector('.lightbox-comment');
  const text = (cell, names) => {
    for (const name of names) { const element = cell.querySelector(name); if (element) return element.textContent; }
    return '';
  };
  let current = -1;
  let opener = null;
  // The open photo is in the address (#photo-ID, the cell's id): the link can be shared, and
  // Back closes the lightbox as it would leave a page. file:// pages may refuse; then the
  // lightbox still works without it.
  const remember = (cell, how) => {
    try {
      history[how === 'push' ? 'pushState' : 'replaceState']({ galleryLightbox: true }, '', '#photo-' + cell.dataset.photoId);
    } catch (error) { /* history is a convenience here */ }
  };
  const inHistory = () => !!(history.state && history.state.galleryLightbox);
  const show = (index, how = 'replace') => {
    current = (index + cells.length) % cells.length;
    const cell = cells[current];
    if (how === 'push' || inHistory()) remember(cell, how);
    image.src = cell.getAttribute('href');
    image.alt = cell.querySelector('img') ? cell.querySelector('img').alt : '';
    caption.textContent = text(cell, ['.caption', '.view-caption']);
    comment.textContent = text(cell, ['.comment', '.view-comment']);
    box.hidden = false;
    document.body.classList.add('lightbox-open');
    box.focus();
  };
  const close = () => {
    if (box.hidden) return;
    box.hidden = true;
    image.removeAttribute('src');
    document.body.classList.remove('lightbox-open');
    if (opener) opener.focus();
  };
  // Closing closes at once, and goes back past the lightbox's own history entry.
  const hide = () => {
    const pushed = inHistory();
    close();
    if (pushed) history.back();
  };
  window.addEventListener('popstate', () => { if (!inHistory()) close(); });
  cells.forEach((cell, index) => cell.addEventListener('click', (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    opener = cell;
    show(index, 'push');
  }));
  box.querySelector('.lightbox-close').addEventListener('click', hide);
  box.querySelector('.lightbox-prev').addEventListener('click', () => show(current - 1));
  box.querySelector('.lightbox-next').addEventListener('click', () => show(current + 1));
  box.addEventListener('click', (event) => { if (event.target === box) hide(); });
  document.addEventListener('keydown', (event) => {
    if (box.hidden) return;
    if (event.key === 'Escape') hide();
    else if (event.key === 'ArrowLeft') show(current - 1);
    else if (event.key === 'ArrowRight') show(current + 1);
  });
})();

// The views' scripts, in a scope of their own like the lightbox's.
(() => {
// A vertical mouse wheel turns a horizontal view; snapping then brings it to rest. At
// either end the page scrolls as usual.
const scrollSideways = (scroller) => scroller.addEventListener('wheel', (event) => {
  if (Math.abs(event.deltaY) <= Math.abs(event.deltaX) || document.body.classList.contains('lightbox-open')) return;
  const atEnd = event.deltaY > 0 ? scroller.scrollLeft >= scroller.scrollWidth - scroller.clientWidth - 1 : scroller.scrollLeft <= 0;
  if (atEnd) return;
  event.preventDefault();
  scroller.scrollBy({ left: event.deltaY, behavior: 'smooth' });
}, { passive: false });

// Runs `place` when the scroller scrolls or resizes. Browsers fire both at most once a
// frame, just before drawing it, so placing at once is both smooth and current.
const follow = (scroller, place) => {
  scroller.addEventListener('scroll', place, { passive: true });
  new ResizeObserver(place).observe(scroller);
  place();
};

// The wheel (WheelLayout): the offset turns it; items outside ±theta are not drawn.
document.querySelectorAll('.wheel').forEach((wheel) => {
  const items = [...wheel.querySelectorAll('.wheel-item')];
  const n = items.length;
  const iw = Number(wheel.dataset.itemWidth), ih = Number(wheel.dataset.itemHeight), r = Number(wheel.dataset.radius);
  const anglePerItem = Math.atan(iw / r);
  const angleAtExtreme = n > 0 ? -(n - 1) * anglePerItem : 0;
  follow(wheel, () => {
    const vw = wheel.clientWidth, vh = wheel.clientHeight, offset = wheel.scrollLeft;
    const scrollable = n * iw - vw;
    const angle = scrollable > 0 ? angleAtExtreme * offset / scrollable : 0;
    const viewportSpan = r > vh / 2 ? Math.atan2(vw / 2, r - vh / 2) : Math.PI;
    const itemSpan = r > ih / 2 ? Math.atan2(iw / 2, r - ih / 2) : Math.PI;
    const theta = Math.min(Math.PI, viewportSpan + itemSpan);
    items.forEach((item, index) => {
      const itemAngle = angle + index * anglePerItem;
      let turned = itemAngle % (2 * Math.PI);
      if (turned > Math.PI) turned -= 2 * Math.PI;
      if (turned < -Math.PI) turned += 2 * Math.PI;
      item.style.visibility = theta >= Math.PI || Math.abs(turned) <= theta ? '' : 'hidden';
      item.style.transform = `rotate(${itemAngle}rad)`;
      item.style.zIndex = String(Math.trunc(itemAngle * 1e6));
    });
  });
  scrollSideways(wheel);
});

// The carousel (CarouselLayout): cards open space around the one nearest the center.
document.querySelectorAll('.carousel').forEach((carousel) => {
  const items = [...carousel.querySelectorAll('.carousel-item')];
  const iw = Number(carousel.dataset.itemWidth), spacing = Number(carousel.dataset.spacing);
  const focusedSpacing = Number(carousel.dataset.focusedSpacing);
  // Swift's rounded(): halves away from zero (Math.round sends -0.5 to -0).
  const round = (x) => Math.sign(x) * Math.round(Math.abs(x));
  follow(carousel, () => {
    const vw = carousel.clientWidth;
    // The engine's offset counts from the first card's left edge; the page's scroll
    // position from the left inset's, (vw − iw) / 2 before it.
    const offset = carousel.scrollLeft - (vw - iw) / 2;
    const focused = (vw / 2 + offset - iw / 2) / (iw + spacing);
    const k = round(focused);
    const d = Math.min(Math.abs(focused - (k - 0.5)), Math.abs(focused - (k + 0.5)));
    const amount = (focusedSpacing - spacing) * 2 * d;
    carousel.dataset.focusedIndex = String(focused);
    items.forEach((item, index) => {
      const shift = index === k ? 0 : (index < k ? -amount : amount);
      item.style.transform = `translateX(${shift}px)`;
      item.classList.toggle('focused', index === k);
    });
  });
  scrollSideways(carousel);
});
})();
