// `npm run test:real-client`: the real-client scenarios (test/real-client/*.scenario.ts),
// once per Claude Code version the suite checks: the pinned one and the newest
// (scripts/install-claude-code.mjs: CLAUDE_CODE_VERSION, and the registry's
// latest asked when the suite starts, CLAUDE_CODE_NEWEST when it cannot say).
// Each pass names its version to the scenarios in CONTINUITY_REAL_CLIENT_CLAUDE.
//   node scripts/test-real-client.mjs                      every scenario, both versions
//   node scripts/test-real-client.mjs --pinned|--newest    one version
//   node scripts/test-real-client.mjs test/real-client/plugin.scenario.ts   some files
// pi's (pi*) and GitHub Copilot CLI's (copilot*) run on the pinned version and, when the registry names a newer one, on that too.
// OpenCode's (opencode*) run once per OpenCode version, pinned and newest.
// The scenarios of the other agents (codex*, gemini*, openclaw*) and the packed
// package's install (packed-install) run once, after them: they do not start Claude Code. OpenClaw's come last, on their own: each
// starts an OpenClaw gateway (Node 24, scripts/install-openclaw.mjs).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLAUDE_CODE_VERSION, claudeCodeNewest } from './install-claude-code.mjs';
import { COPILOT_VERSION, OPENCODE_VERSION, PI_VERSION, openCodeNewest } from './install-agent-clients.mjs';
import { newestVersion } from './newest-version.mjs';
import { scenarioPasses } from './scenario-passes.mjs';

const args = process.argv.slice(2);
const files = args.filter((a) => !a.startsWith('--'));
const only = args.includes('--pinned') ? 'pinned' : args.includes('--newest') ? 'newest' : null;

const scenarioRuns = scenarioPasses({ step, scratch: mkdtempSync(join(tmpdir(), 'continuity-real-client-results-')) });
const runScenarios = scenarioRuns.run;

function step(title, cmd, cmdArgs, env = {}) {
  process.stdout.write(`\n▶ ${title}\n`);
  const r = spawnSync(cmd, cmdArgs, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

// Asked once; the installers and the scenarios this starts read the answer from CONTINUITY_CLAUDE_CODE_NEWEST.
const newest = claudeCodeNewest();
process.stdout.write(`Claude Code: pinned ${CLAUDE_CODE_VERSION}; newest ${newest.version} (${newest.why})\n`);
// pi's scenarios run on the pinned pi, and again on the registry's newest when `npm view` answers with another.
const piNewest = newestVersion({ pkg: '@mariozechner/pi-coding-agent', fallback: PI_VERSION, envVar: 'CONTINUITY_PI_NEWEST' });
process.stdout.write(`pi: pinned ${PI_VERSION}; newest ${piNewest.version} (${piNewest.why})\n`);

const setup = [
  ['sandbox tools', ['scripts/install-sandbox-tools.mjs']],
  ['Claude Code, both versions', ['scripts/install-claude-code.mjs']],
  ['Codex CLI, Gemini CLI, pi, GitHub Copilot CLI and OpenCode', ['scripts/install-agent-clients.mjs']],
  ['OpenClaw and its Node 24', ['scripts/install-openclaw.mjs']],
  ["the pinned Bun package (the plugin's executable)", ['scripts/fetch-bun-package.mjs']],
  ['build', ['scripts/build.mjs']],
];
for (const [title, a] of setup) {
  if (!step(title, process.execPath, a)) {
    process.stdout.write(`✗ ${title} failed\n`);
    process.exit(1);
  }
}

const all = files.length ? files : readdirSync(join('test', 'real-client')).filter((f) => f.endsWith('.scenario.ts')).sort().map((f) => join('test', 'real-client', f));
const OTHER_AGENT = /(?:^|[\\/])(?:codex|gemini|packed-install)[^\\/]*\.scenario\.ts$/;
const PI = /(?:^|[\\/])pi[^\\/]*\.scenario\.ts$/;
const COPILOT = /(?:^|[\\/])copilot[^\\/]*\.scenario\.ts$/;
const OPENCLAW = /(?:^|[\\/])openclaw[^\\/]*\.scenario\.ts$/;
const OPENCODE = /(?:^|[\\/])opencode[^\\/]*\.scenario\.ts$/;
const scenarios = all.filter((f) => !OTHER_AGENT.test(f) && !OPENCLAW.test(f) && !PI.test(f) && !COPILOT.test(f) && !OPENCODE.test(f));
const pi = all.filter((f) => PI.test(f));
const copilot = all.filter((f) => COPILOT.test(f));
const opencode = all.filter((f) => OPENCODE.test(f));
const others = all.filter((f) => OTHER_AGENT.test(f));
const openclaw = all.filter((f) => OPENCLAW.test(f));
const versions = [['pinned', CLAUDE_CODE_VERSION], ['newest', newest.version]].filter(([which]) => !only || which === only);
const failed = [];
if (scenarios.length) {
  for (const [which, version] of versions) {
    const ok = runScenarios(`scenarios on Claude Code ${version} (${which})`, 4, scenarios, { CONTINUITY_REAL_CLIENT_CLAUDE: which });
    if (!ok) failed.push(`Claude Code ${version}`);
  }
}
if (others.length && !only) {
  if (!runScenarios('scenarios on Codex CLI and Gemini CLI, and the packed package', 3, others)) failed.push('Codex CLI or Gemini CLI');
}
if (pi.length && !only) {
  const piVersions = [['pinned', PI_VERSION], ...(piNewest.source !== 'fallback' && piNewest.version !== PI_VERSION ? [['newest', piNewest.version]] : [])];
  for (const [which, version] of piVersions) {
    if (!runScenarios(`scenarios on pi ${version} (${which})`, 2, pi, { CONTINUITY_REAL_CLIENT_PI: which })) failed.push(`pi ${version}`);
  }
}
if (copilot.length && !only) {
  // GitHub Copilot CLI: the pinned version, and the registry's newest when it is another.
  const newestCopilot = newestVersion({ pkg: '@github/copilot', fallback: COPILOT_VERSION, envVar: 'CONTINUITY_COPILOT_NEWEST' });
  process.stdout.write(`\nGitHub Copilot CLI: pinned ${COPILOT_VERSION}; newest ${newestCopilot.version} (${newestCopilot.why})\n`);
  const copilotVersions = newestCopilot.version === COPILOT_VERSION ? [COPILOT_VERSION] : [COPILOT_VERSION, newestCopilot.version];
  if (copilotVersions.length === 1) process.stdout.write(`  the newest is the pinned one: one pass\n`);
  for (const version of copilotVersions) {
    if (!runScenarios(`scenarios on GitHub Copilot CLI ${version}`, 2, copilot, { CONTINUITY_COPILOT_VERSION: version })) failed.push(`GitHub Copilot CLI ${version}`);
  }
}
// OpenCode's scenarios: once on the pinned version and once on the registry's newest (asked here; the same version runs once).
if (opencode.length && !only) {
  const newestOpenCode = openCodeNewest();
  process.stdout.write(`OpenCode: pinned ${OPENCODE_VERSION}; newest ${newestOpenCode.version} (${newestOpenCode.why})\n`);
  const passes = newestOpenCode.version === OPENCODE_VERSION ? [['pinned', OPENCODE_VERSION]] : [['pinned', OPENCODE_VERSION], ['newest', newestOpenCode.version]];
  for (const [which, version] of passes) {
    if (!runScenarios(`scenarios on OpenCode ${version} (${which}${passes.length === 1 ? ', also the newest' : ''})`, 2, opencode, { CONTINUITY_REAL_CLIENT_OPENCODE: which })) failed.push(`OpenCode ${version}`);
  }
}
if (openclaw.length && !only) {
  if (!runScenarios('scenarios on OpenClaw', 2, openclaw)) failed.push('OpenClaw');
}
process.stdout.write(scenarioRuns.summary());
process.stdout.write(failed.length ? `\n✗ real-client scenarios failed on ${failed.join(' and ')}\n` : `\n✓ real-client scenarios passed\n`);
process.exit(failed.length ? 1 : 0);
