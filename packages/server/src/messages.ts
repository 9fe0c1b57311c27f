/**
 * @module The server's user-facing messages that the spec's error catalogue does not cover (the catalogue's
 * own messages live in @kiln/core as MESSAGES). One place, so the UI and tests quote the same words.
 */
export const SERVER_MESSAGES = {
  signInRequired: 'Sign in to continue.',
  wrongCredentials: 'Email or password is incorrect.',
  invalidEmail: 'Enter a valid email address.',
  passwordTooShort: 'Use a password of at least 8 characters.',
  passwordTooLong: 'Use a password of at most 256 characters.',
  nameTooLong: 'Use a name of at most 100 characters.',
  emptyPrompt: 'Describe what you want to build.',
  promptTooLong: 'That message is too long: keep it under 20,000 characters.',
  projectNotFound: 'Project not found.',
  organizationNotFound: 'Organization not found.',
  revisionNotFound: 'Revision not found.',
  forbidden: 'You do not have permission to do that.',
  lastOwner: 'The last owner cannot leave the organisation: transfer ownership first.',
  notEnoughCredits: (balance: number, needed: number) =>
    `Not enough credits: this needs ${needed} and the organisation has ${balance}. Ask an admin for more, or upgrade the plan.`,
  outdatedRevision:
    'This project changed since you loaded it. Reload to see the latest revision, then try again.',
  noPageToPublish: 'There is no page to publish yet.',
  nothingToExport: 'There is nothing to export yet: wait until the first version of the app is ready.',
  stillBuilding: 'Wait until the current generation has finished.',
  notFoundApi: (path: string) => `No API route ${path}.`,
  appNotFound: 'No app is published at this address.',
  deploymentNotFound: 'Deployment not found.',
  notPublished: 'This project is not published.',
  neverPublished: 'This project has never been published: publish it first.',
  appIsPrivate: 'This app is private.',
  sandboxTokenMissing:
    "Open this project in Kiln's builder to call its functions: the preview's sandbox token is missing or expired.",
} as const;
