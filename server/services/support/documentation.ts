import fs from 'node:fs';
import path from 'node:path';
import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';
import { foldSearch } from '../../db/search.js';
import { projectRoot } from '../../config.js';
import { ROUTES } from '../../../shared/routes.js';
import type { DocChapterLink, DocSearchHit } from '../../../shared/support.js';

/**
 * The user guide (Support › Documentation): Markdown files in docs/guide/, named NN-slug.md (NN
 * orders the table of contents, the slug is the chapter's address), each starting with its
 * « # Title ». Rendered by markdown-it (raw HTML off) and sanitised by sanitize-html (an allowlist
 * of tags; images only from the guide's own images folder); headings get anchors for the
 * chapter's table of contents and the search results. Read once, then kept in memory.
 */
export const GUIDE_DIR = path.join(projectRoot, 'docs', 'guide');
export const GUIDE_IMAGES_DIR = path.join(GUIDE_DIR, 'images');

interface Section {
  title: string;
  anchor: string;
  text: string;
  folded: string;
}

interface Chapter {
  slug: string;
  title: string;
  html: string;
  toc: Array<{ level: number; text: string; anchor: string }>;
  sections: Section[];
}

// The guide is written with straight apostrophes; the interface shows the typographic one (’): the
// smart quotes rule turns « d'un » into « d’un » (code spans untouched, double quotes left straight,
// no other typographic replacement).
const md = new MarkdownIt({ html: false, linkify: false, typographer: true, quotes: ['"', '"', '‘', '’'] }).disable(
  'replacements',
);

export function anchorOf(text: string): string {
  return (
    foldSearch(text)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'section'
  );
}

const IMAGE_PREFIX = ROUTES['support.documentation.image'].replace(':file', '');

function sanitize(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'h1',
      'h2',
      'h3',
      'h4',
      'p',
      'ul',
      'ol',
      'li',
      'strong',
      'em',
      'code',
      'pre',
      'blockquote',
      'a',
      'img',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
      'hr',
      'br',
      'kbd',
      'mark',
    ],
    allowedAttributes: {
      a: ['href'],
      img: ['src', 'alt', 'loading', 'width'],
      h2: ['id'],
      h3: ['id'],
      h4: ['id'],
      th: ['style'],
      td: ['style'],
    },
    allowedStyles: { th: { 'text-align': [/^(left|right|center)$/] }, td: { 'text-align': [/^(left|right|center)$/] } },
    allowedSchemes: [],
    allowedSchemesByTag: {},
    allowProtocolRelative: false,
    // Links: only the app's own paths and the chapter's anchors; images: only the guide's folder.
    exclusiveFilter: (frame) =>
      (frame.tag === 'img' && !String(frame.attribs.src ?? '').startsWith(IMAGE_PREFIX)) ||
      (frame.tag === 'a' && !/^(\/|#)/.test(String(frame.attribs.href ?? ''))),
  });
}

/** Renders one chapter (exported for the tests of the sanitiser). */
export function parseChapter(slug: string, source: string): Chapter {
  const env = {};
  const tokens = md.parse(source, env);
  let title = slug;
  const toc: Chapter['toc'] = [];
  const sections: Section[] = [];
  const used = new Set<string>();
  let current: Section = { title: '', anchor: '', text: '', folded: '' };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.type === 'heading_open') {
      const text = tokens[i + 1]?.content ?? '';
      const level = Number(t.tag.slice(1));
      if (level === 1) {
        title = text;
        current.title = text;
        continue;
      }
      let anchor = anchorOf(text);
      for (let n = 2; used.has(anchor); n++) anchor = `${anchorOf(text)}-${n}`;
      used.add(anchor);
      t.attrSet('id', anchor);
      if (level <= 3) toc.push({ level, text, anchor });
      sections.push(current);
      current = { title: text, anchor, text: '', folded: '' };
    } else if (t.type === 'inline' && tokens[i - 1]?.type !== 'heading_open') {
      current.text += `${t.content.replace(/[*_`]|!\[[^\]]*\]\([^)]*\)|\]\([^)]*\)|\[/g, '')} `;
    }
  }
  sections.push(current);
  for (const s of sections) {
    s.text = s.text.replace(/\s+/g, ' ').trim();
    s.folded = foldChars(s.text);
  }
  // Images: lazy, and relative names resolved to the guide's images route.
  const html = md.renderer.render(tokens, md.options, env);
  const fixed = html.replace(
    /<img src="(?:images\/)?([a-z0-9-]+\.(?:png|jpg))"/g,
    (_m, file: string) => `<img loading="lazy" src="${IMAGE_PREFIX}${file}"`,
  );
  return { slug, title, html: sanitize(fixed), toc, sections: sections.filter((s) => s.text || s.title) };
}

/** Lower case without accents, one character for one (so positions match the original text). */
function foldChars(text: string): string {
  let out = '';
  for (const ch of text) {
    const f = ch
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
    out += f.length === 1 ? f : ch.length === 1 ? (f[0] ?? ch) : ch;
  }
  return out;
}

let cache: Chapter[] | null = null;

/** The reference chapters that end the guide, in this order, whatever their number (new chapters get higher numbers). */
export const CLOSING_CHAPTERS = ['glossaire', 'faq'] as const;

/**
 * Table-of-contents order of the guide's files (NN-slug.md): by number (then name), the closing
 * chapters (CLOSING_CHAPTERS: Glossaire, FAQ) last.
 */
export function guideOrder(files: readonly string[]): string[] {
  const closing = (f: string) =>
    (CLOSING_CHAPTERS as readonly string[]).indexOf(f.replace(/^\d{2}-/, '').replace(/\.md$/, ''));
  return [...files].sort((a, b) => {
    const [ca, cb] = [closing(a), closing(b)];
    if (ca !== cb) return ca === -1 ? -1 : cb === -1 ? 1 : ca - cb;
    return a < b ? -1 : a > b ? 1 : 0;
  });
}

/** Every chapter, in table-of-contents order. */
export function chapters(): Chapter[] {
  if (cache) return cache;
  const files = fs.existsSync(GUIDE_DIR)
    ? guideOrder(fs.readdirSync(GUIDE_DIR).filter((f) => /^\d{2}-[a-z0-9-]+\.md$/.test(f)))
    : [];
  cache = files.map((f) =>
    parseChapter(f.replace(/^\d{2}-/, '').replace(/\.md$/, ''), fs.readFileSync(path.join(GUIDE_DIR, f), 'utf8')),
  );
  return cache;
}

export function chapterList(): DocChapterLink[] {
  return chapters().map((c) => ({ slug: c.slug, title: c.title }));
}

export function findChapter(slug: string): Chapter | null {
  return chapters().find((c) => c.slug === slug) ?? null;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The excerpt around the first term, each occurrence of a term wrapped in <mark>. */
function excerpt(section: Section, terms: string[]): string {
  const first = Math.min(...terms.map((t) => section.folded.indexOf(t)).filter((i) => i >= 0));
  const start = Math.max(0, (Number.isFinite(first) ? first : 0) - 80);
  const end = Math.min(section.text.length, start + 240);
  const text = section.text.slice(start, end);
  const folded = section.folded.slice(start, end);
  const marks: Array<[number, number]> = [];
  for (const t of terms)
    for (let i = folded.indexOf(t); i >= 0; i = folded.indexOf(t, i + t.length)) marks.push([i, i + t.length]);
  marks.sort((a, b) => a[0] - b[0]);
  let out = '';
  let pos = 0;
  for (const [a, b] of marks) {
    if (a < pos) continue;
    out += `${escapeHtml(text.slice(pos, a))}<mark>${escapeHtml(text.slice(a, b))}</mark>`;
    pos = b;
  }
  out += escapeHtml(text.slice(pos));
  return `${start > 0 ? '… ' : ''}${out}${end < section.text.length ? ' …' : ''}`;
}

export const DOC_SEARCH_LIMIT = 30;

/**
 * Full-text search: every word of the query (accents and case ignored, 2 letters or more) must be
 * in the section; sections whose title holds the words come first, then by number of occurrences.
 */
export function searchGuide(query: string): DocSearchHit[] {
  const terms = [
    ...new Set(
      foldChars(query)
        .split(/[^a-z0-9]+/)
        .filter((t) => t.length >= 2),
    ),
  ].slice(0, 8);
  if (!terms.length) return [];
  const hits: Array<DocSearchHit & { score: number }> = [];
  for (const c of chapters()) {
    for (const s of c.sections) {
      const hay = `${foldChars(s.title)} ${s.folded}`;
      if (!terms.every((t) => hay.includes(t))) continue;
      const titleHits = terms.filter((t) => foldChars(`${c.title} ${s.title}`).includes(t)).length;
      const count = terms.reduce((n, t) => n + s.folded.split(t).length - 1, 0);
      hits.push({
        slug: c.slug,
        chapter: c.title,
        section: s.title || c.title,
        anchor: s.anchor,
        excerpt: excerpt(s, terms),
        score: titleHits * 100 + count,
      });
    }
  }
  return hits
    .sort((a, b) => b.score - a.score)
    .slice(0, DOC_SEARCH_LIMIT)
    .map(({ score: _score, ...h }) => h);
}

/** The path of a guide image (a plain file name from the guide's folder), or null. */
export function guideImage(file: string): string | null {
  if (!/^[a-z0-9-]+\.(png|jpg)$/.test(file)) return null;
  const p = path.join(GUIDE_IMAGES_DIR, file);
  return fs.existsSync(p) ? p : null;
}
