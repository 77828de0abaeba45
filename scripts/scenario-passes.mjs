// The passes of `npm run test:real-client` (scripts/test-real-client.mjs):
// each pass's tests also go, a JSON line each, to a file of their own
// (scripts/test-durations.mjs), so that the end of the output names every
// failed test, whatever scrolled past before it.
//
// A scenario drives a real client, with its own timers and processes, on a
// shared machine: a pass's failed tests are run once more on their own. A
// test that then passes is still named at the end, with its first error; one
// that fails again fails the run, and so does a file that failed outside any
// test (nothing to name, so nothing to run again).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** node --test's arguments for one pass: spec on the terminal, a line per test into `results`; `only`: those tests by exact name. */
export function scenarioArgs(concurrency, list, results, only = []) {
  const patterns = only.map((name) => `--test-name-pattern=^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  return ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, ...patterns, '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=./scripts/test-durations.mjs', `--test-reporter-destination=${results}`, ...list];
}

/** The tests a results file holds: name, file, ok, and a failure's first line of its error. */
function testsIn(results) {
  if (!existsSync(results)) return [];
  return readFileSync(results, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
}

function describe(title, t) {
  return `  ${title}: ${t.name}${t.name === t.file ? '' : ` (${t.file.split(/[\\/]/).pop()})`}\n      ${t.error}`;
}

/**
 * `step(title, cmd, args, env)` runs one command and says whether it exited 0;
 * `scratch` is a folder for the results files. `run(title, concurrency, files, env)`
 * is one pass (true when it passed, its failed tests run again included); `summary()`
 * the lines that end the output.
 */
export function scenarioPasses({ step, scratch }) {
  let resultFiles = 0;
  const failedOnce = [];
  const failedTwice = [];

  function run(title, concurrency, list, env = {}) {
    const results = join(scratch, `${resultFiles++}.jsonl`);
    if (step(title, process.execPath, scenarioArgs(concurrency, list, results), env)) return true;
    const failed = testsIn(results).filter((t) => !t.ok);
    if (!failed.length || failed.some((t) => t.name === t.file)) {
      failedTwice.push(...(failed.length ? failed : [{ name: 'no test result', file: 'no test result', error: 'the pass failed before any test reported' }]).map((t) => describe(title, t)));
      return false;
    }
    const again = join(scratch, `${resultFiles++}.jsonl`);
    const files = [...new Set(failed.map((t) => t.file))];
    const ok = step(`${title}: the ${failed.length} failed test${failed.length === 1 ? '' : 's'} run again`, process.execPath, scenarioArgs(1, files, again, failed.map((t) => t.name)), env);
    const passedAgain = new Set(testsIn(again).filter((t) => t.ok).map((t) => `${t.file}\0${t.name}`));
    for (const t of failed) (passedAgain.has(`${t.file}\0${t.name}`) ? failedOnce : failedTwice).push(describe(title, t));
    return ok && failed.every((t) => passedAgain.has(`${t.file}\0${t.name}`));
  }

  function summary() {
    return [
      ...(failedOnce.length ? [`\nFailed once, then passed when run again on their own:\n${failedOnce.join('\n')}\n`] : []),
      ...(failedTwice.length ? [`\nFailed:\n${failedTwice.join('\n')}\n`] : []),
    ].join('');
  }

  return { run, summary };
}
