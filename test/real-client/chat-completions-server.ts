// The scripted chat-completions server lives with the demo, which runs the
// same thing for a person (`continuity demo --hand-over` with pi, Copilot CLI
// or OpenCode); the scenarios import it from here.
export * from '../../src/demo/real-client/chat-completions-server.js';
