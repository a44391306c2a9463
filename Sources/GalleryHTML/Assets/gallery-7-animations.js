// Animations (a GIF or an animated PNG: `data-animation`, its looping web video, written by
// CellMarkup) play muted and looped over their still while they are on screen, in every view,
// as Google Photos and social sites show GIFs. Off screen they pause, so a long album decodes
// only what is seen (the grids let far cells go, and their videos with them). Under
// prefers-reduced-motion they stay still (galleryStill), and stop if it is turned on.
(() => {
  if (!('IntersectionObserver' in window)) return;
  const played = new Set();
  const videoOf = (holder) => {
    let video = holder.querySelector('video.animation');
    if (video) return video;
    const image = holder.querySelector('img');
    if (!image) return null;
    video = document.createElement('video');
    video.className = 'animation';
    // Muted and inline, set before the source: what lets every browser play it without a tap.
    video.muted = true;
    video.defaultMuted = true;
    video.loop = true;
    video.playsInline = true;
    video.setAttribute('aria-hidden', 'true');
    video.preload = 'auto';
    video.src = holder.dataset.animation;
    image.after(video);
    return video;
  };
  const stop = (video) => {
    video.pause();
    played.delete(video);
  };
  const seen = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const holder = entry.target;
      if (!holder.isConnected) { seen.unobserve(holder); continue; }
      if (entry.isIntersecting && !galleryStill() && !document.hidden) {
        const video = videoOf(holder);
        if (!video) continue;
        played.add(video);
        const started = video.play();
        if (started) started.catch(() => null);
      } else {
        const video = holder.querySelector('video.animation');
        if (video) stop(video);
      }
    }
  });
  const watch = (root) => {
    if (root.nodeType !== 1) return;
    if (root.matches('[data-animation]')) seen.observe(root);
    root.querySelectorAll('[data-animation]').forEach((holder) => seen.observe(holder));
  };
  watch(document.body);
  new MutationObserver((changes) => {
    for (const change of changes) change.addedNodes.forEach(watch);
  }).observe(document.body, { childList: true, subtree: true });
  // Reduced motion turned on, or the tab hidden: everything stops (the observer starts what
  // is on screen again once it is shown).
  const stopAll = () => { for (const video of [...played]) stop(video); };
  const still = matchMedia('(prefers-reduced-motion: reduce)');
  if (still.addEventListener) still.addEventListener('change', () => { if (still.matches) stopAll(); });
  document.addEventListener('visibilitychange', () => {
    if (document.hidden) { stopAll(); return; }
    document.querySelectorAll('[data-animation]').forEach((holder) => { seen.unobserve(holder); seen.observe(holder); });
  });
})();
