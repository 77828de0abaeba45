import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './run-claude.js';

/** The pinned Claude Code version, read from the installer so there is one place to change it. */
export const CLAUDE_CODE_VERSION: string = (() => {
  const source = readFileSync(join(REPO_ROOT, 'scripts', 'install-claude-code.mjs'), 'utf8');
  const m = /export const CLAUDE_CODE_VERSION = '([^']+)'/.exec(source);
  if (!m) throw new Error('scripts/install-claude-code.mjs does not declare CLAUDE_CODE_VERSION');
  return m[1]!;
})();
