/** The event source name every Claude Code hook record carries. */
export const SOURCE = 'hook:claude-code';
