// ssh-keygen signing in continuity's namespace: an approval or revocation
// signed there is believed by every machine that shares the plan, so a
// command of the agent's may not make one, whatever writes it does or not.
// Reported as a "write" of the project root under SIGNING_VIA, which the
// Bash guard turns into its own refusal (src/hooks/rules/guard-bash.ts).
import { optionValues, parseArgs } from './args.js';
import type { Handler, HandlerTable } from './handlers.js';
import { lit, staticText } from './word.js';

/** The `via` of a signature in continuity's namespace. */
export const SIGNING_VIA = 'ssh-keygen -Y sign -n continuity…';

/** ssh-keygen's options that take a value (its getopt string, OpenSSH 9). */
const VALUE_OPTIONS = 'CDEFIMNOPRVYZabfgmnrstwz';

const sshKeygen: Handler = (inv) => {
  const p = parseArgs(inv.args, { short: VALUE_OPTIONS });
  // A word whose text is not known may hold the mode or the namespace (`ssh-keygen $ARGS`).
  const hidden = p.operands.some((w) => staticText(w) === null);
  const modes = optionValues(p, '-Y').map(staticText);
  const namespaces = optionValues(p, '-n').map(staticText);
  const signs = modes.some((m) => m === null || m === 'sign') || (hidden && modes.length === 0);
  const ours = namespaces.some((n) => n === null || n.toLowerCase().startsWith('continuity')) || (hidden && namespaces.length === 0);
  if (signs && ours) inv.report(inv.model.root, SIGNING_VIA);
  // A key made (`-t`) is written to -f FILE and FILE.pub.
  if (optionValues(p, '-t').length) for (const f of optionValues(p, '-f')) for (const w of [f, [...f, lit('.pub')]]) inv.write(w, 'ssh-keygen -f');
};

export const signingHandlers: HandlerTable = { 'ssh-keygen': sshKeygen };
