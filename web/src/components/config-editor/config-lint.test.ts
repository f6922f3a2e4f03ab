import { describe, expect, it } from 'vitest';
import { lintConfigText, mergeIssues, placeIssues, serverIssuePath, type ConfigIssue } from './config-lint';

const MESSAGES = { syntax: 'not JSON', notObject: 'not an object', duplicateKey: (key: string) => `twice: ${key}` };
const describeMessage = (message: string) => `t:${message}`;
const lint = (text: string) => lintConfigText(text, MESSAGES, describeMessage);
const lineOf = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

describe('lintConfigText', () => {
  it('a valid config has no issue', () => {
    expect(lint('{"cameras": [{"name": "Door", "videoConfig": {"source": "rtsp://door/live"}}]}')).toEqual([]);
  });

  it('a JSON syntax error is one issue at the parser position', () => {
    const text = '{\n  "logLevel": "info",\n  }';
    const [issue, ...rest] = lint(text);
    expect(rest).toEqual([]);
    expect(issue).toMatchObject({ source: 'syntax', message: 'not JSON' });
    expect(lineOf(text, issue?.from ?? 0)).toBe(3);
  });

  it('a schema error of a camera (checked by the camera schema) is placed at the value, message translated', () => {
    const text = '{\n  "cameras": [\n    {\n      "name": "Door",\n      "videoConfig": { "source": "rtsp://d", "probeSize": 5 }\n    }\n  ]\n}';
    const issues = lint(text);
    expect(issues).toEqual([expect.objectContaining({ path: 'cameras.0.videoConfig.probeSize', message: 't:PROBE_SIZE_INVALID', source: 'schema' })]);
    expect(text.slice(issues[0]?.from, issues[0]?.to)).toBe('5');
    expect(lineOf(text, issues[0]?.from ?? 0)).toBe(5);
  });

  it('a key repeated in one object is marked at its later occurrence, with its path (issue 17)', () => {
    const text = '{\n  "logLevel": "info",\n  "cameras": [\n    { "name": "Door", "videoConfig": { "source": "rtsp://d" }, "name": "Gate" }\n  ],\n  "logLevel": "debug"\n}';
    const issues = lint(text);
    expect(issues.map((issue) => [issue.path, issue.message, issue.source, text.slice(issue.from, issue.to), lineOf(text, issue.from)])).toEqual([
      ['cameras.0.name', 'twice: name', 'syntax', '"name"', 4],
      ['logLevel', 'twice: logLevel', 'syntax', '"logLevel"', 6],
    ]);
    expect(lint('{"a": {"b": 1}, "c": {"b": 2}}')).toEqual([]);
  });

  it('a document that is not an object is one issue', () => {
    expect(lint('[1]')).toEqual([expect.objectContaining({ message: 'not an object' })]);
  });
});

describe('server issues', () => {
  it('use the segments when sent, else split the dotted path', () => {
    expect(serverIssuePath({ path: 'a.b', segments: ['a.b'] })).toEqual(['a.b']);
    expect(serverIssuePath({ path: 'cameras.0.name' })).toEqual(['cameras', '0', 'name']);
  });

  it('are placed like the schema ones', () => {
    const text = '{\n  "options": {\n    "videoProcessor": "/bin/sh"\n  }\n}';
    const [issue] = placeIssues(text, [{ path: ['options', 'videoProcessor'], message: 'CONFIG_FILE_ONLY' }], 'server', describeMessage);
    expect(issue).toMatchObject({ source: 'server', message: 't:CONFIG_FILE_ONLY', path: 'options.videoProcessor' });
    expect(text.slice(issue?.from, issue?.to)).toBe('"/bin/sh"');
  });
});

describe('mergeIssues', () => {
  const issue = (over: Partial<ConfigIssue>): ConfigIssue => ({ from: 10, to: 11, path: 'cameras.0.videoConfig.probeSize', message: 'too small', source: 'schema', ...over });

  it('lists a problem the browser and the server both found once, as the server refused it (issue 17)', () => {
    const schema = issue({});
    const server = issue({ source: 'server' });
    const other = issue({ path: 'logLevel', message: 'bad level' });
    expect(mergeIssues([schema, other], [server])).toEqual([other, server]);
    expect(mergeIssues([schema], [])).toEqual([schema]);
    expect(mergeIssues([schema], [issue({ source: 'server', message: 'only in config.json' })])).toHaveLength(2);
  });
});
