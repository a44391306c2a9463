// Part of the page script: the site's gallery.js is gallery-1-words.js to gallery-9-found.js
// joined in that order (SiteAssets.script), classic scripts sharing one scope, so that pages
// work from file:// as from any host. Each part starts what it draws by itself.

// Motion is for orientation, never needed: under prefers-reduced-motion nothing animates.
const galleryStill = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

// The lightbox's photo under the fingers (and the mouse, and a pen: pointer events are one code
// path for all three; the lightbox has touch-action: none, so the browser leaves it every
// gesture); `media()` is the element shown, the photo's <img> or a video's <video>. Swipe sideways to the next or previous photo, drag up or down to close, pinch or
// double-tap to zoom, pan while zoomed, pinch in to close. The photo moves by a transform
// about its centre, translate(x, y) scale(scale); its box is where the style sheet puts it.
//   turn(step, from)  a swipe asks for the photo `step` (1 or -1) away; `from` is where the
//                     finger left this one (a transform)
//   close()           a drag up or down, or a pinch in, asks to close
//   zoomed(pixels)    the photo is shown `pixels` device px wide: time for a larger image?
//   neighbour(step)   the photo `step` (1 or -1) away, as { src, ar }, or null: shown beside
//                     this one while a finger swipes, as PhotoSwipe's strip does
// `gestured` says whether the last press was a gesture (not a tap): its click is not a click.
const galleryPhotoViewer = (box, media, { turn, close, zoomed, neighbour }) => {
  let scale = 1, x = 0, y = 0;
  const pointers = new Map();
  let gesture = null;
  let lastTap = null;
  let gestured = false;
  // The most a photo is enlarged: four times the screen's fit, as PhotoSwipe does, or more
  // when its image has more pixels than that. A video is not zoomed (its player's controls
  // and pixels are its own); it is swiped and dragged like a photo.
  const maxScale = () => (media().tagName === 'VIDEO' ? 1 : Math.max(4, media().naturalWidth / Math.max(1, base().w * devicePixelRatio)));
  const transform = () => `translate(${x}px, ${y}px) scale(${scale})`;
  // The transform last drawn: the state may be ahead of it while a gesture computes.
  let drawn = { scale: 1, x: 0, y: 0 };
  // The photo's box before its transform (which scales about the centre). A gesture that
  // starts while the photo still moves takes it where it was going (every animation here ends
  // at the drawn transform).
  const base = () => {
    if (media().getAnimations) for (const animation of media().getAnimations()) animation.finish();
    const r = media().getBoundingClientRect();
    return { cx: r.left + r.width / 2 - drawn.x, cy: r.top + r.height / 2 - drawn.y, w: r.width / drawn.scale, h: r.height / drawn.scale };
  };
  const backdrop = (opacity) => box.style.setProperty('--backdrop', String(Math.max(0, Math.min(1, opacity))));

  // The neighbours beside the photo during a swipe, a screen's width and a gap away, each at
  // its own shape in the space the photo has; they, and the photo's text, move with it
  // (translateX, as the photo), as one strip of slides.
  const gap = 16;
  const text = box.querySelector('.lightbox-text');
  const spacing = () => innerWidth + gap;
  const sides = new Map();
  let sidesShown = false;
  const side = (step) => {
    let element = sides.get(step);
    if (!element) {
      element = document.createElement('img');
      element.className = 'lightbox-side';
      element.alt = '';
      element.setAttribute('aria-hidden', 'true');
      element.draggable = false;
      element.hidden = true;
      box.append(element);
      sides.set(step, element);
    }
    return element;
  };
  const showSides = () => {
    const b = base();
    const room = getComputedStyle(box);
    const maxW = box.clientWidth - parseFloat(room.paddingLeft) - parseFloat(room.paddingRight);
    const maxH = parseFloat(getComputedStyle(media()).maxHeight) || innerHeight;
    for (const step of [1, -1]) {
      const shown = neighbour ? neighbour(step) : null;
      const element = side(step);
      element.hidden = !shown;
      if (!shown) continue;
      const w = Math.min(maxW, maxH * shown.ar), h = w / shown.ar;
      if (element.getAttribute('src') !== shown.src) element.src = shown.src;
      Object.assign(element.style, {
        width: w + 'px', height: h + 'px', left: b.cx + step * spacing() - w / 2 + 'px', top: b.cy - h / 2 + 'px', transform: `translateX(${x}px)`,
      });
    }
    sidesShown = true;
  };
  // What moves sideways with the photo while the neighbours are shown.
  const strip = () => [...sides.values()].filter((element) => !element.hidden).concat(text ? [text] : []);
  const hideSides = () => {
    for (const element of sidesShown ? strip() : []) {
      if (element.getAnimations) for (const animation of element.getAnimations()) animation.cancel();
      element.style.transform = '';
    }
    sidesShown = false;
    for (const element of sides.values()) element.hidden = true;
  };
  // Moves the strip from translateX(`from`) to `to` (px), animated unless motion is off.
  const slideSides = (from, to, duration, easing) => {
    const moving = strip();
    for (const element of moving) element.style.transform = `translateX(${to}px)`;
    if (galleryStill() || !media().animate) return Promise.resolve();
    return Promise.all(moving.map((element) => element.animate([{ transform: `translateX(${from}px)` }, { transform: `translateX(${to}px)` }], { duration, easing })
      .finished.catch(() => null)));
  };

  const draw = () => {
    media().style.transform = scale === 1 && x === 0 && y === 0 ? '' : transform();
    if (sidesShown) for (const element of strip()) element.style.transform = `translateX(${x}px)`;
    drawn = { scale, x, y };
  };
  // Draws the current state, moving there from `from` (a transform) unless motion is off.
  const settle = (from, duration = 220) => {
    const to = transform();
    draw();
    if (galleryStill() || !media().animate || from === to) return Promise.resolve();
    return media().animate([{ transform: from }, { transform: to }], { duration, easing: 'cubic-bezier(0.2, 0.8, 0.2, 1)' })
      .finished.catch(() => null);
  };
  // A zoomed photo never leaves a gap at an edge it could cover; a smaller one stays put.
  const clamp = () => {
    const b = base(), w = b.w * scale, h = b.h * scale, vw = innerWidth, vh = innerHeight;
    x = w <= vw ? 0 : Math.min(w / 2 - b.cx, Math.max(vw - b.cx - w / 2, x));
    y = h <= vh ? 0 : Math.min(h / 2 - b.cy, Math.max(vh - b.cy - h / 2, y));
  };
  // Zooms to `target` keeping the photo's point under (px, py) where it is.
  const zoomAbout = (target, px, py) => {
    const b = base();
    const qx = (px - b.cx - x) / scale, qy = (py - b.cy - y) / scale;
    scale = target;
    x = px - b.cx - scale * qx;
    y = py - b.cy - scale * qy;
  };
  const reportZoom = () => { if (scale > 1) zoomed(base().w * scale * devicePixelRatio); };

  const point = (event) => ({ x: event.clientX, y: event.clientY, t: event.timeStamp });
  const pinchOf = () => {
    const [a, b] = [...pointers.values()];
    return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, d: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)) };
  };
  const capture = (id) => { try { box.setPointerCapture(id); } catch (error) { /* already lifted, or not a real pointer */ } };
  const begin = (kind, from) => {
    gesture = { kind, start: from, x, y, scale, trail: [from] };
    if (kind === 'pinch') gesture.pinch = pinchOf();
  };

  box.addEventListener('pointerdown', (event) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    // A mouse selects the caption's text; a finger swipes across it as across the photo.
    // Nor over a video, whose controls it works.
    if (event.pointerType === 'mouse' && event.target.closest('.lightbox-text, button, a, video')) return;
    if (pointers.size === 0) gestured = false;
    pointers.set(event.pointerId, point(event));
    // A finger on a button may still start a swipe or a pinch; the box takes the pointer only
    // once it is one, so that a tap stays the button's click.
    if (!event.target.closest('button, a, video')) capture(event.pointerId);
    if (pointers.size === 1) begin('pending', point(event));
    else if (pointers.size === 2) {
      hideSides();
      begin('pinch', point(event));
      gestured = true;
      for (const id of pointers.keys()) capture(id);
    }
  });

  box.addEventListener('pointermove', (event) => {
    if (!pointers.has(event.pointerId) || !gesture) return;
    const now = point(event);
    pointers.set(event.pointerId, now);
    const g = gesture;
    if (g.kind === 'pinch') {
      if (pointers.size < 2) return;
      const p = pinchOf();
      const b = base();
      // The point under the fingers' midpoint at the start stays under their midpoint.
      const qx = (g.pinch.x - b.cx - g.x) / g.scale, qy = (g.pinch.y - b.cy - g.y) / g.scale;
      scale = Math.min(maxScale() * 1.5, Math.max(0.3, g.scale * p.d / g.pinch.d));
      x = p.x - b.cx - scale * qx;
      y = p.y - b.cy - scale * qy;
      backdrop(scale < 1 ? scale * 1.5 - 0.5 : 1);
      draw();
      return;
    }
    if (g.kind === 'rest') return;
    g.trail.push(now);
    if (g.trail.length > 4) g.trail.shift();
    const dx = now.x - g.start.x, dy = now.y - g.start.y;
    if (g.kind === 'pending') {
      if (Math.hypot(dx, dy) < 8) return;
      g.kind = scale > 1.01 ? 'pan' : Math.abs(dx) >= Math.abs(dy) ? 'swipe' : 'drop';
      gestured = true;
      capture(event.pointerId);
      if (g.kind === 'swipe') showSides();
    }
    if (g.kind === 'pan') {
      x = g.x + dx;
      y = g.y + dy;
    } else if (g.kind === 'swipe') {
      x = dx;
    } else {
      y = dy;
      backdrop(1 - Math.abs(dy) / (innerHeight * 0.6));
    }
    draw();
  });

  // How fast the finger left, in px per ms, from its last moves.
  const velocity = (g) => {
    const a = g.trail[0], b = g.trail[g.trail.length - 1];
    const dt = Math.max(1, b.t - a.t);
    return { x: (b.x - a.x) / dt, y: (b.y - a.y) / dt };
  };

  const end = (event) => {
    const last = pointers.get(event.pointerId);
    if (!last || !gesture) { pointers.delete(event.pointerId); return; }
    pointers.delete(event.pointerId);
    const g = gesture;
    const from = transform();
    if (g.kind === 'pinch') {
      if (pointers.size === 1) {
        // One finger stays: a zoomed photo goes on under it; else it rests until that lifts.
        begin(scale > 1.01 ? 'pan' : 'rest', [...pointers.values()][0]);
      } else {
        gesture = null;
      }
      if (scale < 0.7) { gesture = null; pointers.clear(); close(); return; }
      if (scale < 1) { scale = 1; x = 0; y = 0; } else scale = Math.min(scale, maxScale());
      clamp();
      backdrop(1);
      settle(from);
      reportZoom();
      return;
    }
    gesture = null;
    if (event.type === 'pointercancel') { scale = g.scale; x = g.x; y = g.y; backdrop(1); settle(from); return; }
    const dx = last.x - g.start.x, dy = last.y - g.start.y;
    const v = velocity(g);
    if (g.kind === 'pending') {
      // A tap; two close together zoom in there, or back out.
      if (lastTap && last.t - lastTap.t < 350 && Math.hypot(last.x - lastTap.x, last.y - lastTap.y) < 40) {
        lastTap = null;
        if (scale > 1.01) { scale = 1; x = 0; y = 0; } else zoomAbout(Math.min(2.5, maxScale()), last.x, last.y);
        clamp();
        settle(from);
        reportZoom();
      } else {
        lastTap = last;
      }
      return;
    }
    lastTap = null;
    if (g.kind === 'rest') return;
    if (g.kind === 'pan') {
      clamp();
      settle(from);
      return;
    }
    if (g.kind === 'swipe') {
      const far = Math.abs(dx) > Math.min(120, innerWidth * 0.2);
      const flick = Math.abs(dx) > 30 && Math.abs(v.x) > 0.5 && Math.sign(v.x) === Math.sign(dx);
      x = 0;
      if (far || flick) { turn(dx < 0 ? 1 : -1, from); return; }
      // Not far enough: the photo springs back, its neighbours out of sight with it.
      const left = drawn.x;
      settle(from);
      slideSides(left, 0, 220, 'cubic-bezier(0.2, 0.8, 0.2, 1)').then(() => { if (!gesture) hideSides(); });
      return;
    }
    const far = Math.abs(dy) > innerHeight * 0.15;
    const flick = Math.abs(dy) > 30 && Math.abs(v.y) > 0.5 && Math.sign(v.y) === Math.sign(dy);
    if (far || flick) { y = 0; close(); return; }
    y = 0;
    backdrop(1);
    settle(from);
  };
  box.addEventListener('pointerup', end);
  box.addEventListener('pointercancel', end);

  // A mouse wheel with Ctrl (and a trackpad's pinch, which browsers send so) zooms too.
  box.addEventListener('wheel', (event) => {
    if (!event.ctrlKey) return;
    event.preventDefault();
    zoomAbout(Math.min(maxScale(), Math.max(1, scale * Math.exp(-event.deltaY / 200))), event.clientX, event.clientY);
    if (scale === 1) { x = 0; y = 0; }
    clamp();
    draw();
    reportZoom();
  }, { passive: false });

  return {
    get scale() { return scale; },
    get gestured() { return gestured; },
    // A new photo: at rest, entering from the side it was swiped from (`direction` 1: from the
    // right), or growing out of `rect` (its cell on the page, and the backdrop fades in; or
    // where it slid in as a neighbour, `slid`: it only settles into its place), or simply there.
    reset(direction = 0, rect = null, slid = false) {
      scale = 1; x = 0; y = 0;
      pointers.clear();
      gesture = null;
      lastTap = null;
      hideSides();
      backdrop(1);
      draw();
      if (galleryStill() || !media().animate) return;
      const easing = 'cubic-bezier(0.2, 0.8, 0.2, 1)';
      if (direction) {
        media().animate([{ transform: `translateX(${direction * innerWidth}px)` }, { transform: 'none' }], { duration: 240, easing });
      } else if (rect && rect.width > 0) {
        const b = base();
        if (b.w <= 0) return;
        const from = `translate(${rect.left + rect.width / 2 - b.cx}px, ${rect.top + rect.height / 2 - b.cy}px) scale(${rect.width / b.w}, ${rect.height / b.h})`;
        media().animate([{ transform: from }, { transform: 'none' }], { duration: slid ? 160 : 260, easing });
        if (!slid) {
          box.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 200, pseudoElement: '::before' });
          // The text's block has the backdrop's colour: it comes in with it.
          const text = box.querySelector('.lightbox-text');
          if (text) text.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 200 });
        }
      }
    },
    // The photo leaving sideways (`direction` 1: to the left) from `from`, where the finger left
    // it. When its neighbour is beside it, both slide on until the neighbour is in the photo's
    // place; the promise then gives where the neighbour arrived (a rect), for the next photo
    // to be shown from there (its text may place it a little higher or lower), else null.
    leave(direction, from) {
      const arriving = sidesShown && !side(direction).hidden;
      const arrival = () => (arriving ? side(direction).getBoundingClientRect() : null);
      if (galleryStill() || !media().animate) return Promise.resolve(arrival());
      const easing = arriving ? 'cubic-bezier(0.2, 0.8, 0.2, 1)' : 'ease-in';
      const duration = arriving ? 220 : 160;
      const end = -direction * (arriving ? spacing() : innerWidth);
      const sliding = arriving ? slideSides(drawn.x, end, duration, easing) : Promise.resolve();
      const leaving = media().animate([{ transform: from }, { transform: `translateX(${end}px)` }], { duration, easing }).finished.catch(() => null);
      return Promise.all([leaving, sliding]).then(arrival);
    },
    // Where the photo is drawn now, transform and all (to shrink it back into its cell from there).
    rect: () => media().getBoundingClientRect(),
  };
};

// Shrinks a copy of the lightbox's photo from `from` into its cell at `to` (both viewport
// rects), over the page: the lightbox itself is already closed, so nothing waits for this.
const galleryShrinkInto = (image, from, to) => {
  if (galleryStill() || !image.animate || !to || to.width <= 0 || from.width <= 0 || to.bottom < 0 || to.top > innerHeight) return;
  const copy = image.cloneNode();
  copy.removeAttribute('class');
  Object.assign(copy.style, {
    position: 'fixed', left: from.left + 'px', top: from.top + 'px', width: from.width + 'px', height: from.height + 'px',
    margin: '0', transform: 'none', transformOrigin: '0 0', zIndex: '11', pointerEvents: 'none', borderRadius: '6px', maxWidth: 'none', maxHeight: 'none',
  });
  document.body.append(copy);
  const to2 = `translate(${to.left - from.left}px, ${to.top - from.top}px) scale(${to.width / from.width}, ${to.height / from.height})`;
  copy.animate([{ transform: 'none', opacity: 1 }, { transform: to2, opacity: 1 }], { duration: 240, easing: 'cubic-bezier(0.2, 0.8, 0.2, 1)' })
    .finished.catch(() => null).then(() => copy.remove());
};
