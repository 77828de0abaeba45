// A child process that writes to a project's ledger through the ledger API.
//   events ROOT COUNT       append COUNT events, one transaction each
//   batches ROOT            forever: one transaction = an event + a 60-task plan projection
import { appendEvent } from '../../src/ledger/events.js';
import { Ledger } from '../../src/ledger/ledger.js';
import { saveActivePlan } from '../../src/ledger/plans.js';

const [mode, root, countArg] = process.argv.slice(2);
const ledger = await Ledger.open(root!, { create: true });

if (mode === 'events') {
  const count = Number(countArg);
  for (let i = 0; i < count; i++) {
    ledger.write((db) => appendEvent(db, { at: new Date().toISOString(), source: 'test', kind: 'concurrency', sessionId: `pid-${process.pid}`, input: { i }, decision: null }));
  }
  ledger.close();
} else if (mode === 'batches') {
  process.stdout.write('ready\n');
  for (let batch = 1; ; batch++) {
    const tasks = Array.from({ length: 60 }, (_, i) => ({
      id: String(i + 1),
      title: `batch ${batch} task ${i + 1}`,
      body: 'x'.repeat(200),
      fileState: 'pending' as const,
      highRiskStop: false,
      group: null,
      steps: [],
      line: i + 1,
    }));
    ledger.write((db) => {
      appendEvent(db, { at: new Date().toISOString(), source: 'test', kind: 'batch', input: { batch }, decision: { batch, tasks: tasks.length } });
      saveActivePlan(db, {
        id: 'crash-plan',
        path: 'plan.md',
        dialect: 'superpowers',
        title: null,
        structureHash: `hash-${batch}`,
        state: 'draft',
        contentHash: `content-${batch}`,
        fileSize: 1,
        fileMtimeMs: 1,
        now: new Date().toISOString(),
        tasks,
      });
    });
  }
}
