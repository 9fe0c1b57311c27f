/**
 * The builtin LEAD_GEN_TOOL (`templates/lead-gen/`): a landing page with a working lead form, benefits, testimonials and FAQ; a
 * submissions page; and a privacy page. With a backend each lead is stored in the app's `leads` table through
 * `POST /api/leads` (validated, one per email) and `GET /api/leads` gives only their number (the form's "join
 * N others" line; emails are never listed publicly). Without one, leads stay in localStorage and the
 * submissions page lists them with CSV export, as before.
 * @module
 */
import { jsString, jsxText } from '../format.ts';
import { appVars, templateMigration, templateModules } from '../templates.ts';
import { type AppContext, appHeader, type BuiltApp, otherHue, otherName } from './shared.ts';

const APP = 'lead-gen';

/** Builds the lead generation app. */
export function leadGenApp(ctx: AppContext): BuiltApp {
  const offer = /waitlist|wait list|early access|launch/i.test(ctx.prompt)
    ? {
        kicker: 'Launching soon',
        headline: 'Be first in line when we launch.',
        cta: 'Join the waitlist',
        done: 'You are on the list!',
        others: 'on the waitlist',
        duplicate: "You're already on the waitlist with this email. We'll let you know when we launch!",
      }
    : {
        kicker: 'Free consultation',
        headline: 'Get expert help that moves your business forward.',
        cta: 'Book my free call',
        done: 'Thanks, we will be in touch!',
        others: 'who asked for a call',
        duplicate: "We already have a request from this email. We'll be in touch within one business day.",
      };
  const vars = {
    ...appVars(ctx),
    kicker: jsxText(offer.kicker),
    headline: jsxText(offer.headline),
    cta: jsxText(offer.cta),
    done: jsxText(offer.done),
    others: jsxText(offer.others),
    duplicate: jsString(offer.duplicate),
  };

  return {
    migrations: [templateMigration(APP, 'create_leads', vars)],
    modules: [
      ...templateModules(
        APP,
        ['app/api/leads/route.ts', 'app/page.tsx', 'app/leads/page.tsx', 'app/privacy/page.tsx'],
        vars,
      ),
      appHeader(ctx, { icon: 'Rocket', links: [{ href: '/', label: 'Home' }], maxWidth: 'max-w-6xl' }),
      ...templateModules(
        APP,
        ['components/LeadForm.tsx', 'components/BenefitCard.tsx', 'components/FaqItem.tsx'],
        vars,
      ),
    ],
    plan: [
      `Build "${ctx.title}", a landing page that captures leads.`,
      '- Page `/`: hero with the lead form, benefits, testimonials, FAQ, call to action.',
      '- Table `leads` (name, unique email, company, team size, message, created_at).',
      '- Function `/api/leads`: POST validates and stores a lead (409 for an email already signed up), GET returns only how many there are.',
      '- Page `/leads`: the number of submissions (and, without a backend, the ones kept in the browser with CSV export); page `/privacy`.',
      '- Components: AppHeader, LeadForm (validated, "join N others" line), BenefitCard, FaqItem.',
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**: a landing page whose form validates each lead and stores it in the app's database (table \`leads\`, one per email, through \`/api/leads\`), a Submissions page (linked in the footer) and a privacy page.`,
      '',
      'For privacy the app shows only how many leads there are; opened without its backend, it keeps them in the browser and the Submissions page lists them with CSV export.',
    ].join('\n'),
    choices: [
      `make it ${otherHue(ctx.accent, 'blue', 'emerald')}`,
      `rename the app to ${otherName(ctx.title, 'Brightside', 'Northstar')}`,
      'add a page called Pricing',
    ],
  };
}
