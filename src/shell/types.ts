/** One way the analysed command could write a protected path. */
export interface ProtectedWrite {
  /** The protected path (absolute), or for a dynamic word the protected path it could expand to. */
  path: string;
  /** The construct that writes: `redirect >`, `tee`, `sed -i`, `python3 -c`, `bash -c: rm`, … */
  via: string;
}

export interface WriteAnalysis {
  verdict: 'allow' | 'deny';
  /** The protected writes found (empty when allowed). */
  writes: ProtectedWrite[];
  reason: string;
}

export interface AnalyzeOptions {
  /** Directory the command starts in. */
  cwd: string;
  /** Wall-clock budget of the analysis in ms (default ANALYSIS_BUDGET_MS): past it the command is denied. */
  budgetMs?: number;
  projectRoot: string;
  /** The ground truth: is this absolute, normalised path protected? */
  isProtected: (absPath: string) => boolean;
  /**
   * Literal names and path fragments of what is protected, relative to the
   * project root (`.tdd-progress.md`, `.continuity`, `.superpowers/sdd/*\/progress.md`,
   * `progress.md`). Used by the cheap pre-check, and to decide what a glob,
   * variable, directory operand (`rm -rf docs`) or other dynamic word could
   * reach. Give every protected pattern (protectedNamesFor does): what the
   * names do not describe, only literal paths asked of isProtected can catch.
   */
  protectedNames: readonly string[];
  /** `~` and `$HOME`; defaults to the HOME environment variable. */
  home?: string;
}
