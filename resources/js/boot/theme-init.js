/*
 * Applies the saved dark mode and colour theme to <html> before the first paint, so the page
 * never flashes in the wrong colours. Inlined by the server's root template with the CSP nonce.
 * Plain ES5 on purpose (no build step). Keys and values must match resources/js/lib/theme.ts
 * (a unit test checks it).
 */
(function () {
  var root = document.documentElement;
  var modes = ['on', 'off', 'system'];
  var themes = ['default', 'amethyst', 'city', 'flat', 'modern', 'smooth'];
  var mode = 'system';
  var theme = 'default';
  try {
    mode = window.localStorage.getItem('sdstock.darkMode') || mode;
    theme = window.localStorage.getItem('sdstock.colorTheme') || theme;
  } catch (e) {
    /* storage blocked: keep the defaults */
  }
  if (modes.indexOf(mode) < 0) mode = 'system';
  if (themes.indexOf(theme) < 0) theme = 'default';
  var dark = mode === 'on';
  if (mode === 'system') {
    try {
      dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
    } catch (e) {
      dark = false;
    }
  }
  root.setAttribute('data-bs-theme', dark ? 'dark' : 'light');
  root.setAttribute('data-app-theme', theme);
  root.setAttribute('data-dark-mode', mode);
})();
