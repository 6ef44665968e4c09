import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inCI } from './browser.js';

/**
 * pdftotext and pdfinfo (poppler-utils) are installed: the suites reading their printouts back need
 * them. Without them a suite is skipped on a developer's machine with a banner, and fails under CI
 * (CI=true), as the browser suite does without Chromium: a skipped check never passes for a run one.
 */
export const popplerAvailable = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    execFileSync('pdfinfo', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    if (inCI())
      throw new Error(
        'pdftotext/pdfinfo absents alors que CI=true : installez poppler-utils (sudo apt-get install -y poppler-utils).',
      );
    console.error(
      '\n# Suites relisant les PDF SAUTÉES : pdftotext/pdfinfo introuvables (sudo apt-get install -y poppler-utils).\n',
    );
    return false;
  }
})();

/**
 * A printout read back: its text (pdftotext, `-layout` unless `layout: false`) and every page's
 * size in mm (pdfinfo, not rounded).
 */
export function readPdf(
  pdf: Buffer,
  { layout = true }: { layout?: boolean } = {},
): { text: string; pages: Array<{ width: number; height: number }> } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdstock-pdf-'));
  try {
    const file = path.join(dir, 'out.pdf');
    fs.writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', [...(layout ? ['-layout'] : []), file, '-'], { encoding: 'utf8' });
    const info = execFileSync('pdfinfo', ['-f', '1', '-l', '999', file], { encoding: 'utf8' });
    const pages = [...info.matchAll(/Page\s+\d+\s+size:\s+([\d.]+) x ([\d.]+) pts/g)].map((m) => ({
      width: (Number(m[1]) * 25.4) / 72,
      height: (Number(m[2]) * 25.4) / 72,
    }));
    return { text, pages };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
