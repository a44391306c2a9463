// A private album's password page (PageRenderer.privateAlbumPage): the password unwraps the
// album's key (gallery-private.js), the service worker (gallery-sw.js) is handed the key and
// opens the album's sealed files, and the album's own site opens. The key is kept for 12 hours
// (galleryPrivate.keep: a key no script can read out), so a visitor who comes back within them
// goes straight in; a key.json written since (a new password) asks again.
(() => {
  const form = document.querySelector('form.private-form');
  if (!form) return;
  const message = form.querySelector('.private-message');
  const folder = form.dataset.folder;
  const say = (text) => { message.textContent = text; };
  if (!('serviceWorker' in navigator) || !window.isSecureContext || location.protocol === 'file:') {
    say(form.dataset.server);
    form.querySelector('button').disabled = true;
    return;
  }
  // The worker, from the site's root so that it sees every file of the album's folder.
  const root = new URL('./', document.baseURI);
  const registered = navigator.serviceWorker.register(new URL('gallery-sw.js', root), { scope: root.pathname });
  const album = new URL(folder, root).pathname;
  // Hands the key to the worker and opens the album once the worker says it holds it.
  const enter = async (key, wrapped) => {
    const registration = await registered;
    await navigator.serviceWorker.ready;
    const worker = registration.active;
    await new Promise((resolve, reject) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (reply) => (reply.data === 'ready' ? resolve() : reject(new Error(String(reply.data))));
      worker.postMessage({ folder: album, key, page: location.pathname, wrapped }, [channel.port2]);
    });
    location.assign(folder + 'index.html' + location.hash);
  };
  const wrappedKey = async () => {
    const response = await fetch(folder + 'key.json', { cache: 'no-cache' });
    if (!response.ok) throw Object.assign(new Error('key.json: ' + response.status), { code: 'damaged' });
    return response.text();
  };
  // A key kept from a visit within 12 hours, for this very key.json: no password asked.
  (async () => {
    const held = await galleryPrivate.kept(album);
    if (!held) return;
    const wrapped = await wrappedKey().catch(() => null);
    if (wrapped !== held.wrapped) { await galleryPrivate.forget(album); return; }
    say(form.dataset.opening);
    await enter(held.key, held.wrapped);
  })().catch(() => say(''));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const password = form.elements.password.value;
    say(form.dataset.opening);
    try {
      const wrapped = await wrappedKey();
      const key = await galleryPrivate.unwrapKey(JSON.parse(wrapped), password);
      await galleryPrivate.keep(album, { key, page: location.pathname, wrapped });
      await enter(key, wrapped);
    } catch (error) {
      say(error && error.code === 'wrong-password' ? form.dataset.wrong : form.dataset.damaged);
      if (error && error.code === 'wrong-password') form.elements.password.select();
    }
  });
})();
