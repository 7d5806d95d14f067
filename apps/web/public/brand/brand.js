// Applies the brand skin before the first paint (no inline script: the CSP forbids it).
// The brand is the only value the portal keeps in localStorage (docs/decisions/0015-browser-storage.md).
// Switch with ?brand=vireo or ?brand=lumen in any URL, or localStorage 'espace-assure.brand'.
(function () {
  var KEY = 'espace-assure.brand';
  var BRANDS = ['lumen', 'vireo'];
  var brand = BRANDS[0];
  try {
    var asked = new URLSearchParams(window.location.search).get('brand');
    if (asked && BRANDS.indexOf(asked) !== -1) window.localStorage.setItem(KEY, asked);
    var stored = window.localStorage.getItem(KEY);
    if (stored && BRANDS.indexOf(stored) !== -1) brand = stored;
  } catch {
    // Storage may be blocked: the default brand applies.
  }
  document.documentElement.setAttribute('data-brand', brand);
})();
