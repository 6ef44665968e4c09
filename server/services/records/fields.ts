import { z } from 'zod';
import { currencyDecimals, currencyInfo, parseMoneyInput } from '../../../shared/money.js';
import { CODE_PATTERN, normalizeCode } from '../../domain/records/codes.js';
import { LIMITS, limitMessage } from '../../../shared/limits.js';
import { hasControlCharacters } from '../../domain/text.js';
import { TAX_GROUPS, TAX_GROUP_CODES, type TaxGroup, isTaxGroup } from '../../../shared/tax-groups.js';
import { normalizeHeader } from '../tabular/read.js';

/**
 * Field builders of the master-data forms, with French messages. Inputs come as JSON from the
 * Inertia forms (strings, numbers, booleans or null) or as text from an imported file; each
 * builder accepts both and produces the stored type.
 */

type Ctx = z.core.$RefinementCtx<unknown>;
function fail(ctx: Ctx, message: string): never {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER as never;
}

const INVALID = Symbol('invalid');

/**
 * What a builder accepts, as JSON Schema keywords: the builders read loosely (z.unknown() then a
 * transform), so each one declares the shape of its input as metadata. The REST API's OpenAPI
 * document (server/http/api/openapi.ts) is generated from the schemas with z.toJSONSchema, which
 * picks these up.
 */
type InputShape = {
  type?: string | string[];
  description?: string;
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  enum?: readonly unknown[];
  default?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  examples?: readonly unknown[];
};
function shaped<S extends z.ZodType>(schema: S, shape: InputShape): S {
  return schema.meta(shape as Record<string, unknown>) as S;
}

/**
 * The one reading of a text input, under every text builder here and in the other schemas: a string
 * (or a finite number, as a JSON form or an imported cell may give) → that text; absent or null →
 * null; anything else (an array, an object, a boolean) is refused, never emptied; a control
 * character (NUL…) is refused (server/domain/text.ts).
 */
function readText(v: unknown, ctx: Ctx, subject: string): string | null | typeof INVALID {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v !== 'string') {
    ctx.addIssue({ code: 'custom', message: `${subject} doit être un texte.` });
    return INVALID;
  }
  if (hasControlCharacters(v)) {
    ctx.addIssue({
      code: 'custom',
      message: `${subject} contient des caractères non autorisés (caractères de contrôle).`,
    });
    return INVALID;
  }
  return v;
}

export interface TextMessages {
  /** Who the messages speak of: "Le champ nom", "L'observation". */
  subject: string;
  required?: string;
}

/**
 * The text primitive: trimmed; single-line text has its inner spaces collapsed, multi-line text
 * keeps its line breaks (\r\n → \n). Required text refuses an empty value; absent optional text → ''.
 */
export function textInput(
  messages: TextMessages,
  max: number,
  options: { required?: boolean; min?: number; multiline?: boolean } = {},
) {
  const { subject } = messages;
  return shaped(
    z
      .unknown()
      .optional()
      .transform((v, ctx): string => {
        const s = readText(v, ctx, subject);
        if (s === INVALID) return z.NEVER as never;
        const value = options.multiline
          ? (s ?? '').replace(/\r\n?/g, '\n').trim()
          : (s ?? '').trim().replace(/\s+/gu, ' ');
        if (options.required && value === '') return fail(ctx, messages.required ?? `${subject} est obligatoire.`);
        if (options.min && value.length < options.min && (options.required || value !== ''))
          return fail(ctx, `${subject} doit contenir au moins ${options.min} caractères.`);
        if (value.length > max) return fail(ctx, `${subject} ne doit pas dépasser ${max} caractères.`);
        return value;
      }),
    { type: 'string', maxLength: max, ...(options.required ? { minLength: 1 } : {}) },
  );
}

/** A text field: trimmed; required ones refuse an empty value. Absent optional text → ''. */
export function text(label: string, max: number, options: { required?: boolean } = {}) {
  return textInput({ subject: `Le champ ${label}` }, max, options);
}

/** Multi-line text (addresses, descriptions): trimmed, inner line breaks kept. */
export function longText(label: string, max: number) {
  return textInput({ subject: `Le champ ${label}` }, max, { multiline: true });
}

/** The text of a field with a fixed format (code, barcode, phone, e-mail): '' when absent. */
function formatText(v: unknown, ctx: Ctx, subject: string): string | typeof INVALID {
  const s = readText(v, ctx, subject);
  return s === INVALID ? INVALID : (s ?? '');
}

/** A record code: upper case, letters, digits and . _ - / only. */
export function code(label = 'code', max = 20) {
  return shaped(
    z
      .unknown()
      .optional()
      .transform((v, ctx): string => {
        const raw = formatText(v, ctx, `Le champ ${label}`);
        if (raw === INVALID) return z.NEVER as never;
        const s = normalizeCode(raw);
        if (s === '') return fail(ctx, `Le champ ${label} est obligatoire.`);
        if (s.length > max) return fail(ctx, `Le champ ${label} ne doit pas dépasser ${max} caractères.`);
        if (!CODE_PATTERN.test(s))
          return fail(
            ctx,
            `Le champ ${label} ne peut contenir que des lettres sans accent, des chiffres et les signes . _ - /.`,
          );
        return s;
      }),
    {
      type: 'string',
      minLength: 1,
      maxLength: max,
      description: 'Lettres sans accent, chiffres et . _ - / (mis en majuscules).',
    },
  );
}

/** A barcode: optional, digits and letters (EAN-13, EAN-8, UPC, Code 128…), stored upper case; '' → null. */
export function barcode() {
  return shaped(
    z
      .unknown()
      .optional()
      .transform((v, ctx): string | null => {
        const raw = formatText(v, ctx, 'Le code-barres');
        if (raw === INVALID) return z.NEVER as never;
        const s = raw.trim().toUpperCase();
        if (s === '') return null;
        if (s.length < 3 || s.length > 64) return fail(ctx, 'Le code-barres doit contenir entre 3 et 64 caractères.');
        if (!/^[A-Z0-9\-.]+$/.test(s))
          return fail(
            ctx,
            'Le code-barres ne peut contenir que des chiffres, des lettres sans accent, des tirets et des points.',
          );
        return s;
      }),
    {
      type: ['string', 'null'],
      maxLength: 64,
      description: 'EAN-13, EAN-8, UPC, Code 128… (3 à 64 caractères) ; vide ou null : aucun.',
    },
  );
}

/** A phone number: optional; digits, spaces, + . - ( ) and 6 to 15 digits. */
export function phone(label = 'téléphone') {
  return shaped(
    z
      .unknown()
      .optional()
      .transform((v, ctx): string => {
        const raw = formatText(v, ctx, `Le numéro de ${label}`);
        if (raw === INVALID) return z.NEVER as never;
        const s = raw.trim().replace(/\s+/g, ' ');
        if (s === '') return '';
        const digits = s.replace(/\D/g, '');
        if (!/^\+?[0-9 ().\-/]+$/.test(s) || digits.length < 6 || digits.length > 15 || s.length > 40) {
          return fail(
            ctx,
            `Le numéro de ${label} n’est pas valide (6 à 15 chiffres ; espaces, +, -, . et parenthèses acceptés).`,
          );
        }
        return s;
      }),
    { type: 'string', maxLength: 40, description: '6 à 15 chiffres ; espaces, +, -, . et parenthèses acceptés.' },
  );
}

/** An optional e-mail address, stored lower case. */
export function optionalEmail() {
  const email = z.email();
  return shaped(
    z
      .unknown()
      .optional()
      .transform((v, ctx): string => {
        const raw = formatText(v, ctx, 'L’adresse e-mail');
        if (raw === INVALID) return z.NEVER as never;
        const s = raw.trim();
        if (s === '') return '';
        if (s.length > 190) return fail(ctx, 'L’adresse e-mail ne doit pas dépasser 190 caractères.');
        if (!email.safeParse(s).success) return fail(ctx, 'L’adresse e-mail n’est pas valide.');
        return s.toLowerCase();
      }),
    { type: 'string', format: 'email', maxLength: 190 },
  );
}

/** An optional http(s) address (an API's base URL): '' when empty, without its trailing slashes. */
export function webAddress(label: string, max = 300) {
  return shaped(
    z
      .unknown()
      .optional()
      .transform((v, ctx): string => {
        const raw = formatText(v, ctx, `Le champ ${label}`);
        if (raw === INVALID) return z.NEVER as never;
        const s = raw.trim();
        if (s === '') return '';
        if (s.length > max) return fail(ctx, `Le champ ${label} ne doit pas dépasser ${max} caractères.`);
        const url = URL.canParse(s) ? new URL(s) : null;
        if (!url || !['http:', 'https:'].includes(url.protocol) || !url.hostname || /\s/.test(s))
          return fail(
            ctx,
            `Le champ ${label} doit être une adresse web complète, commençant par https:// ou http:// (par exemple https://api.exemple.ci).`,
          );
        if (url.username || url.password)
          return fail(ctx, `Le champ ${label} ne doit pas contenir d’identifiant ni de mot de passe.`);
        return s.replace(/\/+$/, '');
      }),
    { type: 'string', format: 'uri', maxLength: max },
  );
}

/**
 * A secret typed in a write-only field (an API key, a token): kept as typed apart from the spaces
 * around it, '' when left empty (the stored one is kept); a line break or control character refused.
 */
export function secretText(label: string, max = 4000) {
  return shaped(
    z
      .unknown()
      .optional()
      .transform((v, ctx): string => {
        const raw = formatText(v, ctx, `Le champ ${label}`);
        if (raw === INVALID) return z.NEVER as never;
        const s = raw.trim();
        if (/\s/.test(s)) return fail(ctx, `Le champ ${label} ne doit pas contenir d’espace ni de retour à la ligne.`);
        if (s.length > max) return fail(ctx, `Le champ ${label} ne doit pas dépasser ${max} caractères.`);
        return s;
      }),
    { type: 'string', maxLength: max, format: 'password' },
  );
}

/** An amount typed in major units ("1 250 000", 12.5) → minor units; empty → 0 unless required. */
export function money(
  label: string,
  currency: string,
  options: { required?: boolean; limit?: 'unitPrice' | 'balance' } = {},
) {
  const limit = options.limit ?? 'unitPrice';
  const decimals = currencyDecimals(currency);
  const unit = currencyInfo(currency).label;
  return shaped(
    z
      .unknown()
      .optional()
      .transform((v, ctx): number => {
        if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) {
          if (options.required) return fail(ctx, `Le champ ${label} est obligatoire.`);
          return 0;
        }
        if (typeof v !== 'string' && typeof v !== 'number') return fail(ctx, `Le champ ${label} doit être un montant.`);
        // Text without a figure ("abc") is no amount at all: say so, not something about decimals.
        if (typeof v === 'string' && !/\d/.test(v))
          return fail(ctx, `Le champ ${label} doit être un montant en chiffres (par exemple 1 500).`);
        const minor = parseMoneyInput(v, currency);
        if (minor === null) {
          return fail(
            ctx,
            decimals === 0
              ? `Le champ ${label} doit être un montant entier positif en ${unit}, sans décimales.`
              : `Le champ ${label} doit être un montant positif avec au plus ${decimals} décimales.`,
          );
        }
        if (minor > LIMITS[limit]) return fail(ctx, limitMessage(`Le champ ${label}`, limit, currency));
        return minor;
      }),
    {
      type: ['number', 'string'],
      description: `Montant en ${unit} (${decimals === 0 ? 'sans décimales' : `au plus ${decimals} décimales`}), par exemple 1500 ou « 1 500 ».`,
    },
  );
}

/** A whole number (quantities, pack sizes, thresholds): "1 200" or 1200; empty → the default. */
export function integer(
  label: string,
  options: { min?: number; max?: number; default?: number; required?: boolean } = {},
) {
  const min = options.min ?? 0;
  const max = options.max ?? 1_000_000_000;
  return shaped(
    z
      .unknown()
      .optional()
      .transform((v, ctx): number => {
        if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) {
          if (options.required || options.default === undefined) return fail(ctx, `Le champ ${label} est obligatoire.`);
          return options.default;
        }
        return readInteger(v, ctx, label, min, max);
      }),
    {
      type: ['integer', 'string'],
      minimum: min,
      maximum: max,
      ...(options.default !== undefined ? { default: options.default } : {}),
    },
  );
}

function readInteger(v: unknown, ctx: Ctx, label: string, min: number, max: number): number {
  let n: number;
  if (typeof v === 'number') n = v;
  else if (typeof v === 'string' && /^-?\d+$/.test(v.replace(/[\s\u00a0\u202f]/g, '')))
    n = Number(v.replace(/[\s\u00a0\u202f]/g, ''));
  else return fail(ctx, `Le champ ${label} doit être un nombre entier.`);
  if (!Number.isSafeInteger(n)) return fail(ctx, `Le champ ${label} doit être un nombre entier.`);
  if (n < min) return fail(ctx, `Le champ ${label} doit être supérieur ou égal à ${min}.`);
  if (n > max) return fail(ctx, `Le champ ${label} ne doit pas dépasser ${max.toLocaleString('fr-FR')}.`);
  return n;
}

/** An integer that may be left blank: null (a location's alert threshold, which then follows the product's). */
export function optionalInteger(label: string, options: { min?: number; max?: number } = {}) {
  const min = options.min ?? 0;
  const max = options.max ?? 1_000_000_000;
  return shaped(
    z
      .unknown()
      .optional()
      .transform((v, ctx): number | null => {
        if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null;
        return readInteger(v, ctx, label, min, max);
      }),
    { type: ['integer', 'string', 'null'], minimum: min, maximum: max },
  );
}

/** One of a list of values; the message names the field. */
export function choice<T extends string>(label: string, values: readonly T[], options: { default?: T } = {}) {
  return shaped(
    z
      .unknown()
      .optional()
      .transform((v, ctx): T => {
        if ((v === undefined || v === null || v === '') && options.default !== undefined) return options.default;
        if (typeof v === 'string' && (values as readonly string[]).includes(v)) return v as T;
        return fail(ctx, `Veuillez choisir une valeur valide pour le champ ${label}.`);
      }),
    { type: 'string', enum: values, ...(options.default !== undefined ? { default: options.default } : {}) },
  );
}

/**
 * A product's tax group (shared/tax-groups.ts): its code (the form's select, the API) or its label
 * as an export writes it, whatever the case and accents; empty, null or « Par défaut… »: the
 * company's default (null).
 */
export function taxGroup() {
  return shaped(
    z
      .unknown()
      .optional()
      .transform((v, ctx): TaxGroup | null => {
        const text = readText(v, ctx, 'Le groupe de taxe');
        if (text === INVALID) return z.NEVER as never;
        const typed = (text ?? '').trim();
        if (typed === '' || normalizeHeader(typed).startsWith('par defaut')) return null;
        if (isTaxGroup(typed)) return typed;
        const byLabel = TAX_GROUP_CODES.find((g) => normalizeHeader(TAX_GROUPS[g].label) === normalizeHeader(typed));
        return byLabel ?? fail(ctx, 'Choisissez un groupe de taxe de la liste, ou « Par défaut de la société ».');
      }),
    {
      type: ['string', 'null'],
      enum: [...TAX_GROUP_CODES, null],
      description: 'Groupe de taxe du produit ; null : celui par défaut de la société.',
    },
  );
}

/** A reference to another record: a positive integer id. */
export function foreignId(label: string) {
  return shaped(
    z
      .unknown()
      .optional()
      .transform((v, ctx): number => {
        const n =
          typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v.trim()) : Number.NaN;
        if (!Number.isSafeInteger(n) || n <= 0) return fail(ctx, `Veuillez choisir ${label}.`);
        return n;
      }),
    {
      type: ['integer', 'string'],
      minimum: 1,
      description: `Identifiant (${label.replace(/^(une?|la|le|l') ?/, '')}).`,
    },
  );
}

/** A checkbox or a yes/no cell: true, 'on', '1', 'true', 'oui'… */
export function flag(defaultValue: boolean) {
  return shaped(
    z
      .unknown()
      .optional()
      .transform((v, ctx): boolean => {
        if (v === undefined || v === null || v === '') return defaultValue;
        if (typeof v === 'boolean') return v;
        if (typeof v === 'number') return v !== 0;
        if (typeof v !== 'string') return fail(ctx, 'Valeur attendue : oui ou non.');
        const s = v.trim().toLowerCase();
        if (['1', 'true', 'on', 'oui', 'o', 'yes', 'actif', 'vrai', 'x'].includes(s)) return true;
        if (['0', 'false', 'off', 'non', 'n', 'no', 'inactif', 'archivé', 'archive', 'faux'].includes(s)) return false;
        return fail(ctx, 'Valeur attendue : oui ou non.');
      }),
    { type: ['boolean', 'string'], default: defaultValue },
  );
}

/** Turns zod issues into our errors map: first French message per field path. */
export function issuesToErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_form';
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * A schema that depends on the currency (amount limits and their messages), built once per
 * currency instead of on every request: zod compiles a schema's parser on its first use, which
 * on a sale's body costs milliseconds each time the schema is new.
 */
export function perCurrency<S>(build: (currency: string) => S): (currency: string) => S {
  const built = new Map<string, S>();
  return (currency) => {
    let schema = built.get(currency);
    if (!schema) {
      schema = build(currency);
      built.set(currency, schema);
    }
    return schema;
  };
}
