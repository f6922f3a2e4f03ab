import { describe, expect, it } from 'vitest';
import { completeConfig } from './config-completion';

const at = (before: string, after = '') => completeConfig(before + after, before.length);
const labels = (before: string, after = '') => at(before, after)?.options.map((option) => option.label) ?? [];

describe('completeConfig (keys and values from the zod schema the server uses)', () => {
  it('offers the keys of the object the cursor is in', () => {
    expect(labels('{"recordings": {"')).toContain('removeAfter');
    expect(labels('{"recordings": {"')).not.toContain('cameras');
    expect(labels('{\n  "')).toEqual(expect.arrayContaining(['recordings', 'cameras', 'mqtt', 'logLevel']));
  });

  it('inside a string: replaces the typed word and a quote the editor closed itself, and writes the closing quote', () => {
    const result = at('{"recordings": {"rem', '"}}');
    expect(result).toMatchObject({ from: 17, to: 21 });
    expect(result?.options.find((option) => option.label === 'removeAfter')?.apply).toBe('removeAfter": ');
    // Without a quote yet, the key comes quoted.
    expect(at('{"recordings": {\n')?.options.find((option) => option.label === 'timer')?.apply).toBe('"timer": ');
  });

  it('leaves out keys already written in that object', () => {
    expect(labels('{"recordings": {"active": true, "')).not.toContain('active');
    expect(labels('{"recordings": {"active": true, "')).toContain('timer');
  });

  it("offers a camera's keys inside a cameras entry, also nested", () => {
    const camera = labels('{"cameras": [{"name": "Door"}, {"');
    expect(camera).toEqual(expect.arrayContaining(['videoConfig', 'room']));
    expect(camera).not.toContain('removeAfter');
    expect(labels('{"cameras": [{"name": "Door", "videoConfig": {"')).toEqual(expect.arrayContaining(['source', 'probeSize']));
  });

  it('offers enum and boolean values', () => {
    expect(labels('{"recordings": {"type": ')).toEqual(['"Snapshot"', '"Video"']);
    expect(labels('{"logLevel": "')).toContain('debug');
    expect(at('{"logLevel": "de')?.options.find((option) => option.label === 'debug')?.apply).toBe('debug"');
    expect(labels('{"mqtt": {"active": ')).toEqual(['true', 'false']);
  });

  it('offers nothing where the schema says nothing (a plugin key) or outside a key or value', () => {
    expect(at('{"plugins": [{"')).toBeNull();
    expect(at('{"recordings": {"active" ')).toBeNull();
  });
});
