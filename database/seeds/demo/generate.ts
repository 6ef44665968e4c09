import { BRANDS, FAMILIES, type Family } from './catalogue.js';
import { ean13 } from './ean13.js';
import {
  CITIES,
  FIRST_NAMES,
  LAST_NAMES,
  SHOP_KINDS,
  SHOP_NAMES_EXTRA,
  SHOP_SUFFIXES,
  STREETS,
  SUPPLIER_FORMS,
  SUPPLIER_PLACES,
  SUPPLIER_TRADES,
} from './people.js';
import { Random } from './random.js';

/**
 * Pure generation of the demo data set: plain rows, no database. The same scale and seed always
 * give the same rows (one PRNG consumed in a fixed order), so benchmarks compare like with like.
 */

export const DEMO_SCALES = {
  small: { clients: 50, suppliers: 20, categories: 15, products: 300 },
  large: { clients: 2000, suppliers: 500, categories: 150, products: 10000 },
} as const;
export type DemoScale = keyof typeof DEMO_SCALES;
export const DEFAULT_SEED = 20260101;

export interface DemoCategory {
  code: string;
  name: string;
  description: string;
}
export interface DemoProduct {
  code: string;
  barcode: string | null;
  name: string;
  /** Index into the categories array. */
  category: number;
  unit: string;
  pack_size: number;
  purchase_price: number;
  retail_price: number;
  wholesale_price: number;
  min_price: number;
  alert_threshold: number;
  /** Opening stock per location kind, in base units. */
  opening: { depot: number; boutique: number };
}
export interface DemoClient {
  code: string;
  name: string;
  kind: 'particulier' | 'entreprise';
  phone: string;
  email: string;
  address: string;
  city: string;
  tax_number: string;
  price_level: 'detail' | 'gros';
  credit_limit: number;
}
export interface DemoSupplier {
  code: string;
  name: string;
  phone: string;
  email: string;
  address: string;
  tax_number: string;
}
export interface DemoData {
  categories: DemoCategory[];
  products: DemoProduct[];
  clients: DemoClient[];
  suppliers: DemoSupplier[];
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Rounds a price to a step shops use (5 F under 1 000, 25 F under 10 000, then 100 F). */
function roundPrice(value: number): number {
  const step = value < 1000 ? 5 : value < 10000 ? 25 : 100;
  return Math.max(step, Math.round(value / step) * step);
}

function slug(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 20);
}

function phone(rng: Random, city: (typeof CITIES)[number]): string {
  const [, prefix, length, starts] = city;
  const digits = rng.pick(starts) + rng.digits(length - 2);
  // Local groupings: 07 12 34 56 78 (CI), 77 123 45 67 (SN, GN), 76 12 34 56 (ML, BF, TG, BJ).
  const groups = length === 9 ? [2, 3, 2, 2] : Array(length / 2).fill(2);
  let at = 0;
  return `${prefix} ${groups.map((g) => digits.slice(at, (at += g))).join(' ')}`;
}

interface CategorySpec {
  family: Family;
  name: string;
  nouns: string[];
  sizes: string[];
  units: Array<[string, number]>;
  price: [number, number];
}

function categories(count: number): Array<DemoCategory & CategorySpec & { brand: string | null }> {
  // Family by family in turn: every family appears before any gets a second category.
  const base: CategorySpec[] = [];
  const longest = Math.max(...FAMILIES.map((f) => f.categories.length));
  for (let i = 0; i < longest; i++) {
    for (const family of FAMILIES) {
      const c = family.categories[i];
      if (!c) continue;
      const units = c[3].split('|').map((u) => {
        const [unit, pack] = u.split(':');
        return [unit, Number(pack)] as [string, number];
      });
      base.push({ family, name: c[0], nouns: c[1].split('|'), sizes: c[2].split('|'), units, price: [c[4], c[5]] });
    }
  }
  // Beyond the base list, shops split busy shelves by brand ("Riz — Sahel").
  const out: Array<DemoCategory & CategorySpec & { brand: string | null }> = [];
  for (let i = 0; i < count; i++) {
    const b = base[i % base.length];
    const round = Math.floor(i / base.length);
    const brand = round === 0 ? null : BRANDS[(i * 7 + round) % BRANDS.length];
    out.push({
      ...b,
      code: `CAT${pad(i + 1, 3)}`,
      name: brand ? `${b.name} — ${brand}` : b.name,
      description: `${b.family.name} : ${b.nouns.slice(0, 3).join(', ').toLowerCase()}${brand ? ` (marque ${brand})` : ''}`,
      brand,
    });
  }
  return out;
}

export function generateDemoData(scale: DemoScale, seed = DEFAULT_SEED): DemoData {
  const size = DEMO_SCALES[scale];
  const rng = new Random(seed);
  const cats = categories(size.categories);

  const products: DemoProduct[] = [];
  for (let i = 0; i < size.products; i++) {
    const category = i % cats.length;
    const c = cats[category];
    const noun = rng.pick(c.nouns);
    const brand = c.brand ?? rng.pick(BRANDS);
    const sizeIndex = rng.int(0, c.sizes.length - 1);
    const sizeLabel = c.sizes[sizeIndex];
    const [unit, pack] = rng.pick(c.units);
    const [lo, hi] = c.price;
    // Sizes run from the cheapest to the dearest: the size picks a slice of the price range, and
    // the curve keeps small sizes near the bottom (a 1 kg bag is far from a 50 kg one).
    const purchase = roundPrice(lo + (hi - lo) * ((sizeIndex + rng.next()) / c.sizes.length) ** 2);
    const retail = roundPrice(purchase * (1.15 + rng.next() * 0.2));
    const wholesale = Math.max(purchase, Math.min(retail, roundPrice(purchase * (1.06 + rng.next() * 0.06))));
    const min = Math.min(wholesale, roundPrice(purchase * 1.03));
    // Côte d'Ivoire GS1 prefix 618 plus a unique item number; some goods sold loose have none.
    const barcode = rng.chance(0.94) ? ean13(`618${pad(100000000 + i * 37 + rng.int(0, 36), 9).slice(-9)}`) : null;
    products.push({
      code: `P${pad(i + 1, 6)}`,
      barcode,
      name: `${noun} ${brand} ${sizeLabel}`.slice(0, 160),
      category,
      unit,
      pack_size: pack,
      purchase_price: purchase,
      retail_price: retail,
      wholesale_price: wholesale,
      min_price: min,
      alert_threshold: rng.pick([0, 5, 10, 10, 20, 50]),
      opening: {
        depot: rng.chance(0.9) ? rng.int(1, 40) * Math.max(1, Math.min(pack, 24)) : 0,
        boutique: rng.chance(0.6) ? rng.int(1, 30) : 0,
      },
    });
  }

  const clients: DemoClient[] = [];
  for (let i = 0; i < size.clients; i++) {
    const city = rng.pick(CITIES);
    const last = rng.pick(LAST_NAMES);
    const first = rng.pick(FIRST_NAMES);
    const company = rng.chance(0.35);
    const name = company
      ? rng.chance(0.25)
        ? `${rng.pick(SHOP_KINDS)} ${rng.pick(SHOP_NAMES_EXTRA)}`
        : `${rng.pick(SHOP_KINDS)} ${last} ${rng.pick(SHOP_SUFFIXES)}`.trim()
      : `${last.toLocaleUpperCase('fr-FR')} ${first}`;
    clients.push({
      code: `CL${pad(i + 1, 5)}`,
      name,
      kind: company ? 'entreprise' : 'particulier',
      phone: phone(rng, city),
      email: rng.chance(company ? 0.6 : 0.25)
        ? `${slug(company ? name : `${first}.${last}`)}${rng.int(1, 99)}@${rng.pick(['gmail.com', 'yahoo.fr', 'outlook.fr', 'orange.ci', 'aviso.ci'])}`
        : '',
      address: `${rng.pick(STREETS)}${rng.chance(0.5) ? `, lot ${rng.int(1, 400)}` : ''}`,
      city: city[0],
      tax_number: company && rng.chance(0.7) ? `${rng.digits(7)}${String.fromCharCode(65 + rng.int(0, 25))}` : '',
      price_level: company && rng.chance(0.7) ? 'gros' : 'detail',
      credit_limit: company
        ? rng.pick([0, 100000, 250000, 500000, 1000000, 2500000])
        : rng.pick([0, 0, 0, 25000, 50000]),
    });
  }

  const suppliers: DemoSupplier[] = [];
  for (let i = 0; i < size.suppliers; i++) {
    const city = rng.pick(CITIES);
    const last = rng.pick(LAST_NAMES);
    const name = rng.chance(0.5)
      ? `${rng.pick(SUPPLIER_FORMS)} ${last} ${rng.pick(SUPPLIER_TRADES)}`
      : `${rng.pick(SUPPLIER_FORMS)} ${rng.pick(SUPPLIER_TRADES)} ${rng.pick(SUPPLIER_PLACES)}`.trim();
    suppliers.push({
      code: `FR${pad(i + 1, 5)}`,
      name: name.replace(/\s+/g, ' '),
      phone: phone(rng, city),
      email: `contact@${slug(name)}.com`,
      address: `${rng.pick(STREETS)}, ${city[0]}`,
      tax_number: `${rng.digits(7)}${String.fromCharCode(65 + rng.int(0, 25))}`,
    });
  }

  return {
    categories: cats.map(({ code, name, description }) => ({ code, name, description })),
    products,
    clients,
    suppliers,
  };
}
