/**
 * Accounts on PGlite and PostgreSQL: e-mail verification and password reset through the development mailbox
 * (no SMTP configured), single-use tokens, no account enumeration, sessions ended by a reset.
 */
import { describe, expect, it } from 'vitest';
import { type Backend, postgresAvailable, signUp, startTestKiln } from './harness';

const backends: Backend[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

const tokenIn = (text: string, path: string) =>
  new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(text)?.[1];

describe.each(backends)('accounts on %s', (backend) => {
  it('verifies the e-mail from the mailed link, once', async () => {
    await using t = await startTestKiln(backend);
    const { client: me } = await signUp(t, 'v@example.com');
    expect((await me.gql('{ me { status } }')).data.me.status).toBe('UNVERIFIED');

    const { data } = await me.gql('{ mailbox { to subject text } }');
    expect(data.mailbox).toHaveLength(1);
    expect(data.mailbox[0]).toMatchObject({ to: 'v@example.com', subject: 'Confirm your e-mail for Kiln' });
    const token = tokenIn(data.mailbox[0].text, '/verify-email');
    expect(data.mailbox[0].text).toContain(`http://localhost:${t.kiln.port}/verify-email?token=`);

    const page = await me.send('GET', '/dev/mailbox');
    expect(page.text).toContain('Confirm your e-mail for Kiln');
    expect(page.text).toContain('<a href="http://localhost:');

    const res = await me.send('GET', `/verify-email?token=${token}`);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/?verified=1');
    expect((await me.gql('{ me { status } }')).data.me.status).toBe('VERIFIED');

    const again = await me.gql(`mutation($t: String!) { verifyEmail(token: $t) { status } }`, { t: token });
    expect(again.status).toBe(400);
    expect(again.errors?.[0]?.message).toBe('This link is not valid any more. Ask for a new one.');

    // Someone else's mailbox is not yours.
    const { client: other } = await signUp(t, 'w@example.com');
    const theirs = (await other.gql('{ mailbox { to } }')).data.mailbox;
    expect(theirs).toEqual([{ to: 'w@example.com' }]);
  });

  it('resets a password by mail without revealing which addresses have accounts', async () => {
    await using t = await startTestKiln(backend);
    const { client: me } = await signUp(t, 'r@example.com', { password: 'old password' });
    const anon = t.client();
    const unknown = await anon.gql(`mutation { requestPasswordReset(email: "nobody@example.com") }`);
    expect(unknown.data.requestPasswordReset).toBe(true);
    const known = await anon.gql(`mutation { requestPasswordReset(email: "R@example.com") }`);
    expect(known.data.requestPasswordReset).toBe(true);

    const mails = (await me.gql('{ mailbox { subject text } }')).data.mailbox;
    expect(mails.map((m: { subject: string }) => m.subject)).toEqual([
      'Reset your Kiln password',
      'Confirm your e-mail for Kiln',
    ]);
    const token = tokenIn(mails[0].text, '/reset-password');

    const short = await anon.gql(`mutation($t: String!) { resetPassword(token: $t, password: "short") }`, {
      t: token,
    });
    expect(short.errors?.[0]?.message).toBe('Use a password of at least 8 characters.');
    const ok = await anon.gql(
      `mutation($t: String!) { resetPassword(token: $t, password: "new password") }`,
      { t: token },
    );
    expect(ok.errors).toBeUndefined();
    expect((await me.gql('{ me { email } }')).data.me).toBeNull(); // the old session ended

    const oldPw = await t
      .client()
      .gql(`mutation { signIn(email: "r@example.com", password: "old password") { id } }`);
    expect(oldPw.errors?.[0]?.message).toBe('Email or password is incorrect.');
    const newPw = await t
      .client()
      .gql(`mutation { signIn(email: "r@example.com", password: "new password") { id } }`);
    expect(newPw.errors).toBeUndefined();
    const reuse = await anon.gql(
      `mutation($t: String!) { resetPassword(token: $t, password: "another one") }`,
      { t: token },
    );
    expect(reuse.errors?.[0]?.message).toBe('This link is not valid any more. Ask for a new one.');
  });
});
