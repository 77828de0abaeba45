// The files a unified or context diff changes, as patch and git apply would
// name them: each path is offered whole, with leading components stripped
// one by one, so whichever -p level is used, a protected one is found.

export function patchTargets(body: string): string[] {
  const names = new Set<string>();
  const add = (raw: string | undefined) => {
    if (!raw) return;
    const path = raw.split('\t')[0]!.trim().replace(/^"(.*)"$/, '$1');
    if (!path || path === '/dev/null') return;
    const segs = path.split('/').filter(Boolean);
    for (let i = 0; i < segs.length; i++) names.add(segs.slice(i).join('/'));
  };
  for (const line of body.split('\n')) {
    let m = /^(?:\+\+\+|---|\*\*\*) (.+)$/.exec(line);
    if (m) add(m[1]);
    m = /^diff --git (\S+) (\S+)/.exec(line);
    if (m) {
      add(m[1]);
      add(m[2]);
    }
    m = /^(?:rename|copy) (?:from|to) (.+)$/.exec(line);
    if (m) add(m[1]);
    m = /^Index: (.+)$/.exec(line);
    if (m) add(m[1]);
  }
  return [...names];
}
