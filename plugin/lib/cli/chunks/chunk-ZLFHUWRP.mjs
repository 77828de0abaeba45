import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a as s}from"./chunk-LUPPJPQY.mjs";var e=s,t=o=>Array.isArray(o)?`[${o.map(a=>JSON.stringify(a)).join(", ")}]`:JSON.stringify(o);function r(){return`// continuity's settings for this project. Every key is optional and shown
// with its default; comments and trailing commas are allowed.
// Reference: docs/config.md in the continuity package.
{
  "stopGate": {
    // Blocks in a row at one task boundary, with no progress, before the stop is let through and reported.
    "maxConsecutiveBlocks": ${t(e.stopGate.maxConsecutiveBlocks)}
  },
  "watchdog": {
    // Seconds after a subagent is dispatched before a run with no completion is reported overdue.
    "slaSeconds": ${t(e.watchdog.slaSeconds)},
    // Seconds a finished subagent's result may take to reach the main conversation before recovery starts.
    "forwardGraceSeconds": ${t(e.watchdog.forwardGraceSeconds)},
    // Seconds a recovery attempt (history fetch, respawn) may go without an outcome before it counts as failed.
    "attemptTimeoutSeconds": ${t(e.watchdog.attemptTimeoutSeconds)},
    // Per agent type overrides of slaSeconds, e.g. { "code-reviewer": 1800 }.
    "slaSecondsByAgentType": ${t(e.watchdog.slaSecondsByAgentType)}
  },
  // Extra paths (globs relative to the project root) the agent may not write; .continuity/** always is.
  "protect": ${t(e.protect)},
  "approval": {
    // User prompts that approve the active plan: the whole prompt, case-insensitive, surrounding space ignored.
    "phrases": ${t(e.approval.phrases)}
    // The SSH key continuity approve and revoke sign with; unset: CONTINUITY_SIGNING_KEY, else git's user.signingkey (gpg.format ssh).
    // "signingKey": "~/.ssh/id_ed25519"
  },
  "summaries": {
    // Where a completed task's summary is looked for; {plan} is the plan file's name without extension, {task} the task id.
    "paths": ${t(e.summaries.paths)}
  },
  // Task ids that are declared high-risk stop points: "8" for any plan, "plan-id#8" for one plan.
  "highRiskStops": ${t(e.highRiskStops)},
  "sandbox": {
    // What continuity init asks of the agent's OS sandbox (the wall that keeps .continuity/ and the hook wiring
    // read-only to everything the agent runs): "required" (the agent refuses to start without it),
    // "preferred" (used where it can start, hooks only elsewhere) or "off" (the sandbox is left as it is).
    "mode": ${t(e.sandbox.mode)}
  }
}
`}export{r as a};
