import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './inline-scripts.js';

const hashOf = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('the CSP hashes of a page’s inline scripts', () => {
  it('hash exactly the text of each inline script the browser runs, nothing else', () => {
    const early = '(function(){var e=`ü`;window.x=e})();';
    const html = [
      '<!doctype html><html><head><meta charset="UTF-8" />',
      '<script type="application/json" id="chunks">{"camera":["assets/a.js"]}</script>',
      `<script>${early}</script>`,
      '<script type="module" crossorigin src="/assets/index-1.js"></script>',
      '<SCRIPT TYPE="text/javascript">\n  first();\n</SCRIPT >',
      '<script async src="/assets/early.js"></script><script>   </script>',
      '</head><body></body></html>',
    ].join('\n');
    expect(inlineScriptHashes(html)).toEqual([hashOf(early), hashOf('\n  first();\n')]);
  });

  it('a page without inline scripts, or with an unclosed one, has none', () => {
    expect(inlineScriptHashes('<!doctype html><html><body><script src="/a.js"></script></body></html>')).toEqual([]);
    expect(inlineScriptHashes('<html><script>never closed')).toEqual([]);
    expect(inlineScriptHashes('<html><script')).toEqual([]);
  });
});
