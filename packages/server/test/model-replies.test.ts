/**
 * Issue 20: the model-replies corpus (`model-replies/cases/`, at least 60 realistic replies that stray from Kiln's
 * format, new projects and edits) streamed in small chunks through the scripted OpenAI-compatible server into one
 * real Kiln server on PGlite. No case may end VALID with the meant change missing (a silent loss): each ends with
 * exactly the meant files, or INVALID_CODE / "not applied" in the chat. Prints each case and the shares.
 */
import { describe, expect, it } from 'vitest';
import { type CaseResult, caseLine, loadCases, shares, startCorpusServer } from './model-replies/corpus';

describe('model replies corpus', () => {
  it('every deviating reply ends recovered exactly or reported to the user; none is lost silently', {
    timeout: 600_000,
  }, async () => {
    const cases = loadCases();
    expect(cases.length).toBeGreaterThanOrEqual(60);
    expect(cases.filter((c) => c.project === 'new').length).toBeGreaterThan(10);
    expect(cases.filter((c) => c.project === 'todo').length).toBeGreaterThan(10);
    await using server = await startCorpusServer();
    const results: CaseResult[] = [];
    for (const [i, c] of cases.entries()) results.push(await server.run(c, i));
    const s = shares(results);
    console.log(
      `${results.map(caseLine).join('\n')}\n${cases.length} replies: ${s.recovered}% recovered exactly, ${s.reported}% reported, ${s.silent}% lost silently; ${s.recoverable}% of the recoverable ones recovered`,
    );
    expect(results.filter((r) => r.outcome === 'silent-loss').map(caseLine)).toEqual([]);
  });
});
