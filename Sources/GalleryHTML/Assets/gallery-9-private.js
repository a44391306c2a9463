// A private album's password page (PageRenderer.privateAlbumPage): the password unwraps the
// album's key (gallery-private.js), the service worker (gallery-sw.js) is handed the key and
// opens the album's sealed files, and the album's own site opens. The key stays in the worker's
// memory: closing the browser forgets it.
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
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const password = form.elements.password.value;
    say(form.dataset.opening);
    try {
      const response = await fetch(folder + 'key.json', { cache: 'no-cache' });
      if (!response.ok) throw Object.assign(new Error('key.json: ' + response.status), { code: 'damaged' });
      const key = await galleryPrivate.unwrapKey(await response.json(), password);
      const registration = await registered;
      await navigator.serviceWorker.ready;
      const worker = registration.active;
      // The worker says when it holds the key: only then is the album's page asked for.
      await new Promise((resolve, reject) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (reply) => (reply.data === 'ready' ? resolve() : reject(new Error(String(reply.data))));
        worker.postMessage({ folder: new URL(folder, root).pathname, key, page: location.pathname }, [channel.port2]);
      });
      location.assign(folder + 'index.html' + location.hash);
    } catch (error) {
      say(error && error.code === 'wrong-password' ? form.dataset.wrong : form.dataset.damaged);
      if (error && error.code === 'wrong-password') form.elements.password.select();
    }
  });
})();
