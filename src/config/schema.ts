import * as v from 'valibot';

/**
 * `.continuity/config.json`. Every key is optional and documented here and in
 * docs/config.md with its default; unknown keys are refused so a typo is an
 * error, not a silently ignored setting.
 */
const positiveInt = v.pipe(v.number(), v.integer(), v.minValue(1));
const nonNegativeInt = v.pipe(v.number(), v.integer(), v.minValue(0));

export const ConfigSchema = v.strictObject({
  $schema: v.optional(v.string()),
  stopGate: v.optional(
    v.strictObject({
      /** Consecutive Stop blocks at one boundary, with no progress, before the stop is let through with a report. */
      maxConsecutiveBlocks: v.optional(positiveInt, 3),
    }),
    {},
  ),
  watchdog: v.optional(
    v.strictObject({
      /** Seconds after dispatch before a subagent run without a completion is reported overdue. */
      slaSeconds: v.optional(positiveInt, 900),
      /** Seconds a finished subagent's result may take to reach the main conversation before recovery starts. */
      forwardGraceSeconds: v.optional(nonNegativeInt, 30),
      /** Seconds a recovery attempt (history fetch, respawn) may go without an outcome before it counts as failed. */
      attemptTimeoutSeconds: v.optional(positiveInt, 300),
      /** Per agent type overrides of slaSeconds, e.g. { "code-reviewer": 1800 }. */
      slaSecondsByAgentType: v.optional(v.record(v.string(), positiveInt), {}),
    }),
    {},
  ),
  /** Extra protected paths (globs relative to the project root) that the agent may not write. */
  protect: v.optional(v.array(v.pipe(v.string(), v.minLength(1))), []),
  approval: v.optional(
    v.strictObject({
      /** User prompts that approve the active plan (whole prompt, case-insensitive, trimmed). */
      phrases: v.optional(v.array(v.pipe(v.string(), v.minLength(1))), ['approve', 'approved', '/approve']),
      /**
       * The SSH key `continuity approve` and `revoke` sign with (a private key file, its `.pub` when the key is in
       * ssh-agent, or `key::ssh-ed25519 AAAA…`), as git's `user.signingkey` takes it. Unset: CONTINUITY_SIGNING_KEY,
       * else git's `user.signingkey` when `gpg.format` is `ssh`, else approvals are not signed.
       */
      signingKey: v.optional(v.pipe(v.string(), v.minLength(1))),
    }),
    {},
  ),
  summaries: v.optional(
    v.strictObject({
      /** Where a completed task's summary is looked for; {plan} is the plan file's name without extension, {task} the task id. */
      paths: v.optional(v.array(v.pipe(v.string(), v.minLength(1))), ['.superpowers/sdd/{plan}/task-{task}-summary.md', 'docs/plans/{plan}/task-{task}-summary.md']),
    }),
    {},
  ),
  sandbox: v.optional(
    v.strictObject({
      /**
       * What `continuity init` asks of the agent's OS sandbox, the wall that makes continuity's state and hook wiring
       * read-only to everything the agent runs: `required` (on, and the agent refuses to start without it),
       * `preferred` (on where it can start; hooks only elsewhere), `off` (init leaves the sandbox alone).
       */
      mode: v.optional(v.picklist(['required', 'preferred', 'off']), 'required'),
    }),
    {},
  ),
  /**
   * The team's shared ledger (docs/shared-ledger.md), set by `continuity init --shared URL`: where it is, never how to log in.
   * The credentials come from CONTINUITY_SHARED_URL, a file outside the project (~/.config/continuity/shared/<project>.url), PGPASSWORD or ~/.pgpass.
   */
  shared: v.optional(
    v.strictObject({
      /** The server's host name, or the folder of its unix socket (an absolute path). */
      host: v.pipe(v.string(), v.minLength(1)),
      port: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(65535)), 5432),
      database: v.pipe(v.string(), v.minLength(1)),
      /** Milliseconds a session start, a stop or an approval prompt waits for what other machines recorded; then it decides from this machine's ledger. */
      pullWaitMs: v.optional(nonNegativeInt, 300),
      /** Seconds the sync process stays with nothing to send before it exits (the next hook starts another). */
      idleSeconds: v.optional(positiveInt, 30),
    }),
  ),
  /** Task ids that are declared high-risk stop points ("8", or "plan-id#8" for one plan only). */
  highRiskStops: v.optional(v.array(v.pipe(v.string(), v.minLength(1))), []),
});

export type Config = v.InferOutput<typeof ConfigSchema>;

export const DEFAULT_CONFIG: Config = v.parse(ConfigSchema, {});
