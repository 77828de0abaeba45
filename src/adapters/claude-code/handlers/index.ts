import type { KnownEvent } from '../payload.js';
import type { Handler } from '../types.js';

/**
 * One handler per hook event, loaded on demand. Events without a handler are
 * recorded and answered with nothing. Each capability registers its handler here.
 */
export const HANDLERS: Partial<Record<KnownEvent, () => Promise<Handler<never>>>> = {
  Stop: async () => (await import('./stop.js')).handleStop as Handler<never>,
  UserPromptSubmit: async () => (await import('./user-prompt.js')).handleUserPrompt as Handler<never>,
  SessionStart: async () => (await import('./session-start.js')).handleSessionStart as Handler<never>,
};
