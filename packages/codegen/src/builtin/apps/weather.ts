/**
 * The builtin WEATHER_APP: current conditions, the next 24 hours (strip and temperature curve), a 7-day
 * forecast with range bars, details (humidity, wind, UV, pressure, sunrise) and what to wear or bring, for a
 * handful of cities, in °C or °F. The builtin never calls out to a weather service, so the forecast is sample
 * data, and the page says so; the chosen city, saved cities and unit are kept in the browser.
 * @module
 */

import { appVars, templateModules } from '../templates.ts';
import { type AppContext, appHeader, type BuiltApp, otherHue } from './shared.ts';

const APP = 'weather';

/** Builds the weather app. */
export function weatherApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const vars = { ...appVars(ctx) };
  return {
    modules: [
      ...templateModules(APP, ['app/page.tsx'], vars),
      appHeader(ctx, { icon: 'CloudSun', links: [{ href: '/', label: 'Forecast' }], maxWidth: 'max-w-6xl' }),
      ...templateModules(
        APP,
        [
          'components/CurrentConditions.tsx',
          'components/HourlyForecast.tsx',
          'components/DailyForecast.tsx',
          'components/WeatherIcon.tsx',
        ],
        vars,
      ),
    ],
    plan: [
      `Build "${ctx.title}", a weather app.`,
      '- No database and no network: five cities of sample forecast data in the page, clearly labelled as sample data.',
      '- Page `/`: city search and list (saved cities first), °C/°F, current conditions, next 24 hours (strip and temperature curve), 7-day forecast with range bars, details and what to wear or bring.',
      '- Components: AppHeader, CurrentConditions, HourlyForecast, DailyForecast, WeatherIcon.',
      `- The chosen city, saved cities and unit are kept in localStorage; ${a} accent.`,
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**: current conditions, the next 24 hours with a temperature curve, a 7-day forecast and tips on what to wear, for Lisbon, Oslo, Tokyo, New York and Sydney. Switch between °C and °F and save your favourite cities.`,
      '',
      'The builtin generator works offline, so the forecast is **sample data** and the app says so on the page. Your city, saved cities and unit are kept in the browser.',
    ].join('\n'),
    choices: [
      `make it ${otherHue(ctx.accent, 'indigo', 'sky')}`,
      'make a mobile version',
      'add a page called About',
    ],
  };
}
