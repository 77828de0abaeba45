import { appendFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { buildExecutable } from '../../install/build-executable.js';
import { packageRoot, runningFromPlugin } from '../../install/this-install.js';
import { CliError, ExitCode } from '../../util/errors.js';

const USAGE = `usage: continuity build-executable [--log FILE]

Compiles continuity's executable for this machine into the installed
package's dist/bin/continuity, with the Bun pinned in dist/executable.json
(fetched by npm pack, or from CONTINUITY_BUN_PACKAGE_DIR, and used only when
its sha512 is the pinned one). The hooks that \`continuity init\` wired through
dist/launcher/continuity run it from then on instead of Node. Nothing to do
when it is built. With --log, the account goes to FILE (written only by the
build that runs). Exit 0 when it is built (or another build is under way),
1 when it could not be built (the reason is kept in dist/bin/build-failed).`;

export async function run(argv: string[]): Promise<number> {
  let log: string | undefined;
  try {
    const { values } = parseArgs({ args: argv, options: { log: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, strict: true });
    if (values.help) {
      process.stdout.write(`${USAGE}\n`);
      return ExitCode.ok;
    }
    log = values.log;
  } catch (err) {
    throw new CliError(`build-executable: ${(err as Error).message}`, ExitCode.invalidInput);
  }
  if (runningFromPlugin()) throw new CliError("build-executable: the Claude Code plugin builds its own executable at a session start (its lib/build-executable.sh)", ExitCode.invalidInput);
  const root = packageRoot();
  if (!root) throw new CliError('build-executable: this continuity is not an installed package (no dist/cli.cjs as its entry)', ExitCode.invalidInput);
  let started = false;
  const say = (line: string) => {
    if (!log) return void process.stdout.write(`${line}\n`);
    if (started) appendFileSync(log, `${line}\n`);
    else writeFileSync(log, `${line}\n`);
    started = true;
  };
  const r = buildExecutable(root, say);
  switch (r.state) {
    case 'present':
      say(`${r.path} is built`);
      return ExitCode.ok;
    case 'built':
      return ExitCode.ok;
    case 'busy':
      if (!log) process.stdout.write(`another build (process ${r.pid}) is under way\n`);
      return ExitCode.ok;
    case 'failed':
      say(`the executable was not built: ${r.reason}`);
      if (log) return ExitCode.failure;
      throw new CliError(`build-executable: ${r.reason}`, ExitCode.failure);
  }
}
