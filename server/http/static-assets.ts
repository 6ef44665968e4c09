import express from 'express';
import expressStaticGzip from 'express-static-gzip';

/**
 * /build: the Vite output. Every file there has a content hash in its name, so it is cached a year
 * as immutable; the build writes a brotli (.br) and a gzip (.gz) copy next to each text asset, and
 * the one the browser accepts (Accept-Encoding, brotli first) is sent with Content-Encoding and
 * Vary: Accept-Encoding. A file that is not there (an old hash asked by a stale tab) answers a
 * plain 404 — never the application's HTML or a 500. In development (`npm run dev`) the Vite dev
 * server answers /build instead: unknown paths fall through to it.
 * Mounted before helmet: a script or a stylesheet needs no page policy (CSP, frame options…), only
 * nosniff and the same-origin resource policy; no ETag either (an immutable file is never revalidated),
 * nor Accept-Ranges.
 */
export function buildAssets(dir: string, { fallthrough }: { fallthrough: boolean }): express.Router {
  const router = express.Router();
  router.use(
    expressStaticGzip(dir, {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: {
        immutable: true,
        maxAge: '1y',
        index: false,
        fallthrough: true,
        etag: false,
        lastModified: false,
        // No byte ranges: scripts, stylesheets and fonts are fetched whole (and a range of a
        // compressed copy would not be one of the file); a header less on every asset.
        acceptRanges: false,
        setHeaders: (res) => {
          res.setHeader('X-Content-Type-Options', 'nosniff');
          res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
        },
      },
    }),
  );
  if (!fallthrough) {
    router.use((_req, res) => {
      res
        .status(404)
        .set({ 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' })
        .type('text/plain')
        .send('404 Fichier introuvable');
    });
  }
  return router;
}
