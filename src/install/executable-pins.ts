/**
 * What an installed package compiles its executable with (dist/executable.json,
 * written by scripts/build.mjs from package-lock.json): the pinned Bun, each
 * platform package's sha512, the compile flags. Pure: the file's text in, the
 * facts or a one-line error out.
 */
import * as v from 'valibot';

export const EXECUTABLE_FACTS_PATH = 'dist/executable.json';

const Facts = v.object({
  version: v.string(),
  bunVersion: v.pipe(v.string(), v.regex(/^\d+\.\d+\.\d+/)),
  compileFlags: v.array(v.string()),
  sha512: v.record(v.string(), v.pipe(v.string(), v.regex(/^[0-9a-f]{128}$/))),
});
export type ExecutableFacts = v.InferOutput<typeof Facts>;

export function parseExecutableFacts(text: string): ExecutableFacts | { error: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { error: `${EXECUTABLE_FACTS_PATH} is not JSON: ${(err as Error).message}` };
  }
  const r = v.safeParse(Facts, json);
  if (r.success) return r.output;
  const issue = r.issues[0];
  return { error: `${EXECUTABLE_FACTS_PATH}: ${v.getDotPath(issue) ?? '(root)'}: ${issue.message}` };
}

/**
 * Bun's npm platform package for a machine (`linux-x64-musl`, `darwin-aarch64`, …),
 * as the plugin's build names them, or why there is none.
 */
export function bunPlatform(m: { platform: string; arch: string; musl: boolean }): { name: string } | { error: string } {
  const os = ({ linux: 'linux', darwin: 'darwin', freebsd: 'freebsd' } as Record<string, string>)[m.platform];
  if (!os) return { error: `Bun is not published for ${m.platform} in a form continuity compiles with` };
  const arch = ({ x64: 'x64', arm64: 'aarch64' } as Record<string, string>)[m.arch];
  if (!arch) return { error: `Bun is not published for ${os} on ${m.arch}` };
  return { name: `${os}-${arch}${os === 'linux' && m.musl ? '-musl' : ''}` };
}
