// A small getopt for the commands the analysis knows: enough to tell options
// (and the values they take) from operands.
import { lit, staticText, type Word } from './word.js';

export interface Option {
  /** `-x` or `--name`. */
  name: string;
  value: Word | null;
}

export interface ParsedArgs {
  options: Option[];
  operands: Word[];
}

export interface ArgSpec {
  /** Short option letters that take a value (`-t DIR`, `-tDIR`). */
  short?: string;
  /** Long option names (without `--`) that take a value (`--target-directory DIR` or `=DIR`). */
  long?: readonly string[];
  /** Options end at the first operand (`find`, `sudo`, wrappers). */
  stopAtOperand?: boolean;
}

export function parseArgs(args: readonly Word[], spec: ArgSpec = {}): ParsedArgs {
  const options: Option[] = [];
  const operands: Word[] = [];
  const short = spec.short ?? '';
  const long = new Set(spec.long ?? []);
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    const text = staticText(word);
    if (text === '--') {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (text === null || !text.startsWith('-') || text === '-') {
      operands.push(word);
      if (spec.stopAtOperand) {
        operands.push(...args.slice(i + 1));
        break;
      }
      continue;
    }
    if (text.startsWith('--')) {
      const eq = text.indexOf('=');
      const name = eq === -1 ? text.slice(2) : text.slice(2, eq);
      if (eq !== -1) options.push({ name: `--${name}`, value: [lit(text.slice(eq + 1))] });
      else if (long.has(name)) options.push({ name: `--${name}`, value: args[++i] ?? null });
      else options.push({ name: `--${name}`, value: null });
      continue;
    }
    for (let j = 1; j < text.length; j++) {
      const c = text[j]!;
      if (short.includes(c)) {
        const rest = text.slice(j + 1);
        options.push({ name: `-${c}`, value: rest ? [lit(rest)] : (args[++i] ?? null) });
        break;
      }
      options.push({ name: `-${c}`, value: null });
    }
  }
  return { options, operands };
}

export function hasOption(parsed: ParsedArgs, ...names: string[]): boolean {
  return parsed.options.some((o) => names.includes(o.name));
}

/** Values of every occurrence of these options. */
export function optionValues(parsed: ParsedArgs, ...names: string[]): Word[] {
  return parsed.options.filter((o) => names.includes(o.name) && o.value).map((o) => o.value!);
}
