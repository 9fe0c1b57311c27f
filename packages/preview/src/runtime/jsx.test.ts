import { createElement, Fragment } from 'react';
import { describe, expect, it } from 'vitest';
import { commitHandlers, kilnJsx, markPureComponent, newElementCache, withElementReuse } from './jsx.ts';

/** Two renders of the same component (one cache): the element each made at the one position. */
function twice(make: (round: number) => unknown): [unknown, unknown] {
  const cache = newElementCache();
  const first = withElementReuse(cache, () => make(0));
  const second = withElementReuse(cache, () => make(1));
  return [first, second];
}

describe('element reuse', () => {
  it('gives back the same element for the same DOM markup at the same position', () => {
    const [a, b] = twice(() => kilnJsx('p', { className: 'note' }, 'Hello ', 3));
    expect(b).toBe(a);
    const [c, d] = twice(() =>
      kilnJsx('ul', null, kilnJsx('li', { key: 'a' }, 'one'), kilnJsx('li', { key: 'b' }, 'two')),
    );
    expect(d).toBe(c);
  });

  it('makes a new element when a prop, a child or the type changed', () => {
    expect(new Set(twice((r) => kilnJsx('p', { className: r ? 'b' : 'a' }, 'x'))).size).toBe(2);
    expect(new Set(twice((r) => kilnJsx('p', null, `count ${r}`))).size).toBe(2);
    expect(new Set(twice((r) => kilnJsx(r ? 'span' : 'p', null, 'x'))).size).toBe(2);
    expect(new Set(twice((r) => kilnJsx('p', r ? { id: 'x' } : null, 'x'))).size).toBe(2);
    expect(new Set(twice((r) => kilnJsx('p', r ? { a: 1, b: undefined } : { a: 1 }, 'x'))).size).toBe(2);
    // A handler where there was none, or a function in a prop that is not a DOM event handler.
    expect(new Set(twice((r) => kilnJsx('button', r ? { onClick: () => {} } : {}, 'x'))).size).toBe(2);
    expect(new Set(twice(() => kilnJsx('div', { ref: () => {} }, 'x'))).size).toBe(2);
  });

  it('a DOM element whose handlers alone changed is reused, and calls the newest handler once committed', () => {
    const cache = newElementCache();
    const calls: string[] = [];
    const render = (label: string) =>
      withElementReuse(cache, () => kilnJsx('button', { onClick: () => calls.push(label) }, 'Add')) as {
        props: { onClick(): void };
      };
    const first = render('first');
    commitHandlers(cache.pending);
    first.props.onClick();
    const second = render('second');
    expect(second).toBe(first);
    // Until its render commits, the element in the DOM keeps calling what it was rendered with.
    second.props.onClick();
    commitHandlers(cache.pending);
    second.props.onClick();
    expect(calls).toEqual(['first', 'first', 'second']);
    // Another instance (its own cache) has its own trampolines.
    const other = newElementCache();
    const elsewhere = withElementReuse(other, () =>
      kilnJsx('button', { onClick: () => calls.push('other') }, 'Add'),
    ) as { props: { onClick(): void } };
    elsewhere.props.onClick();
    second.props.onClick();
    expect(calls.slice(-2)).toEqual(['other', 'second']);
  });

  it('a parent is reused only when its children are the very elements of last time', () => {
    const cache = newElementCache();
    const render = (label: string) =>
      withElementReuse(cache, () =>
        kilnJsx('div', { className: 'card' }, kilnJsx('h2', null, 'Title'), kilnJsx('p', null, label)),
      ) as { props: { children: unknown[] } };
    const one = render('a');
    const two = render('b');
    expect(two).not.toBe(one);
    expect(two.props.children[0]).toBe(one.props.children[0]);
    expect(two.props.children[1]).not.toBe(one.props.children[1]);
    expect(render('b')).toBe(two);
  });

  it('never reuses what could render differently from equal props', () => {
    // A project component may read anything while it renders: always a new element.
    const Card = () => null;
    expect(new Set(twice(() => kilnJsx(Card, { title: 'x' }))).size).toBe(2);
    // An image's source depends on the project's files at the time.
    expect(new Set(twice(() => kilnJsx('img', { src: '/a.png', alt: 'a' }))).size).toBe(2);
    // A Date child is mutable (shown as text).
    const when = new Date(2026, 0, 2);
    expect(new Set(twice(() => kilnJsx('p', null, when))).size).toBe(2);
    // A list mutated in place and passed again.
    const items: unknown[] = ['a'];
    const [a, b] = twice((r) => {
      if (r) items.push('b');
      return kilnJsx('ul', null, items);
    });
    expect(b).not.toBe(a);
    expect((b as { props: { children: unknown[] } }).props.children).toEqual(['a', 'b']);
  });

  it('reuses fragments and components marked pure (icons)', () => {
    const Icon = (props: { className?: string }) => createElement('svg', props);
    markPureComponent(Icon);
    const [a, b] = twice(() => kilnJsx(Icon, { className: 'h-4 w-4' }));
    expect(b).toBe(a);
    const [c, d] = twice(() => kilnJsx(Fragment, null, 'x', kilnJsx('b', null, 'y')));
    expect(d).toBe(c);
  });

  it('outside a wrapped render, and for unknown tags, elements are made as before', () => {
    expect(kilnJsx('p', null, 'x')).not.toBe(kilnJsx('p', null, 'x'));
    const [a, b] = twice(() => kilnJsx('madeup', { key: 'k' }, 'x'));
    expect(b).not.toBe(a);
    expect((a as { type: unknown }).type).toBe(Fragment);
  });

  it('positions are counted per render, so a render that makes fewer elements does not confuse the next', () => {
    const cache = newElementCache();
    const render = (n: number) =>
      withElementReuse(cache, () =>
        Array.from({ length: n }, (_, i) => kilnJsx('li', { key: i }, `item ${i}`)),
      );
    const three = render(3);
    const one = render(1);
    expect(one[0]).toBe(three[0]);
    const again = render(3);
    expect(again[0]).toBe(three[0]);
    expect(again[2]).toBe(three[2]);
  });
});
