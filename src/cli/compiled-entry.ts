/**
 * The entry of the compiled executable (`bun build --compile`, dist/bin/continuity):
 * the same commands as dist/cli.cjs, from one self-contained file.
 */
async function start(argv: string[]): Promise<void> {
  if (argv[0] === 'hook') {
    const { start } = await import('./hook-main.js');
    await start(argv.slice(1));
  } else {
    const { start } = await import('./main.js');
    await start(argv);
  }
}

void start(process.argv.slice(2));
