// The newest version of a client on the npm registry, asked when the
// real-client suite runs (`npm view PKG version`, with a short timeout), so
// that "the newest" is the one out today; offline, or when the registry does
// not answer in time, the version named in the installer (the newest known
// when it was last bumped). The answer is put into an environment variable,
// so the processes the suite starts (installers, scenarios) agree on it
// without asking again; setting that variable picks a version by hand.
import { spawnSync } from 'node:child_process';

const VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

/**
 * { version, source: 'registry' | 'fallback' | 'environment', why }.
 * `envVar` carries the answer to child processes.
 */
export function newestVersion({ pkg, fallback, envVar, timeoutMs = 6000 }) {
  const given = process.env[envVar];
  if (given && VERSION.test(given)) return { version: given, source: 'environment', why: `${envVar}=${given}` };
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, ['view', pkg, 'version', '--fetch-retries=0'], { encoding: 'utf8', timeout: timeoutMs, stdio: ['ignore', 'pipe', 'pipe'] });
  const answer = (r.stdout ?? '').trim();
  let result;
  if (r.status === 0 && VERSION.test(answer)) {
    result = { version: answer, source: 'registry', why: `\`npm view ${pkg} version\` answered ${answer}` };
  } else {
    const reason = r.error?.code === 'ETIMEDOUT' ? `no answer within ${timeoutMs / 1000} s`
      : r.error ? r.error.message
      : r.status === 0 ? `an answer that is no version: ${answer.slice(0, 60) || 'nothing'}`
      : (r.stderr ?? '').trim().split('\n').find((l) => l.trim()) ?? `exit ${r.status ?? r.signal}`;
    result = { version: fallback, source: 'fallback', why: `\`npm view ${pkg} version\` failed (${reason}): the installer's ${fallback}` };
  }
  process.env[envVar] = result.version;
  return result;
}
