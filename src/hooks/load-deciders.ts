/** Set by scripts/build.mjs: true in the Node hook (dist/hook.cjs, hook-lazy/), false in every other build. */
declare const __CONTINUITY_HOOK_CJS__: boolean | undefined;

/**
 * The deciding code for a hook event. In the Node hook, whose lazy files are
 * each self-contained, a Stop loads deciders-stop.ts, the part of the
 * deciding code every Stop runs, and the inbox's and the wiring's code only
 * when it has requests or finds the wiring changed; everywhere else (the
 * compiled executable, the plugins, the sources) the one lazy barrel
 * deciders.ts, which keeps the bundler's chunks to one (see its header).
 * The build's constant drops the other branch, so no other build bundles
 * the Stop's files at all.
 */
export function loadDeciders(event: string): Promise<typeof import('./deciders-stop.js')> {
  if (typeof __CONTINUITY_HOOK_CJS__ === 'boolean' && __CONTINUITY_HOOK_CJS__ && event === 'Stop') return import('./deciders-stop.js');
  return import('./deciders.js');
}

export function loadInboxDeciders(event: string): Promise<typeof import('./deciders-inbox.js')> {
  if (typeof __CONTINUITY_HOOK_CJS__ === 'boolean' && __CONTINUITY_HOOK_CJS__ && event === 'Stop') return import('./deciders-inbox.js');
  return import('./deciders.js');
}

export function loadWiringDeciders(event: string): Promise<typeof import('./deciders-wiring.js')> {
  if (typeof __CONTINUITY_HOOK_CJS__ === 'boolean' && __CONTINUITY_HOOK_CJS__ && event === 'Stop') return import('./deciders-wiring.js');
  return import('./deciders.js');
}
