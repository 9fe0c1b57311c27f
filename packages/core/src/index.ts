/**
 * @kiln/core — the domain rules of the spec in one place: enumerations, module layout and naming, sort
 * order, rooms, sandbox ids, internal routes, lifecycles, plans, constants, the error catalogue and
 * `KilnError`. Pure TypeScript (zod only), safe in the browser and on the server.
 * @module
 */

export * from './ad-attribution';
export * from './chat-attachments';
export * from './constants';
export * from './enums';
export * from './errors';
export * from './fonts';
export * from './headers';
export * from './internal-routes';
export * from './lifecycles';
export * from './messages';
export * from './module-names';
export * from './module-paths';
export * from './module-sort';
export * from './module-types';
export * from './plans';
export * from './preview-routes';
export * from './rooms';
export * from './sandbox';
export * from './schemas';
export * from './secure-store';
