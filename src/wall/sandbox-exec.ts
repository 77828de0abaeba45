/** Where macOS keeps sandbox-exec, the program of its Seatbelt sandbox (a system file, never looked for on PATH). */
export const SANDBOX_EXEC = '/usr/bin/sandbox-exec';
