import { describe, expect, it, vi } from 'vitest';
import { always, defer, merge, optional, resolveProps } from '../../../server/inertia/props.js';
import { serializePage } from '../../../server/inertia/page.js';

const partial = (only: string[] = [], except: string[] = [], reset: string[] = []) => ({ only, except, reset });

describe('resolveProps', () => {
  it('resolves regular values and functions on a full visit, in declaration order', async () => {
    const r = await resolveProps({ b: 1, a: () => 'x', c: async () => [1, 2] }, null);
    expect(r.props).toEqual({ b: 1, a: 'x', c: [1, 2] });
    expect(Object.keys(r.props)).toEqual(['b', 'a', 'c']);
  });

  it('never calls an optional resolver on a full visit', async () => {
    const lazy = vi.fn(() => 'v');
    const r = await resolveProps({ lazy: optional(lazy), x: 1 }, null);
    expect(r.props).toEqual({ x: 1 });
    expect(lazy).not.toHaveBeenCalled();
  });

  it('announces deferred props by group without resolving them', async () => {
    const d1 = vi.fn(() => 1);
    const r = await resolveProps({ a: defer(d1), b: defer(() => 2, 'charts'), c: defer(() => 3, 'charts') }, null);
    expect(r.props).toEqual({});
    expect(r.deferredProps).toEqual({ default: ['a'], charts: ['b', 'c'] });
    expect(d1).not.toHaveBeenCalled();
  });

  it('keeps only the asked props on a partial reload, with always props', async () => {
    const regular = vi.fn(() => 'r');
    const r = await resolveProps(
      { regular, lazy: optional(() => 'l'), stamp: always('s'), later: defer(() => 'd') },
      partial(['lazy', 'later']),
    );
    expect(r.props).toEqual({ lazy: 'l', stamp: 's', later: 'd' });
    expect(regular).not.toHaveBeenCalled();
    expect(r.deferredProps).toBeUndefined();
  });

  it('lets except win over only, but never removes always props', async () => {
    const r = await resolveProps({ a: 1, b: 2, c: always(3) }, partial(['a', 'b'], ['b', 'c']));
    expect(r.props).toEqual({ a: 1, c: 3 });
  });

  it('with only except, sends everything else including optional props', async () => {
    const r = await resolveProps({ a: 1, b: 2, lazy: optional(() => 'l') }, partial([], ['a']));
    expect(r.props).toEqual({ b: 2, lazy: 'l' });
  });

  it('marks merge props, unless the client resets them', async () => {
    const r = await resolveProps(
      {
        items: merge([1]),
        feed: merge([2], { strategy: 'prepend' }),
        tree: merge({ a: 1 }, { strategy: 'deepMerge', matchOn: ['id'] }),
      },
      null,
    );
    expect(r.mergeProps).toEqual(['items']);
    expect(r.prependProps).toEqual(['feed']);
    expect(r.deepMergeProps).toEqual(['tree']);
    expect(r.matchPropsOn).toEqual(['tree.id']);
    const reset = await resolveProps({ items: merge([1]) }, partial(['items'], [], ['items']));
    expect(reset.mergeProps).toBeUndefined();
    expect(reset.props.items).toEqual([1]);
  });
});

describe('serializePage', () => {
  it('escapes every slash and angle bracket and round-trips exactly', () => {
    const page = { component: 'X', props: { errors: {}, s: '</script><!-- &amp; \u2028' }, url: '/a/b', version: '1' };
    const json = serializePage(page);
    expect(json).not.toMatch(/[<]|\/(?<!\\\/)/);
    expect(json).not.toContain('</');
    expect(JSON.parse(json)).toEqual(page);
  });
});
