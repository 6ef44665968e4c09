import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createMailer } from '../../../server/mail/mailer.js';

describe('mailer without MAIL_URL', () => {
  it('writes each message as an .eml file under storage/mail', async () => {
    const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdstock-mail-'));
    try {
      const mailer = createMailer({
        from: 'SDSTOCK <no-reply@sdstock.local>',
        storageDir,
        logger: pino({ level: 'silent' }),
      });
      await mailer.send({
        to: 'awa@exemple.ci',
        subject: 'Réinitialisation de votre mot de passe',
        text: 'Bonjour Awa,\nhttps://x/reset-password/abc',
      });
      const files = fs.readdirSync(path.join(storageDir, 'mail'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/awa@exemple\.ci.*\.eml$/);
      const raw = fs.readFileSync(path.join(storageDir, 'mail', files[0]), 'utf8');
      expect(raw).toMatch(/^To: awa@exemple\.ci$/m);
      expect(raw).toMatch(/^From: SDSTOCK <no-reply@sdstock\.local>$/m);
      expect(raw).toContain('reset-password/abc');
    } finally {
      fs.rmSync(storageDir, { recursive: true, force: true });
    }
  });
});
