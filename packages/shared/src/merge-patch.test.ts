import { describe, expect, it } from 'vitest';
import { jsonDepth, mergePatch } from './merge-patch.js';

describe('mergePatch (RFC 7396)', () => {
  // Appendix A of RFC 7396, row by row: original, patch, result.
  const appendixA: [unknown, unknown, unknown][] = [
    [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
    [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
    [{ a: 'b' }, { a: null }, {}],
    [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
    [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
    [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
    [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
    [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
    [['a', 'b'], ['c', 'd'], ['c', 'd']],
    [{ a: 'b' }, ['c'], ['c']],
    [{ a: 'foo' }, null, null],
    [{ a: 'foo' }, 'bar', 'bar'],
    [{ e: null }, { a: 1 }, { e: null, a: 1 }],
    [[1, 2], { a: 'b', c: null }, { a: 'b' }],
    [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
  ];
  it.each(appendixA)('%j patched with %j is %j', (original, patch, result) => {
    expect(mergePatch(original, patch)).toEqual(result);
  });

  it('the example of RFC 7396 section 3', () => {
    const target = { title: 'Goodbye!', author: { givenName: 'John', familyName: 'Doe' }, tags: ['example', 'sample'], content: 'This will be unchanged' };
    const patch = { title: 'Hello!', phoneNumber: '+01-123-456-7890', author: { familyName: null }, tags: ['example'] };
    expect(mergePatch(target, patch)).toEqual({
      title: 'Hello!',
      author: { givenName: 'John' },
      tags: ['example'],
      content: 'This will be unchanged',
      phoneNumber: '+01-123-456-7890',
    });
  });

  it('changes neither the target nor the patch', () => {
    const target = { a: { b: 1 }, c: [1] };
    const patch = { a: { d: 2 }, c: null };
    mergePatch(target, patch);
    expect(target).toEqual({ a: { b: 1 }, c: [1] });
    expect(patch).toEqual({ a: { d: 2 }, c: null });
  });

  it('keeps a "__proto__" key as data instead of changing the prototype', () => {
    const merged = mergePatch({}, JSON.parse('{"__proto__": {"polluted": true}}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect((merged as { polluted?: boolean }).polluted).toBeUndefined();
    expect(JSON.stringify(merged)).toBe('{"__proto__":{"polluted":true}}');
  });
});

describe('jsonDepth', () => {
  it('counts nested objects and arrays', () => {
    expect(jsonDepth(1).depth).toBe(0);
    expect(jsonDepth({}).depth).toBe(1);
    expect(jsonDepth({ a: [1] }).depth).toBe(2);
    expect(jsonDepth({ a: 1, b: { c: { d: null } } }).depth).toBe(3);
  });

  it('names the path of the first container past the limit', () => {
    expect(jsonDepth({ a: 1, b: { c: [{ d: 1 }] } }, 3)).toEqual({ depth: 4, path: ['b', 'c', 0] });
    expect(jsonDepth({ a: { b: 1 } }, 2)).toEqual({ depth: 2, path: null });
  });

  it('measures 100,000 levels without overflowing the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(jsonDepth(deep).depth).toBe(100_000);
    expect(jsonDepth(deep, 32).path).toHaveLength(32);
  });
});
