/**
 * Prop kinds of the Inertia protocol. A plain value or function is a regular prop; the wrappers
 * below change when a prop is sent. A function is only called when its prop is actually sent.
 */
const KIND = Symbol.for('sdstock.inertia.prop');

export type Resolver<T> = () => T | Promise<T>;

interface Marked<K extends string> {
  readonly [KIND]: K;
}
export interface AlwaysProp<T> extends Marked<'always'> {
  value: T | Resolver<T>;
}
export interface OptionalProp<T> extends Marked<'optional'> {
  resolve: Resolver<T>;
}
export interface DeferredProp<T> extends Marked<'deferred'> {
  resolve: Resolver<T>;
  group: string;
}
export type MergeStrategy = 'merge' | 'prepend' | 'deepMerge';
export interface MergeProp<T> extends Marked<'merge'> {
  value: T | Resolver<T>;
  strategy: MergeStrategy;
  matchOn?: string[];
}

export type PropInput<T> = T | Resolver<T> | AlwaysProp<T> | OptionalProp<T> | DeferredProp<T> | MergeProp<T>;
export type PropsInput<P> = { [K in keyof P]: PropInput<P[K]> };

/** Sent on every response, even a partial reload that did not ask for it. */
export const always = <T>(value: T | Resolver<T>): AlwaysProp<T> => ({ [KIND]: 'always', value });
/** Never sent on a full visit; resolved only when a partial reload asks for it. */
export const optional = <T>(resolve: Resolver<T>): OptionalProp<T> => ({ [KIND]: 'optional', resolve });
/** Left out of the first answer, announced in `deferredProps`, fetched by the client right after. */
export const defer = <T>(resolve: Resolver<T>, group = 'default'): DeferredProp<T> => ({
  [KIND]: 'deferred',
  resolve,
  group,
});
/** Merged by the client with what it already holds (infinite lists). */
export const merge = <T>(
  value: T | Resolver<T>,
  options: { strategy?: MergeStrategy; matchOn?: string[] } = {},
): MergeProp<T> => ({
  [KIND]: 'merge',
  value,
  strategy: options.strategy ?? 'merge',
  matchOn: options.matchOn,
});

type AnyMarked = AlwaysProp<unknown> | OptionalProp<unknown> | DeferredProp<unknown> | MergeProp<unknown>;

function kindOf(value: unknown): AnyMarked[typeof KIND] | 'regular' {
  if (value !== null && typeof value === 'object' && KIND in value) return (value as AnyMarked)[KIND];
  return 'regular';
}

async function evaluate(value: unknown): Promise<unknown> {
  return typeof value === 'function' ? await (value as Resolver<unknown>)() : value;
}

export interface PartialRequest {
  only: string[];
  except: string[];
  /** Keys the client asks to replace instead of merging (X-Inertia-Reset). */
  reset: string[];
}

export interface ResolvedProps {
  props: Record<string, unknown>;
  deferredProps?: Record<string, string[]>;
  mergeProps?: string[];
  prependProps?: string[];
  deepMergeProps?: string[];
  matchPropsOn?: string[];
}

/**
 * Decides which props a response carries and resolves only those.
 * Full visit: regular, always and merge props; optional ones are skipped, deferred ones announced.
 * Partial reload: `only` keeps the listed keys, `except` removes keys (and wins over `only`);
 * always props are sent in every case.
 */
export async function resolveProps(
  input: Record<string, unknown>,
  partial: PartialRequest | null,
): Promise<ResolvedProps> {
  const selected: string[] = [];
  const deferred: Record<string, string[]> = {};

  for (const [key, value] of Object.entries(input)) {
    const kind = kindOf(value);
    if (kind === 'always') {
      selected.push(key);
      continue;
    }
    if (!partial) {
      if (kind === 'optional') continue;
      if (kind === 'deferred') {
        const group = (value as DeferredProp<unknown>).group;
        (deferred[group] ??= []).push(key);
        continue;
      }
      selected.push(key);
      continue;
    }
    if (partial.only.length > 0 && !partial.only.includes(key)) continue;
    if (partial.except.includes(key)) continue;
    selected.push(key);
  }

  const props: Record<string, unknown> = {};
  const mergeLists: Record<MergeStrategy, string[]> = { merge: [], prepend: [], deepMerge: [] };
  const matchOn: string[] = [];
  await Promise.all(
    selected.map(async (key) => {
      const value = input[key];
      const kind = kindOf(value);
      if (kind === 'always') props[key] = await evaluate((value as AlwaysProp<unknown>).value);
      else if (kind === 'optional' || kind === 'deferred')
        props[key] = await (value as OptionalProp<unknown>).resolve();
      else if (kind === 'merge') {
        const m = value as MergeProp<unknown>;
        props[key] = await evaluate(m.value);
        if (!partial?.reset.includes(key)) {
          mergeLists[m.strategy].push(key);
          for (const field of m.matchOn ?? []) matchOn.push(`${key}.${field}`);
        }
      } else props[key] = await evaluate(value);
    }),
  );

  // Keep the order in which the page declared its props (Promise.all fills them in any order).
  const ordered: Record<string, unknown> = {};
  for (const key of selected) ordered[key] = props[key];

  const result: ResolvedProps = { props: ordered };
  if (!partial && Object.keys(deferred).length > 0) result.deferredProps = deferred;
  if (mergeLists.merge.length) result.mergeProps = mergeLists.merge.sort();
  if (mergeLists.prepend.length) result.prependProps = mergeLists.prepend.sort();
  if (mergeLists.deepMerge.length) result.deepMergeProps = mergeLists.deepMerge.sort();
  if (matchOn.length) result.matchPropsOn = matchOn.sort();
  return result;
}
