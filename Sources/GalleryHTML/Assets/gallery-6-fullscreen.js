// Part of the page script (see gallery-1-words.js).

// The lightbox in full screen (its button, the `f` key): the Fullscreen API where the browser
// offers it to the page, else — iPhone Safari has none for anything but a video, and a frame
// may be refused it — the lightbox hides its own chrome instead (the text under the photo),
// so that the photo takes the whole screen either way. Both are `.lightbox-full` on the box and
// the button's aria-pressed.
const galleryFullScreen = (box) => {
  const button = box.querySelector('.lightbox-fullscreen');
  if (!button) return { toggle() {}, leave() {} };
  const element = () => document.fullscreenElement || document.webkitFullscreenElement || null;
  const offered = () => !!(document.fullscreenEnabled || document.webkitFullscreenEnabled) && !!(box.requestFullscreen || box.webkitRequestFullscreen);
  // The chrome hidden without the API.
  let chromeless = false;
  const on = () => chromeless || element() === box;
  const update = () => {
    button.setAttribute('aria-pressed', String(on()));
    box.classList.toggle('lightbox-full', on());
  };
  const hideChrome = () => {
    chromeless = true;
    update();
  };
  const enter = () => {
    if (!offered()) { hideChrome(); return; }
    try {
      const asked = box.requestFullscreen ? box.requestFullscreen() : box.webkitRequestFullscreen();
      // Refused (no gesture the browser counts, a frame without allow="fullscreen"): the chrome goes instead.
      if (asked && asked.catch) asked.catch(hideChrome);
    } catch (error) {
      hideChrome();
    }
  };
  const leave = () => {
    chromeless = false;
    if (element() === box) {
      const left = document.exitFullscreen ? document.exitFullscreen() : document.webkitExitFullscreen && document.webkitExitFullscreen();
      if (left && left.catch) left.catch(() => null);
    }
    update();
  };
  const toggle = () => (on() ? leave() : enter());
  for (const type of ['fullscreenchange', 'webkitfullscreenchange']) document.addEventListener(type, update);
  button.addEventListener('click', toggle);
  document.addEventListener('keydown', (event) => {
    if (box.hidden || event.ctrlKey || event.metaKey || event.altKey) return;
    if ((event.key === 'f' || event.key === 'F') && !(event.target.closest && event.target.closest('input'))) {
      event.preventDefault();
      toggle();
    }
  });
  return { toggle, leave };
};
