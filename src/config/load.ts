import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ParseError } from 'jsonc-parser';
import * as v from 'valibot';
import { CliError, ExitCode, ioError } from '../util/errors.js';
import { describeIssue } from '../util/validation.js';
import { CONFIG_FILE, LEDGER_DIR } from '../ledger/ledger-dir.js';
import { ConfigSchema, DEFAULT_CONFIG, type Config } from './schema.js';

export const CONFIG_PATH = join(LEDGER_DIR, CONFIG_FILE);

/**
 * Loads and validates the project's config. A missing file means defaults;
 * comments and trailing commas are allowed (the file is meant to be read and
 * edited by people); anything invalid is a one-line error naming the key.
 */
export async function loadConfig(root: string): Promise<Config> {
  const path = join(root, CONFIG_PATH);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return DEFAULT_CONFIG;
    throw ioError(path, err);
  }
  return parseConfig(text, path);
}

/**
 * The config with the text it was read from (null: no config.json). `known`,
 * the hot state's copy of the last text read and what it parsed to
 * (src/ledger/hot-state.ts), is taken when the text is the same: a hook call
 * then loads neither the JSONC parser nor the schema's validation (most of a
 * Stop's time under Node, which compiles each file anew at every call).
 */
export async function readConfig(root: string, known?: { text: string; value: unknown }): Promise<{ config: Config; text: string | null }> {
  const path = join(root, CONFIG_PATH);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { config: DEFAULT_CONFIG, text: null };
    throw ioError(path, err);
  }
  if (known && known.text === text && known.value && typeof known.value === 'object') return { config: known.value as Config, text };
  return { config: await parseConfig(text, path), text };
}

export async function parseConfig(text: string, path = CONFIG_PATH): Promise<Config> {
  const raw = await parseJsonWithComments(text, path);
  if (raw === undefined) return DEFAULT_CONFIG; // an empty or comment-only file
  const result = v.safeParse(ConfigSchema, raw);
  if (!result.success) throw new CliError(`invalid ${path}: ${describeIssue(result.issues)}`, ExitCode.config);
  return result.output;
}

// Plain JSON is parsed natively; the JSONC parser is loaded only for a file
// with comments or trailing commas, keeping it off most hook calls.
async function parseJsonWithComments(text: string, path: string): Promise<unknown> {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // fall through to the tolerant parser, which also gives a line and column
  }
  const { parse, printParseErrorCode } = await import('jsonc-parser');
  const errors: ParseError[] = [];
  const raw: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length) {
    const first = errors[0]!;
    const { line, column } = lineColumn(text, first.offset);
    throw new CliError(`invalid ${path}: ${printParseErrorCode(first.error)} at line ${line}, column ${column}`, ExitCode.config);
  }
  return raw;
}

function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}
