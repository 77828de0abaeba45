// A node:test reporter beside the spec one (scripts/test.mjs): one JSON line
// per top-level test (its file, name and wall time) into the file
// --test-reporter-destination names, so that a pass's slowest files and
// tests can be listed after it, and a failed test named with the first line
// of its error (scripts/test-real-client.mjs lists them at its end). Written
// by hand: node:test's built-in reporters give durations and failures only
// inside their human-readable output.
export default async function* durations(source) {
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { name, nesting, file, details } = event.data;
    if (nesting !== 0) continue;
    const ok = event.type === 'test:pass';
    yield `${JSON.stringify({ file: file ?? name, name, ms: Math.round(details.duration_ms), ok, ...(ok ? {} : { error: firstLine(details.error) }) })}\n`;
  }
}

/** The first line of a failure's message (a test's assertion is its error's cause). */
function firstLine(error) {
  const message = String(error?.cause?.message ?? error?.message ?? error ?? '');
  return message.split('\n').find((l) => l.trim()) ?? '';
}
