/**
 * @module Credit ledger and event log types in people's words (the code stays in a tooltip). Types are the
 * spec's (`CREDIT_TRANSACTION_TYPES`, `CREDIT_DEPOSIT_REASONS`, `EVENT_LOG_TYPES` in `@kiln/core`); one not
 * listed here reads as its code in lower case.
 */

const NAMES: Record<string, string> = {
  START_GENERATION: 'Generation started',
  INTEGRATION_USAGE: 'Integration use',
  GENERATION_USAGE: 'Generation',
  WEB_SEARCH_USAGE: 'Web search',
  FAST_APPLY_USAGE: 'Quick edit',
  FILE_RANKING_USAGE: 'File ranking',
  EMBEDDING_USAGE: 'Embeddings',
  IMAGE_GENERATION_USAGE: 'Image generation',
  REFACTOR_GENERATION_USAGE: 'Refactoring',
  BROWSER_USAGE: 'Browser use',
  PURCHASE: 'Purchase',
  SOCIAL_POST: 'Social post bonus',
  REFEREE_BONUS: 'Welcome bonus (referred)',
  REFERRAL_BONUS: 'Referral bonus',
  ADMIN_GRANT: 'Granted by an admin',
  STORAGE_USAGE: 'Storage',
  DEPOSIT_CREDITS: 'Credits deposited',
  REFILL_CREDITS: 'Credits refilled',
  PERIODIC_REFILL_CREDITS: 'Monthly refill',
};

/** The words for a ledger or event type. */
export function ledgerName(type: string): string {
  const name = NAMES[type];
  if (name) return name;
  const words = type.toLowerCase().replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
