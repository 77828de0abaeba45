/**
 * POSIX shell quoting: one word, whatever it holds (quotes, newlines, `$`,
 * backslashes, a heredoc). Single quotes keep everything literal; a single
 * quote itself is closed, escaped and reopened (`'\''`). Pure.
 */
const SAFE = /^[A-Za-z0-9_./@%+=:,-]+$/;

/** Quoted only where the word needs it (paths stay readable). */
export function shWord(word: string): string {
  return SAFE.test(word) ? word : shQuote(word);
}

/** Always single-quoted: the form unquote() reads back exactly. */
export function shQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The text of one word shQuote() made, or null when `text` is not exactly one such word. */
export function unquote(text: string): string | null {
  if (!/^'(?:[^']|'\\'')*'$/.test(text)) return null;
  return text.slice(1, -1).replace(/'\\''/g, "'");
}
