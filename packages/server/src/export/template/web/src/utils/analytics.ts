/** @module `@/utils/analytics` outside Kiln: Kiln's analytics are a hosting service, so these do nothing. */

/** Records an event (here: nowhere; connect your own analytics). */
export function track(_name: string, _props?: Record<string, unknown>): void {}

/** Names the visitor for later events (here: nowhere). */
export function identify(_userId?: unknown, _traits?: unknown): void {}

const analytics = Object.freeze({ track, identify });
export default analytics;
