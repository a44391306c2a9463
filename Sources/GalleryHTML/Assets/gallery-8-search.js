// Part of the page script (see gallery-1-words.js): search's text, character for character as
// Swift's GallerySearch makes it (SearchText, SearchQuery): change both together.

// Folded: NFKD, nonspacing marks removed, NFC (Hangul's syllables), lowercase, "ς" as "σ".
const galleryFold = (text) => String(text).normalize('NFKD').replace(/\p{Mn}/gu, '').normalize('NFC').toLowerCase().replace(/ς/g, 'σ');

// Han, Hiragana, Katakana and Hangul, by their blocks (SearchText.isUnspaced).
const galleryIsUnspaced = (code) => (code >= 0x3040 && code <= 0x30ff) || (code >= 0x31f0 && code <= 0x31ff)
  || (code >= 0x3400 && code <= 0x4dbf) || (code >= 0x4e00 && code <= 0x9fff) || (code >= 0xf900 && code <= 0xfaff)
  || (code >= 0x20000 && code <= 0x3134f) || (code >= 0x1100 && code <= 0x11ff) || (code >= 0x3130 && code <= 0x318f)
  || (code >= 0xac00 && code <= 0xd7af);

// Tokens: runs of letters, marks and digits; within a run, unspaced scripts' characters in
// overlapping pairs (a lone one itself), the rest of the run one token.
const galleryTokens = (text) => {
  const tokens = [];
  let word = '';
  let unspaced = [];
  const endWord = () => { if (word) tokens.push(word); word = ''; };
  const endUnspaced = () => {
    if (unspaced.length === 1) tokens.push(unspaced[0]);
    for (let i = 0; i + 1 < unspaced.length; i += 1) tokens.push(unspaced[i] + unspaced[i + 1]);
    unspaced = [];
  };
  for (const character of galleryFold(text)) {
    const code = character.codePointAt(0);
    if (galleryIsUnspaced(code)) {
      endWord();
      unspaced.push(character);
    } else if (/[\p{L}\p{M}\p{N}]/u.test(character)) {
      endUnspaced();
      word += character;
    } else {
      endWord();
      endUnspaced();
    }
  }
  endWord();
  endUnspaced();
  return tokens;
};

// A query's tokens: duplicates once, at most 16 (SearchQuery.mostTokens).
const galleryQueryTokens = (text) => [...new Set(galleryTokens(text))].slice(0, 16);

// Whether a photo with the words `words` is found: every query token begins one of them.
const galleryMatches = (query, words) => query.length > 0 && query.every((token) => words.some((word) => word.startsWith(token)));

// Every page's search box: on a phone an icon that opens into the box when it has the focus
// (gallery.css), and stays open while it holds a query. The class says so too, for a browser
// that does not match :focus-within in a window that is not the active one.
(() => {
  const form = document.querySelector('.search-box');
  const input = form && form.querySelector('input');
  if (!input) return;
  input.addEventListener('focus', () => form.classList.add('search-open'));
  input.addEventListener('blur', () => form.classList.toggle('search-open', input.value !== ''));
})();
