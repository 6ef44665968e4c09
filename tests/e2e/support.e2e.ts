/**
 * Support in a real browser (issue 19): search the documentation and open a hit; a user opens a
 * ticket with a screenshot attached; the support replies; the user sees the reply (unread marker,
 * then the thread). Screens at 1366 and 390 px; a chapter printed to PDF.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ARTIFACTS_DIR,
  browserSuiteEnabled,
  launchBrowser,
  login,
  newContext,
  step,
  watchErrors,
} from './support/browser.js';
import { E2E_ADMIN, type E2EServer, createUserWithPermissions, startServer } from './support/server.js';

const enabled = browserSuiteEnabled();
const USER = { name: 'Fatou Koné', email: 'fatou@test.local', password: 'Secret-123456' };
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe.skipIf(!enabled)('support dans Chromium', () => {
  let server: E2EServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    await createUserWithPermissions(server.db, {
      ...USER,
      permissions: ['menu.dashboard', 'menu.support', 'menu.support.doc', 'menu.support.tickets'],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  afterEach(async () => {
    for (const c of contexts.splice(0)) await c.close();
  });

  async function open(email: string, password: string, width = 1366): Promise<Page> {
    const context = await newContext(browser, server.url, { width, height: width > 1000 ? 850 : 844 });
    contexts.push(context);
    const page = await context.newPage();
    await login(page, email, password);
    await page.waitForURL('**/dashboard');
    return page;
  }

  it('cherche dans la documentation, ouvre le chapitre ; le « ? » de chaque écran mène à son chapitre', async () => {
    const page = await open(USER.email, USER.password);
    const errors = watchErrors(page);
    await step('rechercher', page, async () => {
      await page.goto('/support/documentation');
      await page.getByTestId('doc-search').fill('réajustement casse');
      await page.getByTestId('doc-search').press('Enter');
      await page.getByTestId('doc-hit').first().waitFor();
      const first = page.getByTestId('doc-hit').first();
      expect(await first.getAttribute('data-chapter')).toBe('inventaire');
      expect(await first.locator('mark').count()).toBeGreaterThan(0);
      await first.getByRole('link').click();
      await page.waitForURL(/\/support\/documentation\/inventaire#faire-un-reajustement$/);
      await page.getByTestId('doc-chapter').waitFor();
    });
    await step('aide contextuelle', page, async () => {
      await page.goto('/support/tickets');
      await page.getByTestId('help-link').click();
      await page.waitForURL('**/support/documentation/tickets');
      await page.getByRole('heading', { name: 'Tickets de support', level: 1 }).waitFor();
    });
    await step('imprimer un chapitre en PDF', page, async () => {
      fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
      await page.emulateMedia({ media: 'print' });
      expect(await page.locator('#page-header').isVisible()).toBe(false);
      await page.pdf({ path: path.join(ARTIFACTS_DIR, 'guide-tickets.pdf'), format: 'A4' });
      await page.emulateMedia({ media: 'screen' });
    });
    expect(errors).toEqual([]);
  });

  it('ouvre un ticket avec une capture, le support répond, l’utilisateur voit la réponse', async () => {
    const user = await open(USER.email, USER.password);
    const errors = watchErrors(user);
    let ticketUrl = '';
    await step('ouvrir le ticket', user, async () => {
      await user.goto('/support/tickets');
      await user.getByTestId('ticket-create').click();
      await user.waitForURL('**/support/tickets/create');
      await user.getByTestId('ticket-submit').click();
      await user.getByText('L’objet du ticket est obligatoire.').waitFor();
      await user.getByLabel('Objet').fill('L’état de stock reste blanc');
      await user.getByLabel('Priorité').selectOption('haute');
      await user.getByLabel('Description').fill('Depuis ce matin, le bouton Imprimer ouvre une page blanche.');
      await user
        .getByTestId('attachments-input')
        .setInputFiles({ name: 'capture.png', mimeType: 'image/png', buffer: PNG });
      await user.getByText('capture.png').first().waitFor();
      await user.getByTestId('ticket-submit').click();
      await user.waitForURL(/\/support\/tickets\/\d+$/);
      ticketUrl = new URL(user.url()).pathname;
      await user.getByTestId('ticket-attachments').locator('img').waitFor();
    });

    const support = await open(E2E_ADMIN.email, E2E_ADMIN.password);
    await step('le support répond', support, async () => {
      await support.goto('/support/tickets');
      await support.getByText('L’état de stock reste blanc').click();
      await support.waitForURL(`**${ticketUrl}`);
      await support.getByTestId('ticket-attachments').locator('img').waitFor();
      await support.getByLabel('Votre réponse').fill('Videz le cache du navigateur puis réessayez, et dites-nous.');
      await support.getByLabel('Statut après la réponse').selectOption('en_attente');
      await support.getByTestId('reply-submit').click();
      await support.getByText('Réponse envoyée.').first().waitFor();
      await support.getByTestId('ticket-message').filter({ hasText: 'Videz le cache' }).waitFor();
    });

    await step('l’utilisateur voit la réponse', user, async () => {
      await user.goto('/support/tickets');
      const row = user.getByTestId(`ticket-${ticketUrl.split('/').pop()}`);
      await row.getByTestId('unread-marker').waitFor();
      await row.getByRole('link').first().click();
      await user.getByTestId('ticket-message').filter({ hasText: 'Videz le cache du navigateur' }).waitFor();
      expect(await user.getByTestId('ticket-request').getByText('En attente').count()).toBe(1);
    });
    expect(errors).toEqual([]);
  });

  it('tient à 1366 et 390 px sans défilement horizontal (tickets, ticket, documentation, journaux)', async () => {
    const admin = (await server.db('users').where({ email: E2E_ADMIN.email }).first('id'))!;
    const now = new Date().toISOString();
    const [row] = await server
      .db('support_tickets')
      .insert({
        subject: 'Une demande avec un objet assez long pour remplir la colonne de la liste',
        category: 'demande',
        priority: 'urgente',
        status: 'en_cours',
        description: 'Texte.',
        created_by: admin.id,
        assigned_to: admin.id,
        created_at: now,
        updated_at: now,
        last_activity_at: now,
        reply_count: 3,
      })
      .returning('id');
    const id = typeof row === 'object' ? row.id : row;
    for (const width of [1366, 390]) {
      const page = await open(E2E_ADMIN.email, E2E_ADMIN.password, width);
      const errors = watchErrors(page);
      for (const url of [
        '/support/tickets',
        `/support/tickets/${id}`,
        '/support/tickets/create',
        '/support/documentation/impression',
        '/support/documentation?q=inventaire',
        '/support/logs',
        '/support/logs?tab=integrite',
        '/support/logs?tab=erreurs',
      ]) {
        await step(`${url} (${width} px)`, page, async () => {
          await page.goto(url);
          await page.waitForLoadState('networkidle');
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, url).toBeLessThanOrEqual(0);
          const table = page.locator('[data-list-table]');
          if (width > 1000 && (await table.count()) && (await table.locator('thead th').count())) {
            const card = (await table.first().boundingBox())!;
            const last = (await table.locator('thead th').last().boundingBox())!;
            expect(last.x + last.width, url).toBeLessThanOrEqual(card.x + card.width + 1);
          }
        });
      }
      expect(errors).toEqual([]);
    }
  });
});
