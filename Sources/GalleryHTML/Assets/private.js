// Private albums in the browser: the album key unwrapped from the password (PBKDF2-HMAC-SHA-256,
// then AES-256-GCM: key.json, written by the export's WrappedAlbumKey) and the album's files
// opened segment by segment (SealedFile: "GAL1", or "GALZ" for text gzipped first; 64 KiB segments each sealed with AES-256-GCM
// under nonce = prefix ‖ index, the header as additional data). WebCrypto only; no DOM, so the
// page and its service worker share it.
const galleryPrivate = (() => {
  const context = new TextEncoder().encode('gallery album key 1');
  const fromBase64 = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  const failure = (code, message) => Object.assign(new Error(message), { code });

  // The album key, or an error whose code is 'wrong-password' or 'damaged'. The password is
  // taken in NFC, as the export takes it: "é" typed on any keyboard is one password.
  const unwrapKey = async (wrapped, password) => {
    if (!wrapped || wrapped.version !== 1 || wrapped.kdf !== 'PBKDF2-SHA-256' || !(wrapped.iterations >= 600000)
        || typeof wrapped.salt !== 'string' || typeof wrapped.wrapped !== 'string') {
      throw failure('damaged', 'the album key is not one this page reads');
    }
    let salt, combined;
    try {
      salt = fromBase64(wrapped.salt);
      combined = fromBase64(wrapped.wrapped);
    } catch (error) {
      throw failure('damaged', 'the album key is not base64');
    }
    if (combined.length !== 12 + 32 + 16) throw failure('damaged', 'the album key has the wrong size');
    const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(String(password).normalize('NFC')), 'PBKDF2', false, ['deriveKey']);
    const wrapping = await crypto.subtle.deriveKey({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations: wrapped.iterations },
      material, { name: 'AES-GCM', length: 256 }, false, ['decrypt']);
    let raw;
    try {
      raw = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: combined.subarray(0, 12), additionalData: context }, wrapping, combined.subarray(12));
    } catch (error) {
      throw failure('wrong-password', 'wrong password');
    }
    return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['decrypt']);
  };

  // A sealed file's header: its segment size, nonce prefix and plaintext length.
  const readHeader = (bytes) => {
    // "GAL1", or "GALZ": the file was gzipped before it was sealed (text).
    if (bytes.length < 24 || bytes[0] !== 0x47 || bytes[1] !== 0x41 || bytes[2] !== 0x4c || (bytes[3] !== 0x31 && bytes[3] !== 0x5a)) {
      throw failure('damaged', 'not a sealed file');
    }
    const view = new DataView(bytes.buffer, bytes.byteOffset, 24);
    const segmentSize = view.getUint32(4, true);
    const length = Number(view.getBigUint64(16, true));
    const segments = Math.max(1, Math.ceil(length / segmentSize));
    if (!(segmentSize > 0)) throw failure('damaged', 'a sealed file with no segment size');
    return { header: bytes.subarray(0, 24), prefix: bytes.subarray(8, 16), segmentSize, length, segments, sealedSize: 24 + length + segments * 16,
             gzipped: bytes[3] === 0x5a };
  };

  const nonce = (prefix, index) => {
    const iv = new Uint8Array(12);
    iv.set(prefix);
    new DataView(iv.buffer).setUint32(8, index, false);
    return iv;
  };

  // Plaintext segments first…last of a file whose header is `file` (readHeader), from
  // `bytes`, their ciphertexts and tags back to back as the file holds them; a 'damaged' error
  // for any that does not open.
  const openSegments = async (key, file, bytes, first, last) => {
    const plain = new Uint8Array(Math.min(file.length, (last + 1) * file.segmentSize) - first * file.segmentSize);
    let offset = 0;
    for (let i = first; i <= last; i++) {
      const size = Math.min(file.segmentSize, file.length - i * file.segmentSize);
      if (offset + size + 16 > bytes.length) throw failure('damaged', 'segment ' + i + ' is cut short');
      let part;
      try {
        part = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce(file.prefix, i), additionalData: file.header },
          key, bytes.subarray(offset, offset + size + 16));
      } catch (error) {
        throw failure('damaged', 'segment ' + i + ' does not open');
      }
      plain.set(new Uint8Array(part), (i - first) * file.segmentSize);
      offset += size + 16;
    }
    return plain;
  };

  // The plaintext of a whole sealed file (an ArrayBuffer or Uint8Array), or a 'damaged' error.
  const openFile = async (key, sealed) => {
    const bytes = sealed instanceof Uint8Array ? sealed : new Uint8Array(sealed);
    const file = readHeader(bytes);
    if (bytes.length !== file.sealedSize) throw failure('damaged', 'the file is cut short or added to');
    const plain = await openSegments(key, file, bytes.subarray(24), 0, file.segments - 1);
    if (!file.gzipped) return plain;
    try {
      const inflated = new Blob([plain]).stream().pipeThrough(new DecompressionStream('gzip'));
      return new Uint8Array(await new Response(inflated).arrayBuffer());
    } catch (error) {
      throw failure('damaged', 'its gzipped contents do not inflate');
    }
  };

  // An opened album's key is kept for 12 hours, so that neither a worker the browser stopped
  // (Chromium stops an idle one after 30 seconds) nor the visitor's next visit asks for the
  // password again: a non-extractable CryptoKey in this origin's IndexedDB, which the site's
  // scripts can use and no script can read out. `wrapped` is key.json as it was: a key.json
  // written since (a new password, a new library) asks again.
  const keptFor = 12 * 60 * 60 * 1000;
  const keys = (mode, use) => new Promise((resolve, reject) => {
    const opening = indexedDB.open('gallery-private', 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore('keys');
    opening.onerror = () => reject(opening.error);
    opening.onsuccess = () => {
      const database = opening.result;
      const transaction = database.transaction('keys', mode);
      const request = use(transaction.objectStore('keys'));
      transaction.oncomplete = () => { database.close(); resolve(request.result); };
      transaction.onerror = transaction.onabort = () => { database.close(); reject(transaction.error); };
    };
  });
  // Without IndexedDB (some private windows) nothing is kept and the password is asked each time.
  const keep = (folder, held) => keys('readwrite', (store) => store.put({ ...held, until: Date.now() + keptFor }, folder)).catch(() => null);
  const forget = (folder) => keys('readwrite', (store) => store.delete(folder)).catch(() => null);
  const kept = async (folder) => {
    const held = await keys('readonly', (store) => store.get(folder)).catch(() => null);
    if (!held || !(held.key instanceof CryptoKey)) return null;
    if (!(held.until > Date.now())) { await forget(folder); return null; }
    return held;
  };

  return { unwrapKey, openFile, openSegments, readHeader, keep, kept, forget };
})();
