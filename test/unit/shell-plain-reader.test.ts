import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyzeParsed } from '../../src/shell/analyze.js';
import { loadShellParser, PLAIN_PARSER, type ShellParser } from '../../src/shell/parser.js';
import { readPlainCommand } from '../../src/shell/plain-reader.js';
import { analyzeOptions, loadCorpus } from '../fixtures/shell/corpus.js';

// The plain reader must give exactly mvdan-sh's tree for every command it
// reads. Both trees are reduced to the fields the walker reads, with operators
// spelled, and compared.
type Tree = unknown;

function shape(parser: ShellParser, node: any): Tree {
  if (node == null) return null;
  if (Array.isArray(node)) return node.map((n) => shape(parser, n));
  const t = parser.nodeType(node);
  switch (t) {
    case 'File':
      return { t, Stmts: shape(parser, node.Stmts) };
    case 'Stmt':
      return { t, Cmd: shape(parser, node.Cmd), Redirs: shape(parser, node.Redirs), Background: Boolean(node.Background), span: parser.span(node) };
    case 'CallExpr':
      return { t, Assigns: shape(parser, node.Assigns), Args: shape(parser, node.Args) };
    case 'BinaryCmd':
      return { t, Op: parser.binaryOp(node.Op), X: shape(parser, node.X), Y: shape(parser, node.Y) };
    case 'Redirect':
      return { t, Op: parser.redirOp(node.Op), N: node.N ? String(node.N.Value) : null, Word: shape(parser, node.Word), Hdoc: node.Hdoc ? 'hdoc' : null };
    case 'Word':
      return { t, Parts: shape(parser, parser.splitBraces(node).Parts) };
    case 'Lit':
      return { t, Value: String(node.Value) };
    case 'SglQuoted':
      return { t, Value: String(node.Value), Dollar: Boolean(node.Dollar) };
    case 'DblQuoted':
      return { t, Parts: shape(parser, node.Parts), Dollar: Boolean(node.Dollar) };
    default:
      return { t, other: true };
  }
}

async function mvdanShape(command: string): Promise<Tree | 'error'> {
  const parser = await loadShellParser();
  try {
    return shape(parser, parser.parse(command));
  } catch {
    return 'error';
  }
}

// Plain commands of the kinds agents type, and the corners of the grammar the reader takes.
const HAND_PICKED = [
  "echo '{}' | tee .continuity/config.json",
  'cat .continuity/state.json',
  'cat .tdd-progress.md | head -n 20',
  'grep -n "Task 3" docs/plans/approved-plan.md && echo found || echo missing',
  'ls -la .continuity 2>/dev/null; echo done',
  'echo a > f b',
  'echo "" x""y',
  "echo 'a'\"b\"c",
  'a2>f',
  '2&>f',
  'cmd 2>&1 >>log <in 3<>rw >|clobber &>all &>>more 4>&- <&0',
  'a | b | c',
  'a && b || c | d',
  'a |& b',
  'a & b',
  'a &',
  'a;',
  '>f',
  'a &&\n  b |\n  c',
  '\n\na\n\nb\n',
  'echo if then fi',
  '[ -f x ] && echo yes',
  'sed -n 1,20p docs/plans/approved-plan.md',
  'dd if=a of=.continuity/ledger.db',
  'find . -name *.md -newer .tdd-progress.md',
  'echo "multi\nline" > out',
  'echo ~/x ~ a~b',
  'echo *.md ?x [ab]c',
];

// Rejected: the reader must leave these to mvdan-sh.
const NOT_PLAIN = [
  'echo $HOME', 'echo "$x"', 'echo `date`', 'echo a\\ b', 'echo # note', 'echo {a,b}', '(cd x)', 'f() { x; }', '! a',
  'cat <<EOF\nx\nEOF', 'cat <<< x', 'A=1 cmd', 'X+=1', 'a[0]=1', 'export X=1', 'local y', 'if a; then b; fi', 'for i in a; do b; done',
  'time a', '[ -n x ] || [[ y ]]', "a'b'2>f", 'a;;', ';a', 'a && ', 'a |', '> ', 'echo "unterminated', "echo 'unterminated", 'a & ;',
];

test('the plain reader gives mvdan-sh\'s tree for the commands it reads', async () => {
  for (const command of HAND_PICKED) {
    const plain = readPlainCommand(command);
    assert.ok(plain, `plain: ${JSON.stringify(command)}`);
    assert.deepEqual(shape(PLAIN_PARSER, plain), await mvdanShape(command), JSON.stringify(command));
  }
});

test('the plain reader leaves expansions, compound syntax, assignments and syntax errors to mvdan-sh', () => {
  for (const command of NOT_PLAIN) assert.equal(readPlainCommand(command), null, JSON.stringify(command));
});

test('on the whole corpus, every command the plain reader reads has mvdan-sh\'s tree', async () => {
  let read = 0;
  for (const entry of [...loadCorpus('write-forms'), ...loadCorpus('benign')]) {
    const plain = readPlainCommand(entry.command);
    if (!plain) continue;
    read++;
    assert.deepEqual(shape(PLAIN_PARSER, plain), await mvdanShape(entry.command), `line ${entry.line}: ${entry.command}`);
  }
  assert.ok(read >= 80, `${read} corpus commands are plain`);
});

// A seeded generator of plain-looking commands, corners included: operators
// against words, digits against redirections, quotes inside words, newlines.
function* generated(count: number, seed: number): Generator<string> {
  let s = seed;
  const rand = (n: number) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 16) % n;
  };
  const atoms = ['echo', 'cat', 'tee', 'rm', 'cp', 'mv', 'sed', '-i', '-n', 'a', 'b2', '2', '10', '.continuity/x', '.tdd-progress.md', 'docs/plans/approved-plan.md', '~/f', '*.md', '-', '--', 'x=y', 'if', "'q s'", '"d q"', "''", '""', 'a"b"c', "a'b'", '[ab]c', 'a[p]b', 'x]', '[', ']', '=', 'a=b', '@', '%', ',', ':x', '&', '&&', '||', '|', '|&', ';', '\n', '>', '>>', '<', '2>', '2>&1', '>&', '&>', '&>>', '>|', '<>', '<&', '3>&-', ' '];
  for (let i = 0; i < count; i++) {
    const n = 1 + rand(9);
    let text = '';
    for (let j = 0; j < n; j++) text += atoms[rand(atoms.length)]! + (rand(3) ? ' ' : '');
    yield text;
  }
}

test('on generated commands, the plain reader agrees with mvdan-sh on what parses and on the tree', async () => {
  let read = 0;
  for (const command of generated(3000, 7)) {
    const plain = readPlainCommand(command);
    const full = await mvdanShape(command);
    if (!plain) continue;
    read++;
    assert.notEqual(full, 'error', `the plain reader read what mvdan-sh rejects: ${JSON.stringify(command)}`);
    assert.deepEqual(shape(PLAIN_PARSER, plain), full, JSON.stringify(command));
  }
  assert.ok(read >= 500, `${read} generated commands were plain`);
});

test('the analysis of a plain command is the same through either reader', async () => {
  for (const entry of [...loadCorpus('write-forms'), ...loadCorpus('benign')]) {
    const viaPlain = await analyzeParsed(entry.command, analyzeOptions);
    const viaMvdan = await analyzeParsed(entry.command, analyzeOptions, { plain: false });
    assert.deepEqual(viaPlain, viaMvdan, `line ${entry.line}: ${entry.command}`);
  }
});

test('nested code that is not plain sends the whole command to mvdan-sh', async () => {
  const r = await analyzeParsed("bash -c 'echo $X > .tdd-progress.md'", analyzeOptions);
  assert.equal(r.verdict, 'deny');
  assert.match(r.writes[0]!.via, /^bash -c: redirect >/);
});
