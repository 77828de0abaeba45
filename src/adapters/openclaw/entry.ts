/**
 * The OpenClaw plugin's entry (built into openclaw/lib/index.js): the object
 * OpenClaw's plugin loader takes as a plugin definition (what the SDK's
 * definePluginEntry returns), with no import of OpenClaw itself.
 */
import { registerContinuity, type OpenClawApi } from './plugin.js';

export default {
  id: 'continuity',
  name: 'continuity',
  description: "Keeps the agent faithful to an approved plan: a ledger outside the model's context, read fresh by every hook.",
  register(api: OpenClawApi): void {
    registerContinuity(api);
  },
};
