/**
 * Every printout on paper (issue 12), printed by Chromium to PDF as the browser's print dialog
 * would: for each printout and its format (A4 states, A5 notes), in print media the content fits
 * the page width (no table or signature box cut on the right), every page says « Page n / N »
 * (@page margin box, read back with pdftotext), a multi-page state carries its grand total once,
 * at the end (no repeating table footer), and nothing that is not the document — a toast, the
 * progress bar, the toolbar — is printed. ?print=1 opens the dialog once, when the page is clean.
 * The first print of a document is the original; the next one says DUPLICATA on paper.
 * PRINT_PDF_DIR=/some/dir keeps the PDFs, to look at them (pdftoppm -png).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '../../shared/routes.js';
import { amountInWords, currencyWords } from '../../shared/amount-in-words.js';
import { insertReturningId, nowIso } from '../../server/db/dialect.js';
import { withSearchName } from '../../server/db/search.js';
import { businessDate } from '../../server/domain/dates.js';
import { createStockEntry } from '../../server/services/stock/entries.js';
import {
  createReadjustment,
  openCountSession,
  saveCounts,
  validateCount,
} from '../../server/services/stock/inventory.js';
import { createTransfer, receiveTransfer } from '../../server/services/stock/transfers.js';
import { createCounterSale } from '../../server/services/sales/counter-sale.js';
import type { Actor } from '../../server/services/actor.js';
import { createSale } from '../../server/services/sales/create-sale.js';
import { createCreditNote } from '../../server/services/sales/credit-notes.js';
import { createSettlement } from '../../server/services/settlements/create-settlement.js';
import { removeLogo, saveLogo } from '../../server/services/company/logo.js';
import { savePrintSettings } from '../../server/services/print/print-settings.js';
import { createCashOperation } from '../../server/services/cash/operations.js';
import { EVERY_PLACE } from '../../server/policies/places.js';
import { browserSuiteEnabled, launchBrowser, login, newContext, step, watchErrors } from './support/browser.js';
import { E2E_ADMIN, type E2EServer, startServer } from './support/server.js';
import { popplerAvailable } from './support/pdf.js';

const enabled = browserSuiteEnabled();

/** The paper sizes and the page margins of PrintFrame's pageRule, in mm. */
const PAPER = {
  A4: { width: 210, height: 297, side: 12 },
  A5: { width: 148, height: 210, side: 8 },
  '80mm': { width: 80, height: 0, side: 0 },
  '58mm': { width: 58, height: 0, side: 0 },
} as const;
/** A till roll: one page as long as the ticket, no page number. */
const isRoll = (paper: keyof typeof PAPER) => paper === '80mm' || paper === '58mm';
const PX_PER_MM = 96 / 25.4;

/**
 * The text of each page of a PDF (pages are separated by form feeds): as laid out (-layout, columns
 * side by side), or in reading order (`layout: false`: a paragraph beside a table reads whole).
 */
function pdfPages(pdf: Buffer, layout = true): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdstock-pdf-'));
  try {
    const file = path.join(dir, 'out.pdf');
    fs.writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', [...(layout ? ['-layout'] : []), file, '-'], { encoding: 'utf8' });
    return text.split('\f').filter((p, i, all) => i < all.length - 1 || p.trim() !== '');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Each page's size in mm (pdfinfo). */
function pdfPageSizes(pdf: Buffer): Array<[number, number]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdstock-pdf-'));
  try {
    const file = path.join(dir, 'out.pdf');
    fs.writeFileSync(file, pdf);
    const info = execFileSync('pdfinfo', ['-f', '1', '-l', '999', file], { encoding: 'utf8' });
    return [...info.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g)].map((m) => [
      (Number(m[1]) * 25.4) / 72,
      (Number(m[2]) * 25.4) / 72,
    ]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** How many images a PDF draws (pdfimages -list). */
function pdfImageCount(pdf: Buffer): number {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdstock-pdf-'));
  try {
    const file = path.join(dir, 'out.pdf');
    fs.writeFileSync(file, pdf);
    return execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').length - 2;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** An 8 × 4 PNG, the company logo of the printouts. */
const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAECAYAAACzzX7wAAAAEklEQVR4nGM4USH3Hx9moL0CAHwxS6EI4twMAAAAAElFTkSuQmCC',
  'base64',
);

interface PrintoutCase {
  name: string;
  url: string;
  paper: keyof typeof PAPER;
  number: string | null;
  /** At least this many pages (a multi-page state). */
  minPages: number;
  /** A text printed once, at the end: the grand total line. */
  totalOnce?: RegExp;
  /** A text the printout must carry (the amount in words of a sales document). */
  text?: RegExp;
  /** Exactly this many pages. */
  pages?: number;
}

describe.skipIf(!enabled || !popplerAvailable)('impressions sur papier (Chromium → PDF)', () => {
  let server: E2EServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const cases: PrintoutCase[] = [];
  /** A new readjustment (a document never printed yet): its id. */
  let freshReadjustment: () => Promise<number>;
  let transferCase: { id: number; number: string; actor: Actor };
  /** What the suite's documents are made of, for the tests that make their own. */
  let world: {
    actor: Actor;
    supplier: number;
    category: number;
    depot: number;
    shop: number;
    client: number;
    walkIn: number;
    today: string;
  };
  /** The counter sale part of which came back (its avoir), and the products of the suite. */
  let corrected: { saleId: number; number: string; avoir: string; products: number[] };
  const outDir = process.env.PRINT_PDF_DIR ?? '';

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const db = server.db;
    const now = nowIso();
    const today = businessDate('Africa/Abidjan');
    await db('company_settings').where({ id: 1 }).update({
      name: 'Quincaillerie Koné & Fils',
      address: 'Rue des Jardins, Cocody',
      city: 'Abidjan',
      phones: '+225 27 22 00 00 00',
      rccm: 'CI-ABJ-2020-B-12345',
      tax_number: '2012345A',
    });
    const admin = (await db('users').where({ email: E2E_ADMIN.email }).first('id', 'name'))!;
    const actor: Actor = { id: Number(admin.id), name: admin.name, ip: null };
    const supplier = await insertReturningId(
      db,
      'suppliers',
      withSearchName({ code: 'FRS001', name: 'SOCOCE Distribution Côte d’Ivoire', created_at: now, updated_at: now }),
    );
    const category = await insertReturningId(
      db,
      'categories',
      withSearchName({ code: 'QUI', name: 'Quincaillerie', created_at: now, updated_at: now }),
    );
    const depot = Number((await db('locations').where({ code: 'DEP01' }).first('id'))!.id);
    const shop = Number((await db('locations').where({ code: 'BTQ01' }).first('id'))!.id);
    // 140 products with long names and large costs: several A4 pages, widest money columns.
    const products: number[] = [];
    for (let i = 1; i <= 140; i++) {
      const cost = 1_250_000 + i * 7_919;
      products.push(
        await insertReturningId(
          db,
          'products',
          withSearchName({
            code: `PRD${String(i).padStart(5, '0')}`,
            name: `Groupe électrogène diesel insonorisé ${i} kVA avec inverseur automatique et coffret`,
            category_id: category,
            unit: 'pièce',
            pack_size: 1,
            purchase_price: cost,
            cmup: 0,
            retail_price: cost * 2,
            wholesale_price: cost,
            min_price: cost,
            active: true,
            created_at: now,
            updated_at: now,
          }),
        ),
      );
    }
    const entry = await createStockEntry(
      db,
      {
        idempotencyKey: 'e2e-print-entry',
        supplierId: supplier,
        locationId: depot,
        entryDate: today,
        supplierRef: 'BL-2026-000987',
        note: 'Livraison complète, contrôlée à la réception',
        lines: products.map((p, i) => ({
          productId: p,
          unit: 'unit',
          quantity: 900 + i,
          unitCost: 1_250_000 + (i + 1) * 7_919,
        })),
      },
      actor,
    );
    const transfer = await createTransfer(
      db,
      {
        idempotencyKey: 'e2e-print-transfer',
        fromLocationId: depot,
        toLocationId: shop,
        transferDate: today,
        note: 'Réassort boutique',
        lines: products.slice(0, 45).map((p) => ({ productId: p, quantity: 12 })),
      },
      actor,
    );
    const readjustment = await createReadjustment(
      db,
      {
        idempotencyKey: 'e2e-print-readjust',
        locationId: depot,
        adjustmentDate: today,
        reason: 'casse',
        note: 'Chute lors du déchargement',
        lines: products.slice(50, 60).map((p) => ({ productId: p, direction: 'out' as const, quantity: 3 })),
      },
      actor,
    );
    let n = 0;
    freshReadjustment = async () =>
      (
        await createReadjustment(
          db,
          {
            idempotencyKey: `e2e-print-readjust-${++n}`,
            locationId: depot,
            adjustmentDate: today,
            reason: 'perte',
            note: '',
            lines: [{ productId: products[70], direction: 'out', quantity: 1 }],
          },
          actor,
        )
      ).id;
    const count = await openCountSession(
      db,
      {
        idempotencyKey: 'e2e-print-count',
        locationId: depot,
        countDate: today,
        blind: false,
        categoryIds: [category],
        note: 'Inventaire de fin de mois',
      },
      actor,
    );
    await saveCounts(
      db,
      count.id,
      products.map((p, i) => ({ productId: p, counted: 900 + i - (i % 3), expected: null })),
      actor,
    );
    const version = Number((await db('inventory_counts').where({ id: count.id }).first('version'))!.version);
    // A second count, still open, for the count sheets.
    const transferNumber = transfer.number;
    transferCase = { id: transfer.id, number: transfer.number, actor };
    await validateCount(db, count.id, { version, movedPolicy: 'snapshot', uncountedAsZero: false }, actor);
    const open = await openCountSession(
      db,
      {
        idempotencyKey: 'e2e-print-count-2',
        locationId: depot,
        countDate: today,
        blind: false,
        categoryIds: [category],
        note: '',
      },
      actor,
    );
    // A counter sale at the depot, part of it brought back: the avoir.
    const walkIn = Number((await db('clients').where({ is_walk_in: true }).first('id'))!.id);
    const sale = await createSale(
      db,
      {
        idempotencyKey: 'e2e-print-sale',
        kind: 'counter',
        clientId: walkIn,
        locationId: depot,
        saleDate: today,
        paymentMode: 'cash',
        dueDate: null,
        discount: 0,
        note: '',
        formLoadedAt: new Date(Date.now() - 60_000).toISOString(),
        lines: products
          .slice(100, 103)
          .map((p) => ({ productId: p, unit: 'unit' as const, quantity: 2, unitPrice: null, discount: 0 })),
        payments: [
          { method: 'especes', amount: 30_000_000, accountId: null, operator: null, phone: '', reference: '' },
        ],
      },
      { belowMinPrice: false, beyondCreditLimit: false },
      actor,
    );
    const saleLines = await db('sale_lines').where({ sale_id: sale.id }).orderBy('position').select('id');
    // Sales (issue 14): a credit invoice and a cash invoice from the depot (its desk takes the cash).
    const client = await insertReturningId(
      db,
      'clients',
      withSearchName({
        code: 'CLI0042',
        name: 'Établissements Yao & Frères SARL',
        kind: 'entreprise',
        price_level: 'gros',
        credit_limit: 100_000_000,
        balance: 0,
        active: true,
        address: 'Zone industrielle de Yopougon',
        city: 'Abidjan',
        phone: '+225 07 08 09 10 11',
        tax_number: '1234567B',
        created_at: now,
        updated_at: now,
      }),
    );
    world = { actor, supplier, category, depot, shop, client, walkIn, today };
    const saleBase = {
      kind: 'invoice' as const,
      clientId: client,
      locationId: depot,
      saleDate: today,
      discount: 1_500,
      note: '',
      formLoadedAt: new Date().toISOString(),
    };
    const creditSale = await createSale(
      db,
      {
        ...saleBase,
        idempotencyKey: 'e2e-print-invoice',
        paymentMode: 'credit',
        dueDate: today,
        payments: [],
        lines: products
          .slice(104, 107)
          .map((p, i) => ({ productId: p, unit: 'unit' as const, quantity: i + 1, unitPrice: null, discount: 0 })),
      },
      { belowMinPrice: true, beyondCreditLimit: true },
      actor,
    );
    const cashSale = await createSale(
      db,
      {
        ...saleBase,
        idempotencyKey: 'e2e-print-cash-invoice',
        paymentMode: 'cash',
        dueDate: null,
        discount: 0,
        payments: [{ method: 'especes', amount: 2_000_000, accountId: null, operator: null, phone: '', reference: '' }],
        lines: [{ productId: products[107], unit: 'unit', quantity: 1, unitPrice: 1_900_000, discount: 0 }],
      },
      { belowMinPrice: true, beyondCreditLimit: true },
      actor,
    );
    const inWords = (total: number) =>
      new RegExp(`Arrêtée la présente facture à la somme de ${amountInWords(total, currencyWords('XOF'))} \\(`);
    // Settlements (issue 15): part of the credit invoice paid by Orange Money, the rest kept owed.
    await db('treasury_accounts').insert({
      kind: 'mobile_money',
      code: 'OM-E2E',
      name: 'Orange Money Dépôt',
      operator: 'orange_money',
      bank_name: '',
      account_number: '0707070707',
      balance: 0,
      active: true,
      created_at: now,
      updated_at: now,
    });
    const receipt = await createSettlement(
      db,
      {
        idempotencyKey: 'e2e-print-receipt',
        clientId: client,
        settlementDate: today,
        source: 'payment',
        method: 'mobile_money',
        accountId: null,
        operator: 'orange_money',
        phone: '+225 07 08 09 10 11',
        reference: 'MP261124.0930.R77',
        chequeDate: null,
        amount: 1_000_000,
        allocationMode: 'oldest',
        allocations: null,
        note: '',
      },
      actor,
    );
    const avoir = await createCreditNote(
      db,
      {
        idempotencyKey: 'e2e-print-avoir',
        saleId: sale.id,
        reason: 'Groupe livré avec un défaut de démarrage',
        version: 1,
        lines: saleLines.map((l) => ({ saleLineId: Number(l.id), quantity: 1 })),
      },
      actor,
    );
    corrected = { saleId: sale.id, number: sale.number, avoir: avoir.number, products };

    // A counter sale of three long-named products, for the cash ticket on 80 and 58 mm rolls.
    await createStockEntry(
      db,
      {
        idempotencyKey: 'e2e-print-shop-entry',
        supplierId: supplier,
        locationId: shop,
        entryDate: today,
        supplierRef: 'BL-BTQ',
        note: '',
        lines: products
          .slice(0, 3)
          .map((p) => ({ productId: p, unit: 'unit' as const, quantity: 5, unitCost: 1_300_000 })),
      },
      actor,
    );
    const counterSale = await createCounterSale(
      db,
      {
        idempotencyKey: 'e2e-print-ticket',
        clientId: walkIn,
        locationId: shop,
        saleDate: today,
        discount: 0,
        note: '',
        formLoadedAt: new Date(Date.now() - 60_000).toISOString(),
        lines: products
          .slice(0, 3)
          .map((p, i) => ({ productId: p, unit: 'unit' as const, quantity: i + 1, unitPrice: null, discount: 0 })),
        payments: [
          { method: 'especes', amount: 20_000_000, accountId: null, operator: null, phone: '', reference: '' },
        ],
      },
      { belowMinPrice: false, beyondCreditLimit: false },
      actor,
    );
    // Caisse (issue 16): a supplier payment from the depot's desk, its bon de caisse A5 and its 80 mm ticket.
    const desk = Number(
      (await db('treasury_accounts').where({ kind: 'caisse', location_id: depot }).orderBy('id').first('id'))!.id,
    );
    const cashBase = {
      toAccountId: null,
      expenseCategoryId: null,
      supplierId: null,
      bankMethod: null,
      reference: '',
      note: '',
      places: EVERY_PLACE,
    } as const;
    const expenseCategory = Number(
      (await db('expense_categories').where({ active: true }).orderBy('id').first('id'))!.id,
    );
    const voucher = await createCashOperation(
      db,
      {
        ...cashBase,
        idempotencyKey: 'e2e-print-cash-expense',
        kind: 'expense',
        amount: 1_250_500,
        fromAccountId: desk,
        expenseCategoryId: expenseCategory,
        beneficiary: 'Transports Bamba & Fils, livraison Yopougon – Cocody',
        reference: 'REC-2026-004471',
      },
      actor,
    );
    const cashWords = /Arrêté le présent bon à la somme de un million deux cent cinquante mille cinq cents francs CFA/;
    cases.push(
      {
        name: 'bon-de-caisse',
        url: route('cashOperations.print', { id: voucher.id }),
        paper: 'A5',
        number: voucher.number,
        minPages: 1,
        text: cashWords,
      },
      {
        name: 'bon-de-caisse-80mm',
        url: route('cashOperations.print', { id: voucher.id }, { format: '80mm' }),
        paper: '80mm',
        number: voucher.number,
        minPages: 1,
        text: cashWords,
      },
      {
        name: 'ticket-80mm',
        url: route('sales.ticket', { id: counterSale.id }),
        paper: '80mm',
        number: counterSale.number,
        minPages: 1,
      },
      {
        name: 'ticket-58mm',
        url: route('sales.ticket', { id: counterSale.id }, { width: 58 }),
        paper: '58mm',
        number: counterSale.number,
        minPages: 1,
      },
      {
        name: 'bon-entree',
        url: route('entries.print', { id: entry.id }),
        paper: 'A4',
        number: entry.number,
        minPages: 3,
        totalOnce: /Total \(140 lignes\)/,
      },
      {
        name: 'etat-entrees',
        url: route('entries.statement', { from: today, to: today }),
        paper: 'A4',
        number: null,
        minPages: 1,
      },
      {
        name: 'releve-compte',
        url: route('clients.statementPrint', { id: client }, { from: today, to: today }),
        paper: 'A4',
        number: null,
        minPages: 1,
        totalOnce: /Totaux de la période et solde de clôture/,
      },
      {
        name: 'bon-transfert',
        url: route('transfers.print', { id: transfer.id }),
        paper: 'A5',
        number: transferNumber,
        minPages: 2,
        totalOnce: /Total \(45 lignes\)/,
      },
      {
        name: 'reajustement',
        url: route('inventory.readjustmentPrint', { id: readjustment.id }),
        paper: 'A4',
        number: readjustment.number,
        minPages: 1,
      },
      {
        name: 'ajustement-inventaire',
        url: route('inventory.adjustment', { id: count.id }),
        paper: 'A4',
        number: count.number,
        minPages: 2,
      },
      {
        name: 'etat-controle',
        url: route('inventory.sheet', { id: open.id }),
        paper: 'A4',
        number: open.number,
        minPages: 3,
        totalOnce: /140 produits — 0 compté/,
      },
      {
        name: 'facture',
        url: route('sales.print', { id: creditSale.id }),
        paper: 'A5',
        number: creditSale.number,
        minPages: 1,
        text: inWords(creditSale.total),
      },
      {
        name: 'facture-comptant',
        url: route('sales.print', { id: cashSale.id }),
        paper: 'A5',
        number: cashSale.number,
        minPages: 1,
        totalOnce: /Monnaie rendue/,
        text: inWords(cashSale.total),
      },
      {
        name: 'avoir',
        url: route('creditNotes.print', { id: avoir.id }),
        paper: 'A5',
        number: avoir.number,
        minPages: 1,
        totalOnce: /Total remboursé \(3 lignes\)/,
        text: /Arrêté le présent avoir à la somme de [a-zé -]+ francs CFA/,
      },
      {
        name: 'recu-reglement',
        url: route('settlements.print', { id: receipt.id }),
        paper: 'A5',
        number: receipt.number,
        minPages: 1,
        totalOnce: /Total reçu/,
        text: /Arrêté le présent reçu à la somme de un million de francs CFA \(1 000 000 FCFA\)/,
      },
      {
        name: 'recu-reglement-80mm',
        url: route('settlements.print', { id: receipt.id }, { format: '80mm' }),
        paper: '80mm',
        number: receipt.number,
        minPages: 1,
        text: /MP261124\.0930\.R77/,
      },
      {
        name: 'feuille-vierge',
        url: route('inventory.sheet', { id: open.id }, { vierge: 1 }),
        paper: 'A4',
        number: open.number,
        minPages: 3,
        totalOnce: /140 produits — 0 compté/,
      },
    );

    context = await newContext(browser, server.url);
    // The print dialog: record each call and whether the page was clean at that moment.
    await context.addInitScript(() => {
      const w = window as unknown as { __prints: Array<{ toast: boolean; progress: boolean }> };
      w.__prints = [];
      window.print = () => {
        w.__prints.push({
          toast: Boolean(document.querySelector('.Toastify__toast')),
          progress: Boolean(document.querySelector('#nprogress')),
        });
      };
      // On request, a toast is on screen when the page opens and goes 700 ms later.
      if (sessionStorage.getItem('e2e-toast')) {
        sessionStorage.removeItem('e2e-toast');
        document.addEventListener('DOMContentLoaded', () => {
          const toast = document.createElement('div');
          toast.className = 'Toastify';
          toast.innerHTML = '<div class="Toastify__toast">Réajustement enregistré.</div>';
          document.body.appendChild(toast);
          setTimeout(() => toast.remove(), 700);
        });
      }
    });
    page = await context.newPage();
    errors = watchErrors(page);
    await login(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.waitForURL('**/dashboard');
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  /** Puts on the page what the app shows over a document: a toast and the progress bar. */
  const overlay = () =>
    page.evaluate(() => {
      const toast = document.createElement('div');
      toast.className = 'Toastify';
      toast.innerHTML =
        '<div class="Toastify__toast-container"><div class="Toastify__toast">Réimpression n° 1 de TRF-2026-000001 (DUPLICATA).</div></div>';
      document.body.appendChild(toast);
      const bar = document.createElement('div');
      bar.id = 'nprogress';
      bar.innerHTML =
        '<div class="bar" style="position:fixed;top:0;left:0;width:100%;height:3px;background:#29d">Chargement</div>';
      document.body.appendChild(bar);
      // Anything else that is not the document (a banner, a dialog left open…).
      const banner = document.createElement('div');
      banner.textContent = 'Bandeau hors document';
      document.querySelector('#main-content')!.prepend(banner);
    });

  /**
   * Prints a case as a user does (« Imprimer », the dialog stubbed, then the paper: page.pdf) and
   * checks the paper: nothing sticks out on the right in print media, « Page n / N », the number,
   * nothing but the document, the expected text, a total once and at the end. Answers each page's text.
   */
  async function onPaper(c: PrintoutCase): Promise<string[]> {
    await page.goto(c.url);
    await page.locator('.app-print-sheet').waitFor();
    if (c.number) await expect.poll(() => page.getByTestId('document-number').textContent()).toBe(c.number);
    // A document goes on paper once its print is counted (« Imprimer », the dialog stubbed): its counted mark is on the page.
    await page.getByTestId('print-button').click();
    await page.locator('.app-print.is-ready').waitFor();
    await overlay();

    // In print media, at the width of the page's printable area, nothing sticks out on the right.
    const paper = PAPER[c.paper];
    const printable = (paper.width - 2 * paper.side) * PX_PER_MM;
    await page.setViewportSize({ width: Math.round(printable), height: 900 });
    await page.emulateMedia({ media: 'print' });
    // Borders must lie inside the printable area (Chromium clips at its edge; a collapsed table's
    // outer border sticks out by half its width): 1 px of clearance.
    const overflow = await page.evaluate((limit) => {
      const sheet = document.querySelector('.app-print-sheet')!;
      const right = sheet.getBoundingClientRect().right;
      // …nor on the left (a squeezed block's text spilling out of the sheet).
      const left = sheet.getBoundingClientRect().left;
      const out = [
        ...sheet.querySelectorAll('table, th, td, .app-print-signature, .app-print-header, .app-print-facts, p'),
      ]
        .filter(
          (el) =>
            el.getBoundingClientRect().right > limit - 1 ||
            el.getBoundingClientRect().left < left - 0.5 ||
            el.scrollWidth > el.clientWidth + 1,
        )
        .map(
          (el) =>
            `${el.tagName.toLowerCase()}.${el.className} → ${(el.getBoundingClientRect().right - limit).toFixed(1)} px`,
        );
      return {
        out: out.slice(0, 5),
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        sheet: right,
      };
    }, printable);
    expect(overflow.out, `${c.name}: dépasse à droite`).toEqual([]);
    expect(overflow.page, `${c.name}: la page défile en largeur`).toBeLessThanOrEqual(0);
    expect(overflow.sheet, `${c.name}: la feuille est plus large que la zone imprimable`).toBeLessThanOrEqual(
      printable + 0.5,
    );
    // Nothing but the document is printed.
    expect(await page.locator('.Toastify__toast').isVisible()).toBe(false);
    expect(await page.locator('#nprogress').isVisible()).toBe(false);
    expect(await page.getByTestId('print-button').isVisible()).toBe(false);
    await page.emulateMedia({ media: null });
    await page.setViewportSize({ width: 1366, height: 850 });

    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    if (outDir) fs.writeFileSync(path.join(outDir, `${c.name}.pdf`), pdf);
    const pages = pdfPages(pdf);
    expect(pages.length, `${c.name}: nombre de pages`).toBeGreaterThanOrEqual(c.minPages);
    if (c.pages !== undefined) expect(pages.length, `${c.name}: nombre de pages exact`).toBe(c.pages);
    if (isRoll(c.paper)) expect(pages, `${c.name}: un ticket tient sur une seule page de rouleau`).toHaveLength(1);
    else
      pages.forEach((text, i) =>
        expect(text, `${c.name}: page ${i + 1}`).toMatch(new RegExp(`Page ${i + 1} / ${pages.length}\\b`)),
      );
    const all = pages.join('\n');
    if (c.number) expect(all).toContain(c.number);
    expect(all).not.toContain('Réimpression n° 1 de TRF');
    expect(all).not.toContain('Chargement');
    expect(all).not.toContain('Bandeau hors document');
    expect(all).not.toContain('Imprimer');
    // The amount in words sits beside the totals: read in reading order, it reads whole.
    if (c.text)
      expect(pdfPages(pdf, false).join('\n').replace(/\s+/g, ' '), `${c.name}: texte attendu`).toMatch(c.text);
    if (c.totalOnce) {
      expect(all.match(new RegExp(c.totalOnce.source, 'g'))?.length, `${c.name}: total imprimé une fois`).toBe(1);
      expect(pages[pages.length - 1], `${c.name}: total en fin de document`).toMatch(c.totalOnce);
    }
    return pages;
  }

  it('chaque impression tient dans la page, numérote ses pages, porte ses totaux une fois et rien d’autre que le document', async () => {
    for (const c of cases) await step(c.name, page, () => onPaper(c));
    expect(errors).toEqual([]);
  });

  it('une facture A5 tient 12 lignes sur une page avec tout son en-tête ; plus longue, elle continue (« suite ») et ses totaux, la somme en lettres et les signatures sont sur la dernière page seulement ; avoir et bon de transfert avec écart de même', async () => {
    const db = server.db;
    const { actor, supplier, category, depot, shop, client, walkIn, today } = world;
    // The full header: a logo of real size (drawn by Chromium), the identity, header and footer texts.
    const painter = await browser.newPage({ viewport: { width: 480, height: 200 } });
    await painter.setContent(
      '<div style="width:480px;height:200px;display:flex;align-items:center;justify-content:center;background:#0b4f8a;color:#fff;font:bold 64px sans-serif">KONÉ &amp; FILS</div>',
    );
    const logo = await painter.screenshot({ type: 'png' });
    await painter.close();
    const types = ['invoice', 'cash_invoice', 'avoir', 'transfer'] as const;
    await db('company_settings').where({ id: 1 }).update({
      address: 'Rue des Jardins, Cocody Danga, lot 245',
      phones: '+225 27 22 00 00 00 / +225 07 07 07 07 07',
      email: 'contact@kone-fils.ci',
    });
    await saveLogo(db, server.storageDir, actor, logo);
    for (const type of types) {
      await savePrintSettings(db, actor, type, {
        format: 'A5',
        copies: 1,
        header_text: 'Matériaux de construction et quincaillerie — vente en gros et au détail',
        footer_text: 'Les marchandises vendues ne sont ni reprises ni échangées après 7 jours.',
        show_logo: true,
        amount_in_words: type !== 'transfer',
      });
    }
    try {
      // Products named as a shop names them.
      const items = [
        'Ciment CPJ 45 sac de 50 kg',
        'Fer à béton HA 10 barre de 12 m',
        'Tôle bac alu 0,35 mm',
        'Peinture glycéro blanche 4 L',
        'Câble électrique 2,5 mm² rouleau',
        'Tube PVC pression Ø 50',
        'Carreau grès cérame 40 × 40',
        'Pointes 70 mm boîte de 1 kg',
        'Robinet laiton 1/2 pouce',
      ];
      const brands = ['Dangote', 'Sotaci', 'Uniwax', 'Nyama', 'Baobab'];
      const now = nowIso();
      const goods: number[] = [];
      for (let i = 0; i < 45; i++) {
        const price = 2_500 + i * 1_375;
        goods.push(
          await insertReturningId(
            db,
            'products',
            withSearchName({
              code: `A5P${String(i + 1).padStart(3, '0')}`,
              name: `${items[i % items.length]} ${brands[i % brands.length]}`,
              category_id: category,
              unit: ['sac', 'barre', 'pièce', 'pot', 'rouleau'][i % 5],
              pack_size: 1,
              purchase_price: price,
              cmup: 0,
              retail_price: price + 900,
              wholesale_price: price + 500,
              min_price: price,
              active: true,
              created_at: now,
              updated_at: now,
            }),
          ),
        );
      }
      for (const location of [depot, shop]) {
        await createStockEntry(
          db,
          {
            idempotencyKey: `e2e-a5-stock-${location}`,
            supplierId: supplier,
            locationId: location,
            entryDate: today,
            supplierRef: 'BL-A5',
            note: '',
            lines: goods.map((p, i) => ({
              productId: p,
              unit: 'unit' as const,
              quantity: 500,
              unitCost: 2_500 + i * 1_375,
            })),
          },
          actor,
        );
      }
      const lines = (n: number) =>
        goods.slice(0, n).map((p, i) => ({
          productId: p,
          unit: 'unit' as const,
          quantity: (i % 7) + 1,
          unitPrice: null,
          discount: 0,
        }));
      const sale = async (n: number, mode: 'credit' | 'cash') =>
        createSale(
          db,
          {
            idempotencyKey: `e2e-a5-${mode}-${n}`,
            kind: 'invoice',
            clientId: client,
            locationId: depot,
            saleDate: today,
            paymentMode: mode,
            dueDate: mode === 'credit' ? today : null,
            discount: 0,
            note: '',
            formLoadedAt: new Date(Date.now() - 60_000).toISOString(),
            lines: lines(n),
            payments:
              mode === 'cash'
                ? [{ method: 'especes', amount: 50_000_000, accountId: null, operator: null, phone: '', reference: '' }]
                : [],
          },
          { belowMinPrice: true, beyondCreditLimit: true },
          actor,
        );
      const counter = await createSale(
        db,
        {
          idempotencyKey: 'e2e-a5-counter-12',
          kind: 'counter',
          clientId: walkIn,
          locationId: shop,
          saleDate: today,
          paymentMode: 'cash',
          dueDate: null,
          discount: 0,
          note: '',
          formLoadedAt: new Date(Date.now() - 60_000).toISOString(),
          lines: lines(12),
          payments: [
            { method: 'especes', amount: 50_000_000, accountId: null, operator: null, phone: '', reference: '' },
          ],
        },
        { belowMinPrice: true, beyondCreditLimit: true },
        actor,
      );
      const soldLines = await db('sale_lines').where({ sale_id: counter.id }).orderBy('position').select('id');
      const avoir = await createCreditNote(
        db,
        {
          idempotencyKey: 'e2e-a5-avoir-12',
          saleId: counter.id,
          reason: 'Marchandise rendue, emballages abîmés',
          version: 1,
          lines: soldLines.map((l) => ({ saleLineId: Number(l.id), quantity: 1 })),
        },
        actor,
      );
      const sent = await createTransfer(
        db,
        {
          idempotencyKey: 'e2e-a5-transfer-10',
          fromLocationId: depot,
          toLocationId: shop,
          transferDate: today,
          note: 'Réassort boutique',
          lines: goods.slice(0, 10).map((p) => ({ productId: p, quantity: 12 })),
        },
        actor,
      );
      const version = Number((await db('transfers').where({ id: sent.id }).first('version'))!.version);
      await receiveTransfer(
        db,
        sent.id,
        {
          idempotencyKey: 'e2e-a5-reception-10',
          version,
          receivedDate: today,
          note: 'Un sac déchiré',
          lines: goods.slice(0, 10).map((p, i) => ({
            productId: p,
            quantityReceived: i === 1 ? 11 : 12,
            reason: i === 1 ? 'Barre tordue au déchargement' : null,
          })),
        },
        actor,
      );
      const numberOf = async (id: number) => (await db('sales').where({ id }).first('number'))!.number as string;
      const made: Array<PrintoutCase & { suite: boolean }> = [];
      for (const n of [3, 8, 12]) {
        const s = await sale(n, 'credit');
        made.push({
          name: `facture-${n}-lignes`,
          url: route('sales.print', { id: s.id }),
          paper: 'A5',
          number: await numberOf(s.id),
          minPages: 1,
          pages: 1,
          suite: false,
          totalOnce: /Arrêtée la présente facture/,
        });
      }
      const cash12 = await sale(12, 'cash');
      made.push({
        name: 'facture-comptant-12-lignes',
        url: route('sales.print', { id: cash12.id }),
        paper: 'A5',
        number: await numberOf(cash12.id),
        minPages: 1,
        pages: 1,
        suite: false,
        totalOnce: /Monnaie rendue/,
      });
      const cash25 = await sale(25, 'cash');
      made.push({
        name: 'facture-comptant-25-lignes',
        url: route('sales.print', { id: cash25.id }),
        paper: 'A5',
        number: await numberOf(cash25.id),
        minPages: 2,
        pages: 2,
        suite: true,
        totalOnce: /Monnaie rendue/,
      });
      const credit45 = await sale(45, 'credit');
      made.push({
        name: 'facture-45-lignes',
        url: route('sales.print', { id: credit45.id }),
        paper: 'A5',
        number: await numberOf(credit45.id),
        minPages: 2,
        pages: 2,
        suite: true,
        totalOnce: /Net à payer/,
      });
      made.push({
        name: 'avoir-12-lignes',
        url: route('creditNotes.print', { id: avoir.id }),
        paper: 'A5',
        number: avoir.number,
        minPages: 1,
        pages: 1,
        suite: false,
        totalOnce: /Total remboursé \(12 lignes\)/,
      });
      made.push({
        name: 'transfert-10-lignes-ecart',
        url: route('transfers.print', { id: sent.id }),
        paper: 'A5',
        number: sent.number,
        minPages: 1,
        pages: 1,
        suite: false,
        totalOnce: /Total \(10 lignes, 1 ligne avec écart\)/,
        text: /Barre tordue au déchargement/,
      });
      for (const c of made) {
        await step(c.name, page, async () => {
          const pages = await onPaper(c);
          // The whole header on the first page: logo, identity, header text.
          const first = pages[0].replace(/\s+/g, ' ');
          expect(first).toContain('QUINCAILLERIE KONÉ & FILS');
          expect(first).toContain('Matériaux de construction et quincaillerie');
          expect(await page.getByTestId('print-logo').isVisible()).toBe(true);
          // Every further page says what it continues; the first never does.
          expect(pages[0]).not.toMatch(/— suite/);
          pages
            .slice(1)
            .forEach((text, i) => expect(text, `${c.name}: page ${i + 2}`).toContain(`${c.number} — suite`));
          // The signatures and the footer text end the document, on its last page only.
          const all = pages.join('\n');
          expect(all.match(/Les marchandises vendues ne sont ni reprises/g)).toHaveLength(1);
          expect(pages[pages.length - 1]).toMatch(/Les marchandises vendues ne sont ni reprises/);
          // A continued document's last page carries lines too, not the totals alone.
          if (c.suite) expect(pages[pages.length - 1]).toMatch(/A5P0\d\d/);
        });
      }
    } finally {
      for (const type of types) await db('print_settings').where({ document_type: type }).delete();
      await removeLogo(db, server.storageDir, actor);
    }
    expect(errors).toEqual([]);
  });

  /**
   * Lays the page out as printed (print media, the width of the paper's printable area, in mm) and
   * answers the words and figures split across two lines in `selector`'s cells: a word of a text
   * node whose range spans more than one line box.
   */
  async function splitWords(selector: string, widthMm: number): Promise<string[]> {
    await page.setViewportSize({ width: Math.round(widthMm * PX_PER_MM), height: 900 });
    await page.emulateMedia({ media: 'print' });
    try {
      return await page.evaluate((sel) => {
        const out: string[] = [];
        for (const cell of document.querySelectorAll(sel)) {
          const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? '';
            for (const m of text.matchAll(/\S+/g)) {
              const range = document.createRange();
              range.setStart(node, m.index);
              range.setEnd(node, m.index + m[0].length);
              const tops = new Set(
                [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
              );
              if (tops.size > 1) out.push(m[0]);
            }
          }
        }
        return out;
      }, selector);
    } finally {
      await page.emulateMedia({ media: null });
      await page.setViewportSize({ width: 1366, height: 850 });
    }
  }

  it('une vente corrigée par avoir le dit à chaque réimpression ; le ticket ne remercie qu’une fois ; l’ID de transaction et les états ne se coupent jamais au milieu d’un mot, et un mois de factures tient en peu de pages', async () => {
    const db = server.db;
    const { actor, client, depot, today } = world;
    await step(
      'la facture comptant et le ticket d’une vente boutique corrigée portent l’avoir et le net après avoirs',
      page,
      async () => {
        for (const c of [
          {
            name: 'facture-vente-corrigee',
            url: route('sales.print', { id: corrected.saleId }),
            paper: 'A5',
            number: corrected.number,
            minPages: 1,
            pages: 1,
          },
          {
            name: 'ticket-vente-corrige',
            url: route('sales.ticket', { id: corrected.saleId }),
            paper: '80mm',
            number: corrected.number,
            minPages: 1,
          },
        ] as const) {
          // On paper as every printout (nothing cut, nothing spilling out), then the correction read back.
          const pages = await onPaper(c);
          const text = pages.join('\n').replace(/\s+/g, ' ');
          expect(text, c.name).toMatch(new RegExp(`Avoir ${corrected.avoir} du (\\d\\d/\\d\\d/\\d{4} )?−\\d`));
          expect(text, c.name).toMatch(/Net après avoirs \d/);
        }
      },
    );
    await step('« Merci de votre visite ! » une seule fois, avec ou sans texte de pied', page, async () => {
      try {
        for (const footer of ['', 'Merci de votre visite ! À bientôt chez Koné & Fils']) {
          await savePrintSettings(db, actor, 'ticket', {
            format: '80mm',
            copies: 1,
            header_text: '',
            footer_text: footer,
            show_logo: false,
            amount_in_words: false,
          });
          await page.goto(route('sales.ticket', { id: corrected.saleId }));
          await page.locator('.app-print-sheet').waitFor();
          await page.getByTestId('print-button').click();
          await page.locator('.app-print.is-ready').waitFor();
          const text = pdfPages(await page.pdf({ preferCSSPageSize: true, printBackground: true }), false)
            .join('\n')
            .replace(/\s+/g, ' ');
          expect(text.match(/Merci de votre visite !/g), `pied « ${footer} »`).toHaveLength(1);
          if (footer) expect(text).toContain('À bientôt chez Koné & Fils');
        }
      } finally {
        await db('print_settings').where({ document_type: 'ticket' }).delete();
      }
    });
    await step('reçu A5 : l’ID de transaction mobile money sur une seule ligne', page, async () => {
      const reference = 'CI241124.1530.A12345678';
      const receipt = await createSettlement(
        db,
        {
          idempotencyKey: 'e2e-print-receipt-long-ref',
          clientId: client,
          settlementDate: today,
          source: 'payment',
          method: 'mobile_money',
          accountId: null,
          operator: 'orange_money',
          phone: '+225 07 08 09 10 11',
          reference,
          chequeDate: null,
          amount: 250_000,
          allocationMode: 'oldest',
          allocations: null,
          note: '',
        },
        actor,
      );
      await page.goto(route('settlements.print', { id: receipt.id }));
      await page.locator('.app-print-sheet').waitFor();
      expect(await splitWords('.app-print-facts dd', PAPER.A5.width - 2 * PAPER.A5.side)).toEqual([]);
      await page.getByTestId('print-button').click();
      await page.locator('.app-print.is-ready').waitFor();
      const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      if (outDir) fs.writeFileSync(path.join(outDir, 'recu-id-long.pdf'), pdf);
      expect(pdfPages(pdf).join('\n')).toMatch(new RegExp(`ID de transaction : ${reference.replace(/\./g, '\\.')}`));
    });
    await step('la liste des factures du mois : dense, sans mot ni nombre coupé', page, async () => {
      // A month of invoices: 150 more, cash and credit, long client names.
      const names = [
        'Établissements Kouassi & Fils SARL',
        'Quincaillerie Générale du Plateau',
        'Société Ivoirienne de Construction',
        'Administration des Travaux Publics',
      ];
      const clients: number[] = [];
      for (const [i, name] of names.entries())
        clients.push(
          await insertReturningId(
            db,
            'clients',
            withSearchName({
              code: `CLM${i}`,
              name,
              kind: 'entreprise',
              price_level: 'gros',
              credit_limit: 500_000_000,
              balance: 0,
              active: true,
              created_at: nowIso(),
              updated_at: nowIso(),
            }),
          ),
        );
      for (let i = 0; i < 150; i++) {
        const cash = i % 3 === 0;
        await createSale(
          db,
          {
            idempotencyKey: `e2e-month-${i}`,
            kind: 'invoice',
            clientId: clients[i % clients.length],
            locationId: depot,
            saleDate: today,
            paymentMode: cash ? 'cash' : 'credit',
            dueDate: cash ? null : today,
            discount: 0,
            note: '',
            formLoadedAt: new Date(Date.now() - 60_000).toISOString(),
            lines: [
              {
                productId: corrected.products[110 + (i % 20)],
                unit: 'unit',
                quantity: 1,
                unitPrice: null,
                discount: 0,
              },
            ],
            payments: cash
              ? [{ method: 'especes', amount: 50_000_000, accountId: null, operator: null, phone: '', reference: '' }]
              : [],
          },
          { belowMinPrice: true, beyondCreditLimit: true },
          actor,
        );
      }
      const count = Number((await db('sales').where({ sale_date: today }).count({ n: '*' }).first())!.n);
      await page.goto(route('reports.sales.print', { view: 'factures', from: today, to: today }));
      await page.locator('.app-print-sheet').waitFor();
      // A4 landscape: 297 mm less the margins.
      expect(await splitWords('[data-testid="report-print-invoices"] td', 297 - 2 * PAPER.A4.side)).toEqual([]);
      const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      if (outDir) fs.writeFileSync(path.join(outDir, 'etat-factures-du-mois.pdf'), pdf);
      const pages = pdfPages(pdf);
      // Every sale of the day once, whole (« FAC-2026-000123 », « VB-… »), at least 30 a page.
      const numbers = pages.join('\n').match(/\b(?:FAC|VB)-\d{4}-\d{6}\b/g) ?? [];
      expect(new Set(numbers).size).toBe(count);
      expect(pages.length, `${count} ventes`).toBeLessThanOrEqual(Math.ceil(count / 30));
      expect(pages.join('\n')).toMatch(/\b\d\d\/\d\d\/\d{4}\b/);
    });
    await step('l’état des règlements (encaissements) : sans mot coupé', page, async () => {
      await page.goto(route('reports.settlements.print', { view: 'encaissements', from: today, to: today }));
      await page.locator('.app-print-sheet').waitFor();
      expect(await splitWords('.app-print-table td', 297 - 2 * PAPER.A4.side)).toEqual([]);
    });
    expect(errors).toEqual([]);
  });

  it('les paramètres d’impression valent sur papier : format, exemplaires, textes, logo, et la largeur du ticket', async () => {
    const { actor } = transferCase;
    const restore = async () => {
      await server.db('print_settings').delete();
      await removeLogo(server.db, server.storageDir, actor);
    };
    try {
      await saveLogo(server.db, server.storageDir, actor, LOGO_PNG);
      await savePrintSettings(server.db, actor, 'transfer', {
        format: 'A4',
        copies: 2,
        header_text: 'Matériaux de construction — gros et détail',
        footer_text: 'Marchandise voyageant aux risques du destinataire',
        show_logo: true,
        amount_in_words: false,
      });
      await step('bon de transfert en A4, deux exemplaires, textes et logo', page, async () => {
        await page.goto(route('transfers.print', { id: transferCase.id }));
        await page.locator('.app-print-sheet').first().waitFor();
        await page.getByTestId('print-logo').first().waitFor();
        expect(await page.getByTestId('print-format').textContent()).toMatch(/A4 .* 2 exemplaires/);
        const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
        if (outDir) fs.writeFileSync(path.join(outDir, 'transfert-parametres.pdf'), pdf);
        expect(pdfPageSizes(pdf).every(([w, h]) => Math.abs(w - 210) < 1 && Math.abs(h - 297) < 1)).toBe(true);
        const all = pdfPages(pdf).join('\n');
        expect(all).toContain('Matériaux de construction — gros et détail');
        expect(all).toContain('Marchandise voyageant aux risques du destinataire');
        expect(all).toContain('Exemplaire 1 / 2');
        expect(all).toContain('Exemplaire 2 / 2');
        expect(pdfImageCount(pdf)).toBeGreaterThanOrEqual(2);
      });
      await step('essai du ticket en 58 mm depuis Paramètres › Impression', page, async () => {
        await page.goto(route('printing.index'));
        await page.getByTestId('print-type-ticket').click();
        await page.getByLabel('Format par défaut').selectOption('58mm');
        await expect.poll(() => page.getByTestId('print-preview').getAttribute('data-paper')).toBe('58mm');
        const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
        if (outDir) fs.writeFileSync(path.join(outDir, 'ticket-58.pdf'), pdf);
        const [[width]] = pdfPageSizes(pdf);
        expect(Math.abs(width - 58)).toBeLessThan(1);
        const all = pdfPages(pdf).join('\n');
        expect(all).toContain('TICKET DE CAISSE');
        expect(all).not.toContain('Format par défaut');
      });
    } finally {
      await restore();
    }
  });

  it('ouvrir un aperçu ne compte rien ; imprimer compte l’original, puis chaque DUPLICATA, et le papier porte la marque comptée', async () => {
    const id = await freshReadjustment();
    const url = route('inventory.readjustmentPrint', { id });
    const prints = () => server.db('document_prints').where({ printout: 'stock_adjustment', document_id: id }).first();
    const dialogs = () => page.evaluate(() => (window as unknown as { __prints: unknown[] }).__prints.length);
    await step('aperçu ouvert puis fermé : toujours l’original, rien n’est compté', page, async () => {
      for (let i = 0; i < 2; i++) {
        await page.goto(url);
        await page.locator('.app-print-sheet').waitFor();
        expect(await page.getByTestId('print-next-copy').textContent()).toBe('À l’impression : original');
        expect(await page.getByTestId('duplicata-mark').count()).toBe(0);
        await page.getByRole('link', { name: 'Retour' }).click();
        await page.waitForURL('**/gestionstock**');
      }
      expect(await prints()).toBeUndefined();
    });
    await step(
      '« Imprimer » : l’original est compté avant la fenêtre d’impression, le papier ne dit pas DUPLICATA',
      page,
      async () => {
        await page.goto(url);
        await page.locator('.app-print-sheet').waitFor();
        await page.getByTestId('print-button').click();
        await expect.poll(dialogs).toBe(1);
        expect(Number((await prints())!.reprint_count)).toBe(0);
        // The print dialog lays the page out: the paper (page.pdf), then afterprint.
        const text = pdfPages(await page.pdf({ preferCSSPageSize: true, printBackground: true })).join('\n');
        expect(text).toContain('RÉAJUSTEMENT DE STOCK');
        expect(text).not.toContain('DUPLICATA');
        // The preview now says what a next print would be; the paper's print counted nothing more.
        await expect
          .poll(() => page.getByTestId('print-next-copy').textContent())
          .toBe('À l’impression : DUPLICATA n° 1');
        expect(Number((await prints())!.reprint_count)).toBe(0);
      },
    );
    await step(
      '?print=1 : le dialogue attend que la page soit propre, le DUPLICATA n° 1 est compté et imprimé',
      page,
      async () => {
        // A toast is still on screen when the page opens: the dialog waits for it to go.
        await page.evaluate(() => sessionStorage.setItem('e2e-toast', '1'));
        await page.goto(`${url}?print=1`);
        await expect.poll(dialogs, { timeout: 5000 }).toBe(1);
        const [call] = await page.evaluate(
          () => (window as unknown as { __prints: Array<{ toast: boolean; progress: boolean }> }).__prints,
        );
        expect(call).toEqual({ toast: false, progress: false });
        await expect.poll(() => page.getByTestId('duplicata-mark').textContent()).toBe('DUPLICATA');
        const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
        if (outDir) fs.writeFileSync(path.join(outDir, 'duplicata.pdf'), pdf);
        expect(pdfPages(pdf).join('\n')).toMatch(/DUPLICATA, réimpression n° 1 \(original imprimé le/);
        expect(Number((await prints())!.reprint_count)).toBe(1);
      },
    );
    await step('Ctrl+P imprime comme le bouton : compté (DUPLICATA n° 2)', page, async () => {
      await page.goto(url);
      await page.locator('.app-print-sheet').waitFor();
      expect(await page.getByTestId('print-next-copy').textContent()).toBe('À l’impression : DUPLICATA n° 2');
      await page.keyboard.press('Control+p');
      await expect.poll(dialogs).toBe(1);
      await expect.poll(async () => Number((await prints())!.reprint_count)).toBe(2);
      expect(pdfPages(await page.pdf({ preferCSSPageSize: true, printBackground: true })).join('\n')).toMatch(
        /réimpression n° 2/,
      );
    });
    await step(
      'deux aperçus de l’original imprimés l’un après l’autre : le second papier dit DUPLICATA n° 1',
      page,
      async () => {
        const other = await freshReadjustment();
        const second = await context.newPage();
        try {
          for (const p of [page, second]) {
            await p.goto(route('inventory.readjustmentPrint', { id: other }));
            await p.locator('.app-print-sheet').waitFor();
            expect(await p.getByTestId('print-next-copy').textContent()).toBe('À l’impression : original');
          }
          await page.getByTestId('print-button').click();
          await second.getByTestId('print-button').click();
          await expect.poll(() => second.getByTestId('duplicata-mark').count()).toBe(1);
          const [first, late] = await Promise.all([
            page.pdf({ preferCSSPageSize: true }),
            second.pdf({ preferCSSPageSize: true }),
          ]);
          expect(pdfPages(first).join('\n')).not.toContain('DUPLICATA');
          expect(pdfPages(late).join('\n')).toMatch(/DUPLICATA, réimpression n° 1/);
        } finally {
          await second.close();
        }
      },
    );
    await step('une impression que le serveur n’a pas comptée n’imprime pas le document', page, async () => {
      const other = await freshReadjustment();
      await page.goto(route('inventory.readjustmentPrint', { id: other }));
      await page.locator('.app-print-sheet').waitFor();
      await page.route('**/impressions', (r) => r.abort('internetdisconnected'));
      try {
        // The browser's own print (its menu; page.pdf here): the count fails, the notice goes on paper.
        const text = pdfPages(await page.pdf({ preferCSSPageSize: true }))
          .join('\n')
          .replace(/\s+/g, ' ');
        expect(text).toMatch(/cette impression n’a pas été enregistrée/);
        expect(text).not.toContain('Groupe électrogène');
        expect(
          await server.db('document_prints').where({ printout: 'stock_adjustment', document_id: other }).first(),
        ).toBeUndefined();
      } finally {
        await page.unroute('**/impressions');
      }
    });
  });
});
