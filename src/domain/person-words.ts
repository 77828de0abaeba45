/**
 * Words for the person, said once. A hook's `systemMessage` (the loop limit
 * reached, a subagent run blocked after the recovery ladder, a prompt not
 * taken as the person's, continuity's wall or ledger absent) is meant for the
 * person, not the model. Where the client shows hook results to the model
 * only, the adapter sends them on the session's own channel; each is sent at
 * most once, also across restarts of the client, by its key (the session and
 * the words).
 *
 * Pure: the words said now and the keys already sent in, what to send out.
 */
import { createHash } from 'node:crypto';

export interface PersonWords {
  key: string;
  session: string;
  text: string;
}

/** The key of words said in a session: the same words in the same session are one message. */
export function wordsKey(session: string, text: string): string {
  return createHash('sha256').update(session).update('\0').update(text).digest('hex').slice(0, 24);
}

/** The words of a hook answer meant for the person (its `systemMessage`), one per `continuity:` report. */
export function personWordsOf(session: string, systemMessage: unknown): PersonWords[] {
  if (typeof systemMessage !== 'string' || systemMessage.trim() === '') return [];
  // Merged answers join several reports into one message; each is told (and remembered) on its own.
  const parts = systemMessage.split(/\n+(?=continuity: )/).map((t) => t.trim()).filter(Boolean);
  return parts.map((text) => ({ key: wordsKey(session, text), session, text }));
}

/** Which of the words said now are still to be sent: not sent before, and each once. */
export function wordsToSend(said: readonly PersonWords[], sent: ReadonlySet<string>): PersonWords[] {
  const seen = new Set(sent);
  const out: PersonWords[] = [];
  for (const w of said) {
    if (seen.has(w.key)) continue;
    seen.add(w.key);
    out.push(w);
  }
  return out;
}
