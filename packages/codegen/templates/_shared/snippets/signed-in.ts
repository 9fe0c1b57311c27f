/** The answer to a visitor who is not signed in: the page shows the error, the header offers Sign in. */
export function signInFirst(what: string) {
  return Response.json({ error: 'Sign in to keep your ' + what + '.', signIn: true }, { status: 401 });
}
