/**
 * Recognises which of the spec's app types (§1 AppType, plus the LINK_IN_BIO app kind) a description asks
 * for, by keywords. Rules are tried in order, so more specific kinds ("crypto portfolio", "AI chatbot",
 * "contact form") are decided before the general ones they contain.
 * @module
 */
import type { AppType } from '@kiln/core';

/** The app types the builtin generator recognises, with the keyword rule for each, most specific first. */
export const APP_TYPE_RULES: readonly { appType: AppType | 'LINK_IN_BIO'; pattern: RegExp }[] = [
  {
    appType: 'LINK_IN_BIO',
    pattern: /\blinks?[- ]?in[- ]?bio\b|\blinktree\b|\bbio ?links?\b|\ball my links\b|\blink hub\b/,
  },
  {
    appType: 'TODO_LIST_APP',
    pattern:
      /\bto-?\s?dos?\b|\btask (list|manager|tracker|board|app)s?\b|\bchecklists?\b|\bkanban\b|\bgrocery list\b|\bchores?\b/,
  },
  {
    appType: 'NOTES_APP',
    pattern:
      /\bnotes?(-taking| taking| app| book)?\b|\bnotebook\b|\bjournal(ing)?\b|\bmemos?\b|\bdiary\b|\bscratchpad\b/,
  },
  {
    appType: 'QUIZ_TOOL',
    pattern: /\bquiz(zes)?\b|\btrivia\b|\bflash ?cards?\b|\bexam practice\b|\btest your knowledge\b/,
  },
  {
    appType: 'SURVEY_TOOL',
    pattern: /\bsurveys?\b|\bquestionnaires?\b|\bpolls?\b|\bpolling\b|\bvoting\b|\bcensus\b/,
  },
  {
    appType: 'FEEDBACK_TOOL',
    pattern:
      /\bfeedback\b|\bsuggestion box\b|\bnps\b|\bcustomer reviews? (form|widget|tool)\b|\bbug reports?\b|\bfeature requests?\b/,
  },
  {
    appType: 'CRYPTOCURRENCY_APP',
    pattern:
      /\bcrypto(currenc(y|ies))?\b|\bbitcoin\b|\bethereum\b|\bblockchain\b|\bweb3\b|\bdefi\b|\bnfts?\b|\baltcoins?\b/,
  },
  {
    appType: 'FINANCE_APP',
    pattern:
      /\bfinanc(e|es|ial)\b|\bbudget(ing)?\b|\bexpenses?\b|\bspending\b|\bmoney\b|\binvoic(e|es|ing)\b|\bbanking\b|\bsavings?\b|\binvest(ing|ment|ments)?\b|\bbills?\b|\bstock (tracker|portfolio)\b/,
  },
  {
    appType: 'FITNESS_TRACKER_APP',
    pattern:
      /\bfitness\b|\bworkouts?\b|\bexercises?\b|\bgym\b|\brunning log\b|\bstep (counter|tracker)\b|\bcalories?\b|\bhabit tracker\b|\bweight ?lifting\b/,
  },
  { appType: 'WEATHER_APP', pattern: /\bweather\b|\bforecasts?\b|\btemperatures?\b|\bclimate dashboard\b/ },
  {
    appType: 'TRANSLATION_TOOL',
    pattern: /\btranslat(e|es|or|ion|ions|ing)\b|\blanguage converter\b|\bphrasebook\b|\bbilingual\b/,
  },
  {
    appType: 'AI_TOOL',
    pattern:
      /\bai\b|\bartificial intelligence\b|\bchat ?bot\b|\bgpt\b|\bllm\b|\bmachine learning\b|\bprompt (generator|library)\b|\bsummari[sz]er\b|\bcopywriting assistant\b/,
  },
  {
    appType: 'CHAT_APP',
    pattern: /\bchat(s|ting| room| rooms)?\b|\bmessag(e|es|ing)\b|\bmessenger\b|\bwalkie\b/,
  },
  {
    appType: 'DATING_APP',
    pattern: /\bdating\b|\bmatchmak(ing|er)\b|\bsingles\b|\bromance\b|\bswipe\b|\bsoulmates?\b/,
  },
  {
    appType: 'SOCIAL_NETWORK',
    pattern:
      /\bsocial (network|media|app|platform)\b|\bcommunity\b|\bfollowers\b|\bnews ?feed\b|\bfriends\b|\bforum\b|\bprofiles and posts\b/,
  },
  {
    appType: 'GAME',
    pattern:
      /\bgames?\b|\barcade\b|\bpuzzles?\b|\btic[- ]?tac[- ]?toe\b|\bsnake\b|\btetris\b|\bsudoku\b|\bplatformer\b|\bwordle\b|\bmemory match\b/,
  },
  {
    appType: 'CONTACT_MANAGEMENT',
    pattern:
      /\bcontacts? (manag\w*|list|book|app|organi[sz]er|directory)\b|\bcrm\b|\baddress book\b|\brolodex\b|\bmanage (my )?contacts\b/,
  },
  {
    appType: 'LEAD_GEN_TOOL',
    pattern:
      /\blead[- ]?gen(eration)?\b|\bleads?\b|\blanding page\b|\bwait ?list\b|\bsign[- ]?up form\b|\bemail (capture|list)\b|\bcapture emails?\b|\blead magnet\b|\bbook a (demo|call)\b/,
  },
  {
    appType: 'BLOG_PLATFORM',
    pattern: /\bblog(s|ging)?\b|\barticles?\b|\bpublishing platform\b|\bnewsletter\b|\bwriting platform\b/,
  },
  {
    appType: 'ECOMMERCE_STORE',
    pattern: /\be-?commerce\b|\bstorefront\b|\bshopping cart\b|\bcheckout\b|\bdropshipping\b|\bmarketplace\b/,
  },
  {
    appType: 'ONLINE_STORE',
    pattern:
      /\bonline (store|shop)\b|\bshop\b|\bstore\b|\bsell(ing)? (my |our )?(products|online|goods|crafts)\b|\bboutique\b|\bmerch\b/,
  },
  {
    appType: 'PORTFOLIO_WEBSITE',
    pattern:
      /\bportfolios?\b|\bshowcase (of )?(my |our )?(work|projects)\b|\bcase stud(y|ies)\b|\bdesign work\b/,
  },
  {
    appType: 'GALLERY_APP',
    pattern:
      /\bgaller(y|ies)\b|\bphotos?\b|\bphotographs?\b|\bimages? (library|collection|board)\b|\balbums?\b|\bpictures\b|\bmood ?board\b/,
  },
  {
    appType: 'PERSONAL_WEBSITE',
    pattern:
      /\bpersonal (website|site|page|homepage|brand)\b|\babout me\b|\bmy (own )?(website|site|homepage)\b|\bresume\b|\bcv\b|\bhomepage for (me|myself)\b|\bonline presence\b/,
  },
];

/** The app type a description asks for, or null when no rule recognises it. */
export function detectAppType(prompt: string): AppType | 'LINK_IN_BIO' | null {
  const text = prompt.toLowerCase().replace(/[’']/g, "'");
  for (const rule of APP_TYPE_RULES) {
    if (rule.pattern.test(text)) return rule.appType;
  }
  return null;
}
