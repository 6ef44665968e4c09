/**
 * Which pages are drawn inside the signed-in shell (AuthenticatedLayout: header, sidebar, menu).
 * The account pages and the welcome page choose their own layout, the error page is bare
 * (DESIGN.md §4); the shell is fetched beside any other page (printouts included: they are opened
 * from inside the application, where it is already loaded). Used by the client to fetch the shell
 * in parallel with the page, and by the server to preload both on a first visit.
 */
export function loadsAppShell(page: string): boolean {
  return !page.startsWith('auth/') && page !== 'Welcome' && page !== 'Error';
}
