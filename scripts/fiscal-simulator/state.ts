import fs from 'node:fs';
import path from 'node:path';

/** What the simulator remembers: both services' invoices, sequences and declarations. */

export interface Totals {
  ht: number;
  vat: number;
  ttc: number;
}

export interface FneItemRecord {
  id: string;
  reference: string;
  description: string;
  quantity: number;
  amount: number;
  /** A percentage, as FNE reads it. */
  discount: number;
  taxes: string[];
  measurementUnit: string;
  /** How much of it refunds already took back. */
  refunded: number;
}

export interface FneInvoiceRecord {
  id: string;
  reference: string;
  token: string;
  ncc: string;
  template: string;
  paymentMethod: string;
  pointOfSale: string;
  establishment: string;
  clientNcc: string;
  clientCompanyName: string;
  items: FneItemRecord[];
  totals: Totals;
  stickerBalance: number;
  createdAt: string;
  request: unknown;
}

export interface FneRefundRecord {
  id: string;
  invoiceId: string;
  reference: string;
  token: string;
  items: Array<{ id: string; quantity: number }>;
  totals: Totals;
  stickerBalance: number;
  createdAt: string;
  request: unknown;
}

export interface EmecefConfirmation {
  codeMECeFDGI: string;
  qrCode: string;
  counters: string;
  nim: string;
  dateTime: string;
}

export interface EmecefInvoiceRecord {
  uid: string;
  nim: string;
  ifu: string;
  type: string;
  state: 'pending' | 'confirmed' | 'cancelled';
  reference: string;
  totals: Totals;
  createdAt: string;
  request: unknown;
  confirmation: EmecefConfirmation | null;
}

/** An e-MECeF machine: its NIM, the JWT that names it, the IFU it belongs to (null: any) and its counters. */
export interface EmecefMachine {
  nim: string;
  token: string;
  ifu: string | null;
  total: number;
  byType: Record<string, number>;
}

export interface SimulatorData {
  fne: {
    invoices: FneInvoiceRecord[];
    refunds: FneRefundRecord[];
    /** Last number given, by `${prefix}${ncc}${yy}`. */
    sequences: Record<string, number>;
    stickerBalance: number;
    pointsOfSale: string[];
  };
  emecef: {
    invoices: EmecefInvoiceRecord[];
    machines: EmecefMachine[];
  };
}

export interface SimulatorConfig {
  /** API keys / JWTs accepted by both services (a desk's own token is declared as a machine). */
  keys: string[];
  /** The NCC the FNE side gives its numbers under (the key's taxpayer). */
  fneTaxId: string;
  /** FNE points of sale known at start. */
  pointsOfSale: string[];
  /** The prepaid stickers at start. */
  stickers: number;
  /** The NIM of the machine the shared key stands for. */
  defaultNim: string;
}

export function initialData(config: SimulatorConfig): SimulatorData {
  return {
    fne: {
      invoices: [],
      refunds: [],
      sequences: {},
      stickerBalance: config.stickers,
      pointsOfSale: [...config.pointsOfSale],
    },
    emecef: {
      invoices: [],
      machines: config.keys.map((token) => ({ nim: config.defaultNim, token, ifu: null, total: 0, byType: {} })),
    },
  };
}

/**
 * The data, kept in a JSON file when one is given: written (to a temporary file, then renamed) before
 * each answer that changed it, so a kill -9 of the simulator never forgets what it answered.
 */
export class SimulatorStore {
  data: SimulatorData;

  constructor(
    readonly config: SimulatorConfig,
    private readonly file: string | null,
  ) {
    this.data =
      file && fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as SimulatorData) : initialData(config);
  }

  save(): void {
    if (!this.file) return;
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const temporary = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, JSON.stringify(this.data));
    fs.renameSync(temporary, this.file);
  }

  reset(): void {
    this.data = initialData(this.config);
    this.save();
  }

  /** The next number of a sequence (FNE: per NCC and year), saved with the rest. */
  next(sequence: string): number {
    const n = (this.data.fne.sequences[sequence] ?? 0) + 1;
    this.data.fne.sequences[sequence] = n;
    return n;
  }
}
