/**
 * @module The builder's only door to the server: GraphQL over same-origin POST with the session cookie.
 * Every failure becomes an `ApiError` whose `message` is fit to show the user verbatim.
 */

import { print } from '@0no-co/graphql.web';
import { type ErrorKind, isErrorKind, MESSAGES } from '@kiln/core';
import { reportReachable } from './connection.ts';
import type { TadaDocumentNode } from './graphql.ts';

/** Error kinds the server puts in `extensions.code` (core's, the one list). */
export type ErrorCode = ErrorKind;

/** Dispatched on `window` when the server says the session is gone, so the app can send the user to sign in. */
export const SESSION_LOST_EVENT = 'kiln:session-lost';

/** A failed GraphQL call: `code` decides what the UI does, `message` is what the user reads. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

interface GraphQLResponse<T> {
  data?: T | null;
  errors?: { message?: unknown; extensions?: { code?: unknown } }[];
}

/** The variables argument: required when the operation declares any, absent when it declares none. */
type VariablesArg<V> = [V] extends [Record<string, never>] ? [variables?: V] : [variables: V];

/**
 * Runs one operation made with `graphql()` (`./graphql.ts`) and returns its `data`, typed from the schema,
 * or throws an `ApiError`.
 */
export async function gql<T, V>(
  document: TadaDocumentNode<T, V>,
  ...[variables]: VariablesArg<V>
): Promise<T> {
  const query = print(document);
  let response: Response;
  try {
    response = await fetch('/graphql', {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
      },
      body: JSON.stringify({ query, variables }),
    });
  } catch {
    reportReachable(false);
    throw new ApiError(
      'external',
      'Could not reach the Kiln server. Check that it is running and try again.',
    );
  }

  // A gateway's 502/503/504 means the server itself is not there (restarting): the same as no network.
  const gateway = response.status === 502 || response.status === 503 || response.status === 504;
  reportReachable(!gateway);
  let body: GraphQLResponse<T>;
  try {
    body = (await response.json()) as GraphQLResponse<T>;
  } catch {
    throw new ApiError('internal', `The server answered ${response.status} without a readable body.`);
  }

  const first = body.errors?.[0];
  if (first) {
    const code = typeof first.extensions?.code === 'string' ? first.extensions.code.toLowerCase() : '';
    const message =
      typeof first.message === 'string' && first.message ? first.message : MESSAGES.somethingWentWrong;
    throw new ApiError(isErrorKind(code) ? code : 'internal', message);
  }
  if (body.data == null) throw new ApiError('internal', MESSAGES.somethingWentWrong);
  return body.data;
}

/** The message to show for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return MESSAGES.somethingWentWrong;
}
