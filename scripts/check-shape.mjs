#!/usr/bin/env node
// Keeps the house easy to live in (issue 7): no source file in server/ or web/ over 300 lines, no function over 80
// lines outside tests and bench. Generated files and tests are exempt. Prints every offender and exits 1.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ts from 'typescript';

const MAX_FILE_LINES = 300;
const MAX_FUNCTION_LINES = 80;
const isTest = (file) => /\.test\.tsx?|\/test\/|\/test-support\/|\/test-fixtures\//.test(file);

const tracked = execFileSync('git', ['ls-files', 'server/src', 'web/src', 'packages/shared/src', 'tools/src'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(?:ts|tsx)$/.test(file) && !file.endsWith('.d.ts') && !isTest(file));

const problems = [];
for (const file of tracked) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue; // deleted in the work tree but still in the index
  }
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (/^(?:server|web)\//.test(file) && lines > MAX_FILE_LINES) problems.push(`${file}: ${lines} lines (max ${MAX_FILE_LINES})`);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.end).line;
      const length = end - start + 1;
      if (length > MAX_FUNCTION_LINES) problems.push(`${file}:${start + 1}: a function of ${length} lines (max ${MAX_FUNCTION_LINES})`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

if (problems.length > 0) {
  console.error(`Shape check failed: split these by responsibility.\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`shape: ${tracked.length} files, none over ${MAX_FILE_LINES} lines, no function over ${MAX_FUNCTION_LINES} lines`);
