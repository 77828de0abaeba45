// `continuity init --agent openclaw` through the real CLI: the gateway's
// config (found as OpenClaw finds it) gets the plugin's entries, doctor
// reports the wiring, and `--uninstall` in the last project gives the config
// back byte for byte.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { parse } from 'jsonc-parser';
import { NO_STACK, REPO_ROOT, runCli, tempProject, type CliResult } from '../helpers/cli.js';

/** An OpenClaw home of its own (HOME, OPENCLAW_STATE_DIR) and a continuity state home, for each test. */
function openclawHome(config: string | null): { env: NodeJS.ProcessEnv; configPath: string; stateDir: string } {
  const home = mkdtempSync(join(tmpdir(), 'continuity-openclaw-home-'));
  after(() => rmSync(home, { recursive: true, force: true }));
  const stateDir = join(home, '.openclaw');
  mkdirSync(stateDir, { recursive: true });
  const configPath = join(stateDir, 'openclaw.json');
  if (config !== null) writeFileSync(configPath, config);
  const env = { HOME: home, OPENCLAW_STATE_DIR: stateDir, CONTINUITY_STATE_HOME: join(home, 'continuity-state'), OPENCLAW_CONFIG_PATH: '', OPENCLAW_HOME: '' };
  return { env, configPath, stateDir };
}

/** What `openclaw plugins install <clone>/openclaw` leaves: the plugin copied into the state folder and enabled in the config. */
function pluginsInstalled(stateDir: string): void {
  const dir = join(stateDir, 'extensions', 'continuity');
  mkdirSync(dir, { recursive: true });
  cpSync(join(REPO_ROOT, 'openclaw', 'openclaw.plugin.json'), join(dir, 'openclaw.plugin.json'));
  cpSync(join(REPO_ROOT, 'openclaw', 'package.json'), join(dir, 'package.json'));
}

const AFTER_INSTALL = `{
  // the operator's notes
  "plugins": {
    "entries": {
      "continuity": {
        "enabled": true
      }
    }
  },
  "gateway": { "mode": "local" }
}
`;

function ok(r: CliResult): CliResult {
  assert.equal(r.code, 0, r.stdout + r.stderr);
  return r;
}

test('init --agent openclaw writes allowConversationAccess into the gateway config, doctor passes, and uninstall gives the config back byte for byte', () => {
  const { env, configPath, stateDir } = openclawHome(AFTER_INSTALL);
  pluginsInstalled(stateDir);
  const project = tempProject();
  const r = ok(runCli(['init', '--agent', 'openclaw', '--no-gitignore'], { cwd: project, env }));
  assert.match(r.stdout, /^changed .*openclaw\.json \(OpenClaw's config: plugins\.entries\.continuity\.hooks\.allowConversationAccess set to true/m);
  assert.match(r.stdout, /^created \.continuity\/config\.json/m);
  assert.match(r.stdout, /continuity is installed for OpenClaw in /);
  const config = readFileSync(configPath, 'utf8');
  assert.equal((parse(config) as any).plugins.entries.continuity.hooks.allowConversationAccess, true);
  assert.match(config, /\/\/ the operator's notes/);
  // Again: nothing changes.
  assert.match(ok(runCli(['init', '--agent', 'openclaw', '--no-gitignore'], { cwd: project, env })).stdout, /continuity is already installed for OpenClaw/);
  assert.equal(readFileSync(configPath, 'utf8'), config);

  const doctor = runCli(['doctor', '--json'], { cwd: project, env });
  const checks = JSON.parse(doctor.stdout).checks as { name: string; ok: boolean; detail: string }[];
  const openclaw = checks.find((c) => c.name === 'openclaw');
  assert.ok(openclaw?.ok, doctor.stdout);
  assert.match(openclaw!.detail, /copied into .*extensions\/continuity and enabled/);
  // Set up for OpenClaw only: Claude Code's hooks and wall are not asked for.
  assert.equal(checks.find((c) => c.name === 'hooks claude-code'), undefined, doctor.stdout);
  assert.equal(checks.find((c) => c.name === 'wall'), undefined, doctor.stdout);
  assert.equal(doctor.code, 0, doctor.stdout);

  const u = ok(runCli(['init', '--agent', 'openclaw', '--uninstall'], { cwd: project, env }));
  assert.match(u.stdout, /continuity's entries taken out; the rest is as it was/);
  assert.equal(readFileSync(configPath, 'utf8'), AFTER_INSTALL);
});

test('doctor fails on a gateway whose config lacks the entry, or where the plugin is not installed, each with its fix', () => {
  const { env, configPath, stateDir } = openclawHome(AFTER_INSTALL);
  const project = tempProject();
  ok(runCli(['init', '--agent', 'openclaw', '--no-gitignore'], { cwd: project, env }));
  let openclaw = (JSON.parse(runCli(['doctor', '--json'], { cwd: project, env }).stdout).checks as any[]).find((c) => c.name === 'openclaw');
  assert.equal(openclaw.ok, false);
  assert.match(openclaw.fix, /openclaw plugins install .*openclaw/);
  pluginsInstalled(stateDir);
  writeFileSync(configPath, AFTER_INSTALL);
  openclaw = (JSON.parse(runCli(['doctor', '--json'], { cwd: project, env }).stdout).checks as any[]).find((c) => c.name === 'openclaw');
  assert.equal(openclaw.ok, false);
  assert.match(openclaw.detail, /allowConversationAccess is not true/);
  assert.match(openclaw.fix, /continuity init --agent openclaw/);
});

test('two projects on one gateway: the entries stay until the last one is uninstalled', () => {
  const { env, configPath, stateDir } = openclawHome(AFTER_INSTALL);
  pluginsInstalled(stateDir);
  const a = tempProject();
  const b = tempProject();
  ok(runCli(['init', '--agent', 'openclaw', '--no-gitignore'], { cwd: a, env }));
  ok(runCli(['init', '--agent', 'openclaw', '--no-gitignore'], { cwd: b, env }));
  const wired = readFileSync(configPath, 'utf8');
  assert.match(ok(runCli(['init', '--agent', 'openclaw', '--uninstall'], { cwd: a, env })).stdout, /continuity's entries stay: another project/);
  assert.equal(readFileSync(configPath, 'utf8'), wired);
  ok(runCli(['init', '--agent', 'openclaw', '--uninstall'], { cwd: b, env }));
  assert.equal(readFileSync(configPath, 'utf8'), AFTER_INSTALL);
});

test('no config yet: init creates one with the entry; uninstall removes it', () => {
  const { env, configPath } = openclawHome(null);
  const project = tempProject();
  const r = ok(runCli(['init', '--agent', 'openclaw', '--no-gitignore'], { cwd: project, env }));
  assert.match(r.stdout, /^note .*the plugin is not installed in OpenClaw: run `openclaw plugins install .*openclaw`/m);
  assert.ok(existsSync(configPath));
  ok(runCli(['init', '--agent', 'openclaw', '--uninstall'], { cwd: project, env }));
  assert.ok(!existsSync(configPath));
});

test('a JSON5 config init cannot edit: exit 4, one line naming the command that sets the entry, the file untouched', () => {
  const json5 = "{ plugins: { entries: {} }, gateway: { mode: 'local' } }\n";
  const { env, configPath } = openclawHome(json5);
  const project = tempProject();
  const r = runCli(['init', '--agent', 'openclaw', '--no-gitignore'], { cwd: project, env });
  assert.equal(r.code, 4, r.stdout + r.stderr);
  assert.match(r.stderr, /openclaw config set plugins\.entries\.continuity\.hooks\.allowConversationAccess true/);
  assert.doesNotMatch(r.stderr, NO_STACK);
  assert.equal(readFileSync(configPath, 'utf8'), json5);
});

test('an unknown agent names openclaw among the known ones', () => {
  const r = runCli(['init', '--agent', 'nope'], { cwd: tempProject() });
  assert.equal(r.code, 2);
  assert.match(r.stderr, /unknown agent "nope" \(known: claude-code, codex, gemini, cursor, pi, copilot, opencode, openclaw\)/);
});

test("status names OpenClaw's layer on a Guard line of its own once init set the project up for it, beside Codex's; not after the uninstall", () => {
  const { env, stateDir } = openclawHome(AFTER_INSTALL);
  pluginsInstalled(stateDir);
  const project = tempProject();
  ok(runCli(['init', '--agent', 'openclaw,codex', '--no-gitignore'], { cwd: project, env }));
  const guard = () => (JSON.parse(ok(runCli(['status', '--json'], { cwd: project, env })).stdout).guard as { agent: string; summary: string }[]);
  const both = guard();
  assert.deepEqual(both.map((g) => g.agent).sort(), ['codex', 'openclaw']);
  assert.match(both.find((g) => g.agent === 'openclaw')!.summary, /own wall|hooks only|refus/);
  ok(runCli(['init', '--agent', 'openclaw', '--uninstall'], { cwd: project, env }));
  assert.deepEqual(guard().map((g) => g.agent), ['codex']);
});
