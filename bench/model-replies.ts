/**
 * The model-replies corpus as a benchmark (issue 20): every reply in `packages/server/test/model-replies/cases/`
 * streamed through the scripted OpenAI-compatible server into one real Kiln (PGlite), then the share recovered
 * exactly (the meant files, VALID), the share reported (INVALID_CODE or "not applied" in the chat) and the share
 * lost silently (VALID with the change missing). `npm run bench -- model-replies`.
 */
import {
  type CaseResult,
  caseLine,
  loadCases,
  shares,
  startCorpusServer,
} from '../packages/server/test/model-replies/corpus';

const cases = loadCases();
const started = performance.now();
const results: CaseResult[] = [];
{
  await using server = await startCorpusServer();
  for (const [i, c] of cases.entries()) {
    const r = await server.run(c, i);
    results.push(r);
    console.log(caseLine(r));
  }
}
const s = shares(results);
const unexpected = results.filter((r) => r.outcome !== r.expected).length;
console.log(
  `\n${cases.length} replies (${cases.filter((c) => c.project === 'new').length} new projects, ` +
    `${cases.filter((c) => c.project === 'todo').length} edits) in ${Math.round((performance.now() - started) / 1000)} s`,
);
console.log(`recovered exactly: ${s.recovered}%`);
console.log(`reported:          ${s.reported}%`);
console.log(`lost silently:     ${s.silent}%`);
console.log(
  `recovered among the ${results.filter((r) => r.expected === 'recovered').length} recoverable: ${s.recoverable}%`,
);
console.log(`outcome other than the case expects: ${unexpected}`);
process.exit(0);
