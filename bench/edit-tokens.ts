/**
 * Benchmark (issue 5): tokens sent and received for ten typical edits, as search/replace edits (what Kiln asks
 * for and the builtin generator writes) against whole-file rewrites of every file the edit touches (the anchor).
 * Tokens are counted with the o200k tokenizer (gpt-tokenizer). Sent tokens are the same request either way.
 */
import { buildPrompt, createBuiltinProvider, type GenModule, generate } from '@kiln/codegen';
import { encode } from 'gpt-tokenizer';

const EDITS: [app: string, edit: string][] = [
  ['A todo list app with due dates', 'change the colour to emerald'],
  ['A todo list app with due dates', 'rename the app to Taskly'],
  ['A todo list app with due dates', 'add a page called About'],
  ['A notes app', 'make it rose'],
  ['A notes app', 'change the title to Jotter'],
  ['A personal website for a photographer', 'add a pricing page'],
  ['A personal website for a photographer', 'change the colour to amber'],
  ['A landing page to collect leads for a yoga studio', 'rename the app to Flow Yoga'],
  ['A customer feedback tool', 'add a page called FAQ'],
  ['A survey tool for employee happiness', 'make it teal and rename the app to Pulse'],
];

const tokens = (s: string) => encode(s).length;

async function run(prompt: string, modules: GenModule[]) {
  let output = '';
  const provider = createBuiltinProvider();
  const recording = {
    id: 'recording',
    async *stream(req: Parameters<typeof provider.stream>[0]) {
      for await (const chunk of provider.stream(req)) {
        output += chunk;
        yield chunk;
      }
    },
  };
  const req = { prompt, modules, action: modules.length ? ('CHAT' as const) : ('INITIAL' as const) };
  let result: GenModule[] = modules;
  for await (const ev of generate(req, recording)) if (ev.type === 'done') result = ev.modules;
  const sent = buildPrompt(req);
  return {
    modules: result,
    output,
    sent: tokens(sent.system) + tokens(sent.messages.map((m) => m.content).join('')),
  };
}

let sentTotal = 0;
let srTotal = 0;
let wholeTotal = 0;
console.log('edit'.padEnd(62), 'sent', 'recv S/R', 'recv whole', 'ratio');
for (const [app, edit] of EDITS) {
  const base = await run(app, []);
  const after = await run(edit, base.modules);
  const before = new Map(base.modules.map((m) => [m.filePath, m.content]));
  const changed = after.modules.filter((m) => before.get(m.filePath) !== m.content);
  const whole = changed
    .map((m) => `<kiln:file path="${m.filePath}" type="${m.moduleType}">\n${m.content}</kiln:file>`)
    .join('\n');
  const sr = tokens(after.output);
  const wf = tokens(whole);
  sentTotal += after.sent;
  srTotal += sr;
  wholeTotal += wf;
  console.log(
    `${app.slice(0, 30)} → ${edit}`.slice(0, 62).padEnd(62),
    String(after.sent).padStart(4),
    String(sr).padStart(8),
    String(wf).padStart(10),
    (wf / sr).toFixed(1).padStart(5),
  );
}
console.log(
  `\nreceived: search/replace ${srTotal} tokens, whole-file ${wholeTotal} tokens → whole-file is ${(wholeTotal / srTotal).toFixed(1)}× the output`,
);
console.log(
  `sent + received: search/replace ${sentTotal + srTotal}, whole-file ${sentTotal + wholeTotal} → ratio ${((sentTotal + wholeTotal) / (sentTotal + srTotal)).toFixed(2)}`,
);
