/**
 * The builtin GAME: a memory-match card game — flip two cards, keep the pairs, beat the clock and the move
 * count — on a classic 4×4 board or a 6×4 challenge, with points for speed and accuracy and a high-score
 * table. Scores live in the app's `game_scores` table behind `/api/scores`; without a backend they stay in
 * localStorage.
 * Template files: `templates/game/`.
 * @module
 */
import { appVars, templateMigration, templateModules } from '../templates.ts';
import { type AppContext, appHeader, type BuiltApp, otherHue, otherName } from './shared.ts';

const APP = 'game';

/** Builds the memory-match game. */
export function gameApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const vars = { ...appVars(ctx), record: 'score' };
  return {
    migrations: [templateMigration(APP, 'create_game_scores', vars)],
    modules: [
      ...templateModules(APP, ['app/api/scores/route.ts', 'app/page.tsx', 'app/scores/page.tsx'], vars),
      appHeader(ctx, {
        icon: 'Gamepad2',
        links: [
          { href: '/', label: 'Play' },
          { href: '/scores', label: 'High scores' },
        ],
        maxWidth: 'max-w-6xl',
      }),
      ...templateModules(
        APP,
        ['components/MemoryCard.tsx', 'components/HighScores.tsx', 'components/WinPanel.tsx'],
        vars,
      ),
    ],
    plan: [
      `Build "${ctx.title}", a memory-match card game with a high-score table.`,
      '- Table `game_scores` (id, player, level, points, moves, seconds, created_at) with five starter scores.',
      '- Function `/api/scores`: GET the best games first, POST a checked score.',
      '- Page `/`: level switch (classic 4×4, challenge 6×4), moves, timer, pairs found and best score; the shuffled board; a win panel with the points and "save my score"; the top five beside it.',
      '- Page `/scores`: the twenty best games per level with moves and time.',
      `- Components: AppHeader, MemoryCard, HighScores, WinPanel. Without a backend scores stay in localStorage; dark arcade look with a ${a} accent.`,
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**, a memory-match game: flip two cards at a time and find every pair on a classic 4×4 board or a 6×4 challenge. Moves, time and pairs are counted as you play, and a win scores 100 points a pair minus 10 per extra move and 1 per second.`,
      '',
      "Winners can put their name on the high-score table, stored in the app's database (table `game_scores`, through the function `/api/scores`) and shown on the High scores page. Opened without its backend, the game keeps scores in the browser instead.",
    ].join('\n'),
    choices: [
      `change the colour to ${otherHue(ctx.accent, 'sky', 'violet')}`,
      `rename the app to ${otherName(ctx.title, 'Pair Up', 'Flip Frenzy')}`,
      'add a page called Rules',
    ],
  };
}
