import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../config.js';
import type { Assets } from './assets.js';

const themeBootPath = path.join(projectRoot, 'resources', 'js', 'boot', 'theme-init.js');
let themeBoot: string | undefined;

/**
 * The boot script is sent in every HTML answer: without its comments and indentation (plain ES5,
 * no string holds a comment marker), about 230 bytes less on each first visit.
 */
export function stripBootComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s+/gm, '')
    .trim();
}

/** Applies the saved dark mode and colour theme before the first paint (inline, with the CSP nonce), comments stripped. */
function themeBootScript(): string {
  if (themeBoot === undefined) {
    const source = fs.existsSync(themeBootPath) ? fs.readFileSync(themeBootPath, 'utf8') : '';
    themeBoot = stripBootComments(source);
  }
  return themeBoot;
}

/**
 * The favicon (public/favicon.svg, 207 bytes) written into the page as a data: URL: on a first
 * visit it costs a few compressed bytes of the HTML instead of a request of its own (DESIGN.md §7).
 */
let faviconHref: string | null = null;
function favicon(): string {
  if (faviconHref === null) {
    try {
      const svg = fs.readFileSync(path.join(projectRoot, 'public', 'favicon.svg'), 'utf8').trim();
      faviconHref = `data:image/svg+xml,${svg.replace(/[<>#%"\n]/g, (c) => encodeURIComponent(c))}`;
    } catch {
      faviconHref = '/favicon.svg';
    }
  }
  return faviconHref;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function rootTemplate(assets: Assets) {
  return ({
    pageTag,
    nonce,
    title,
    component,
  }: {
    pageTag: string;
    nonce: string;
    title: string;
    component?: string;
  }) => `<!DOCTYPE html>
<html lang="fr">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light dark">
    <meta name="referrer" content="same-origin">
    <title>${escapeHtml(title)}</title>
    <link rel="icon" href="${favicon()}" type="image/svg+xml">
    <script nonce="${nonce}">${themeBootScript()}</script>
    ${assets.tags(nonce, component)}
  </head>
  <body>
    ${pageTag}
    <div id="app"></div>
  </body>
</html>
`;
}
