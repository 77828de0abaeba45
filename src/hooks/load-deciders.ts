import { importedOnce } from '../util/imported-once.js';

/** The deciding code of every event (the barrel), and a Stop's own parts: each imported once per process (src/util/imported-once.ts). */
export const allDeciders = importedOnce(() => import('./deciders.js'));
const stopDeciders = importedOnce(() => import('./deciders-stop.js'));
const stopInboxDeciders = importedOnce(() => import('./deciders-inbox.js'));
const stopWiringDeciders = importedOnce(() => import('./deciders-wiring.js'));

/**
 * The deciding code for a hook event. A Stop loads deciders-stop.ts, the
 * part of the deciding code every Stop runs, and the inbox's and the
 * wiring's code only when it has requests or finds the wiring changed; the
 * other events the barrel deciders.ts. Every build does so: the Node hook's
 * lazy files are each self-contained (Node 20 parses each again at every
 * call), and in the compiled executable a Stop that evaluates only its own
 * part costs less CPU than one that evaluates every event's (measured by
 * `npm run bench`; the chunks the bundler splits out for the two do not
 * show in the calls that load neither).
 */
export function loadDeciders(event: string): Promise<typeof import('./deciders-stop.js')> {
  if (event === 'Stop') return stopDeciders();
  return allDeciders();
}

export function loadInboxDeciders(event: string): Promise<typeof import('./deciders-inbox.js')> {
  if (event === 'Stop') return stopInboxDeciders();
  return allDeciders();
}

export function loadWiringDeciders(event: string): Promise<typeof import('./deciders-wiring.js')> {
  if (event === 'Stop') return stopWiringDeciders();
  return allDeciders();
}
