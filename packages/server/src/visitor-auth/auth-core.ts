/**
 * @module The parts of Auth.js (`@auth/core`, with `jose` ~13 MiB resident) visitor sign-in runs on, loaded
 * together by ./index.ts at the first request to `/api/auth/*`, not when Kiln starts (issue 15, footprint).
 */
import { CredentialsSignin } from '@auth/core/errors';
import { VISITOR_AUTH_ERRORS, type VisitorAuthError } from '@kiln/preview';

export { Auth } from '@auth/core';
export { decode, encode } from '@auth/core/jwt';
export { default as Credentials } from '@auth/core/providers/credentials';

/** A refused credentials sign-in or sign-up; its `code` is what Auth.js puts in the redirect's query. */
export class Refused extends CredentialsSignin {
  constructor(code: VisitorAuthError) {
    super(VISITOR_AUTH_ERRORS[code]);
    this.code = code;
  }
}
