/** The page object of the Inertia v3 protocol, as our server sends it. */
export interface InertiaPage {
  component: string;
  props: Record<string, unknown> & { errors: Record<string, unknown> };
  url: string;
  version: string;
  flash?: Record<string, unknown>;
  clearHistory?: true;
  encryptHistory?: true;
  deferredProps?: Record<string, string[]>;
  mergeProps?: string[];
  prependProps?: string[];
  deepMergeProps?: string[];
  matchPropsOn?: string[];
  sharedProps?: string[];
}

/**
 * JSON for the `<script type="application/json">` tag: `/` and `<` are escaped so that a prop
 * holding `</script>` or `<!--` cannot leave the tag. JSON.parse restores them exactly; no HTML
 * entity encoding, which the client would not undo.
 */
export function serializePage(page: InertiaPage): string {
  return JSON.stringify(page)
    .replace(/\//g, '\\/')
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function pageScriptTag(page: InertiaPage, id = 'app'): string {
  return `<script data-page="${id}" type="application/json">${serializePage(page)}</script>`;
}
