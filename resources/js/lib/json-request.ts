/**
 * The headers of a JSON request to our own server outside Inertia (a print counted, a share link
 * made): the CSRF token the server set as the XSRF-TOKEN cookie, sent back as X-XSRF-TOKEN.
 */
function xsrfToken(): string {
  const match = document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]*)/);
  return match ? decodeURIComponent(match[1]) : '';
}

export const jsonHeaders = (): Record<string, string> => ({
  'Content-Type': 'application/json',
  Accept: 'application/json',
  'X-Requested-With': 'XMLHttpRequest',
  'X-XSRF-TOKEN': xsrfToken(),
});
