// A node:test reporter beside the spec one (scripts/test.mjs): one JSON line
// per top-level test (its file, name and wall time) into the file
// --test-reporter-destination names, so that a pass's slowest files and
// tests can be listed after it. Written by hand: node:test's built-in
// reporters give durations only inside their human-readable output.
export default async function* durations(source) {
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { name, nesting, file, details } = event.data;
    if (nesting !== 0) continue;
    yield `${JSON.stringify({ file: file ?? name, name, ms: Math.round(details.duration_ms), ok: event.type === 'test:pass' })}\n`;
  }
}
