/**
 * The builtin FITNESS_TRACKER_APP: a workout log — the week's active minutes against the 150-minute goal,
 * the day streak, a 7-day chart, totals, a quick "log a workout" form (activity, time, distance, date, note;
 * calories estimated from the activity), and a History page with personal bests, an activity filter and
 * deletes. Workouts live in the app's `workouts` table behind `/api/workouts`; without a backend they stay in
 * localStorage.
 * Template files: `templates/fitness/`.
 * @module
 */
import { appVars, templateMigration, templateModules } from '../templates.ts';
import { type AppContext, appHeader, type BuiltApp, otherHue, otherName } from './shared.ts';

const APP = 'fitness';

/** Builds the workout tracker. */
export function fitnessApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const vars = { ...appVars(ctx), record: 'workout' };
  return {
    migrations: [
      templateMigration(APP, 'create_workouts', vars),
      // With sign-in each visitor keeps their own workouts: the rows carry the visitor's id (auth_users.id).
      ...(ctx.signIn ? [templateMigration(APP, 'own_workouts', vars)] : []),
    ],
    modules: [
      ...templateModules(
        ctx.signIn ? `${APP}/with-login` : APP,
        ['app/api/workouts/route.ts', 'app/api/workouts/[id]/route.ts'],
        vars,
      ),
      ...templateModules(APP, ['app/page.tsx', 'app/history/page.tsx'], vars),
      appHeader(ctx, {
        icon: 'Activity',
        links: [
          { href: '/', label: 'This week' },
          { href: '/history', label: 'History' },
        ],
        maxWidth: 'max-w-6xl',
      }),
      ...templateModules(
        APP,
        [
          'components/GoalRing.tsx',
          'components/WeekChart.tsx',
          'components/WorkoutForm.tsx',
          'components/WorkoutCard.tsx',
        ],
        vars,
      ),
    ],
    plan: [
      `Build "${ctx.title}", a workout tracker.`,
      '- Table `workouts` (id, activity, minutes, distance_km, calories, date, note, created_at) with ten workouts from the last two weeks.',
      '- Functions: `/api/workouts` (GET newest first, POST checked) and `/api/workouts/[id]` (DELETE).',
      '- Page `/`: the 150-minute weekly goal ring, day streak, workouts, distance and calories this week, a 7-day chart, the latest workouts and a "log a workout" form with a calorie estimate.',
      '- Page `/history`: personal bests, an activity filter and every workout with delete.',
      `- Components: AppHeader, GoalRing, WeekChart, WorkoutForm, WorkoutCard. Without a backend workouts stay in localStorage; ${a} accent.`,
      ...(ctx.signIn
        ? [
            `- Sign-in: each visitor sees and changes only their own workouts (column \`user_id\`, from \`auth()\`).`,
          ]
        : []),
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**, a workout tracker: log a run, ride, swim, walk, strength, yoga or HIIT session with its time, distance and a note, and see your active minutes against the 150-minute weekly goal, your day streak, the last 7 days and your totals. The History page lists every workout with personal bests and an activity filter.`,
      '',
      "Workouts are stored in the app's database (table `workouts`, through the functions `/api/workouts` and `/api/workouts/[id]`). Opened without its backend, the app keeps them in the browser instead. Calories are an estimate for a 70 kg person.",
    ].join('\n'),
    choices: [
      `change the colour to ${otherHue(ctx.accent, 'orange', 'sky')}`,
      `rename the app to ${otherName(ctx.title, 'PaceBook', 'Move More')}`,
      'add a page called Goals',
    ],
  };
}
