/**
 * The entry of the compiled executable (`bun build --compile`, dist/bin/continuity):
 * the same commands as dist/cli.cjs, from one self-contained file.
 */
async function start(argv: string[]): Promise<void> {
  if (argv[0] === 'hook') {
    const { start } = await import('./hook-main.js');
    await start(argv.slice(1));
  } else {
    // The executable starts with the JIT held back for hooks (scripts/build.mjs); the other commands may run for long.
    (globalThis as { Bun?: { unsafe?: { setJITPolicy?: (policy: number) => void } } }).Bun?.unsafe?.setJITPolicy?.(1);
    const { start } = await import('./main.js');
    await start(argv);
  }
}

void start(process.argv.slice(2));
