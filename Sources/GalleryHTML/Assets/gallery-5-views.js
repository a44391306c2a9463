// Part of the page script: the site's gallery.js is gallery-1-words.js to gallery-9-found.js
// joined in that order (SiteAssets.script), classic scripts sharing one scope, so that pages
// work from file:// as from any host. Each part starts what it draws by itself.

// How many photos a wheel or carousel turns through: the album's heights' style sheet says
// (--n: AlbumData.heightsStyle), so that photos added after the first cards rewrite that
// sheet, not the page. Kept in data-count too, for whoever reads the page's elements.
const galleryViewCount = (root) => {
  const count = Number(getComputedStyle(root).getPropertyValue('--n')) || 0;
  root.dataset.count = String(count);
  return count;
};

// Keeps only the cards within `radius` of the current one in the page (wheel, carousel), each
// with its snap point; the others are made from the data when the view turns to them.
// `make(cell, i, index)` returns [card, snap point]; `place` runs when cards arrive. The
// cards' parent has `data-cards`, the snap points' `data-snaps`.
const galleryCardWindow = (root, make, place, radius = 24) => {
  const count = galleryViewCount(root);
  const rendered = new Map();  // index → [card, snap point]
  root.querySelectorAll('[data-photo-id]').forEach((card) => {
    const i = Number(card.dataset.index);
    rendered.set(i, [card, root.querySelector(`.snap[data-index="${i}"]`)]);
  });
  const content = root.dataset.layout ? galleryAlbumContent(root.dataset.layout, () => place(), galleryBusy(root)) : null;
  const update = (center) => {
    if (!content) return;
    const low = Math.max(0, Math.floor(center) - radius), high = Math.min(count - 1, Math.ceil(center) + radius);
    const focused = document.activeElement;
    for (const [i, elements] of rendered) {
      if ((i < low || i > high) && !elements[0].contains(focused)) {
        elements.forEach((element) => element && element.remove());
        rendered.delete(i);
      }
    }
    for (let i = low; i <= high; i++) {
      if (rendered.has(i)) continue;
      const cell = content.cell(i);
      if (!cell) continue;
      const [card, snap] = make(cell, i, content.index);
      // In index order, so Tab follows the view.
      const after = [...rendered.keys()].filter((j) => j > i).sort((a, b) => a - b)[0];
      const next = after === undefined ? null : rendered.get(after);
      if (next && next[1]) next[1].before(snap); else root.querySelector('[data-snaps]').append(snap);
      if (next) next[0].before(card); else root.querySelector('[data-cards]').append(card);
      rendered.set(i, [card, snap]);
    }
  };
  return {
    update,
    cards: () => rendered,
    album: galleryAlbum({
      count: () => count,
      photo: (i) => (rendered.has(i) ? galleryDescribe(rendered.get(i)[0]) : content ? content.whenLoaded(i).then(galleryDescribeData) : null),
      element: (i) => (rendered.has(i) ? rendered.get(i)[0] : null),
    }),
  };
};

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
  const n = galleryViewCount(wheel);
  const iw = Number(wheel.dataset.itemWidth), ih = Number(wheel.dataset.itemHeight), r = Number(wheel.dataset.radius);
  const anglePerItem = Math.atan(iw / r);
  const angleAtExtreme = n > 0 ? -(n - 1) * anglePerItem : 0;
  const scrollable = () => n * iw - wheel.clientWidth;
  let place = () => {};
  // A wheel of more cards than fit around it turns many times: only the current turn, less
  // than half of it either side, is in the page (the seed's window of drawn indices), so no
  // two cards ever stand in one place.
  // Snap points where the engine's targetContentOffset rests: i × scrollable / (n − 1).
  const cards = galleryCardWindow(wheel, (cell, i, index) => {
    const snap = document.createElement('span');
    snap.className = 'snap';
    snap.dataset.index = String(i);
    snap.style.setProperty('--i', String(i));  // placed by .wheel .snap (gallery.css)
    return [galleryMakeItem(cell, i, 'wheel-item', { width: iw, height: ih }), snap];
  }, () => place(), n * anglePerItem <= 2 * Math.PI ? n : Math.max(1, Math.floor(Math.PI / anglePerItem) - 1));
  galleryOfferAlbum(cards.album);
  place = () => {
    const vw = wheel.clientWidth, vh = wheel.clientHeight, offset = wheel.scrollLeft;
    const angle = scrollable() > 0 ? angleAtExtreme * offset / scrollable() : 0;
    cards.update(anglePerItem > 0 ? -angle / anglePerItem : 0);
    const viewportSpan = r > vh / 2 ? Math.atan2(vw / 2, r - vh / 2) : Math.PI;
    const itemSpan = r > ih / 2 ? Math.atan2(iw / 2, r - ih / 2) : Math.PI;
    const theta = Math.min(Math.PI, viewportSpan + itemSpan);
    cards.cards().forEach(([item], index) => {
      const itemAngle = angle + index * anglePerItem;
      let turned = itemAngle % (2 * Math.PI);
      if (turned > Math.PI) turned -= 2 * Math.PI;
      if (turned < -Math.PI) turned += 2 * Math.PI;
      item.style.visibility = theta >= Math.PI || Math.abs(turned) <= theta ? '' : 'hidden';
      item.style.transform = `rotate(${itemAngle}rad)`;
      item.style.zIndex = String(Math.trunc(itemAngle * 1e6));
    });
  };
  follow(wheel, place);
  scrollSideways(wheel);
});

// The carousel (CarouselLayout): cards open space around the one nearest the center.
document.querySelectorAll('.carousel').forEach((carousel) => {
  const iw = Number(carousel.dataset.itemWidth), spacing = Number(carousel.dataset.spacing);
  const focusedSpacing = Number(carousel.dataset.focusedSpacing);
  // Swift's rounded(): halves away from zero (Math.round sends -0.5 to -0).
  const round = (x) => Math.sign(x) * Math.round(Math.abs(x));
  let place = () => {};
  // The snap point is a box of its own at the untransformed frame: the card moves with the
  // focus spacing, the point where scrolling rests must not.
  const cards = galleryCardWindow(carousel, (cell, i, index) => {
    const snap = document.createElement('span');
    snap.className = 'snap';
    snap.dataset.index = String(i);
    snap.style.setProperty('--i', String(i));
    const card = galleryMakeItem(cell, i, 'carousel-item', { width: iw, height: Number(carousel.dataset.itemHeight) });
    card.style.setProperty('--i', String(i));
    return [card, snap];
  }, () => place());
  galleryOfferAlbum(cards.album);
  place = () => {
    const vw = carousel.clientWidth;
    // The engine's offset counts from the first card's left edge; the page's scroll
    // position from the left inset's, (vw − iw) / 2 before it.
    const offset = carousel.scrollLeft - (vw - iw) / 2;
    const focused = (vw / 2 + offset - iw / 2) / (iw + spacing);
    cards.update(focused);
    const k = round(focused);
    const d = Math.min(Math.abs(focused - (k - 0.5)), Math.abs(focused - (k + 0.5)));
    const amount = (focusedSpacing - spacing) * 2 * d;
    carousel.dataset.focusedIndex = String(focused);
    cards.cards().forEach(([item], index) => {
      const shift = index === k ? 0 : (index < k ? -amount : amount);
      item.style.transform = `translateX(${shift}px)`;
      item.classList.toggle('focused', index === k);
    });
  };
  follow(carousel, place);
  scrollSideways(carousel);
});
})();
