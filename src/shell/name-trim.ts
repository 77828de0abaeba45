// The trims guarded names and patterns go through at every Bash call, written
// as loops: each regular expression's first use compiles it, which the hook
// pays at every start. Each is the expression beside it.

/** `s.replace(/^(\.\/)+/, '')` */
export function withoutLeadingDotSlashes(s: string): string {
  let i = 0;
  while (s.startsWith('./', i)) i += 2;
  return i === 0 ? s : s.slice(i);
}

/** `s.replace(/(\/\*\*)+$/, '')` */
export function withoutTrailingStars(s: string): string {
  let end = s.length;
  while (end >= 3 && s.endsWith('/**', end)) end -= 3;
  return end === s.length ? s : s.slice(0, end);
}

/** `s.replace(/\/+$/, '')` */
export function withoutTrailingSlashes(s: string): string {
  let end = s.length;
  while (end > 0 && s.charCodeAt(end - 1) === 47) end--;
  return end === s.length ? s : s.slice(0, end);
}
