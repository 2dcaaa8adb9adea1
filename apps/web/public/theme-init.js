// Paint the stored theme before the app loads, so a dark page never flashes light (mirrors themeSlice).
(function () {
  var stored = localStorage.getItem('theme');
  var dark = stored === 'dark' || (stored !== 'light' && window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
})();
