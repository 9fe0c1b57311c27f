import { USER_ROLES } from '@kiln/core';
import { useEffect, useState } from 'react';
import { type AdminUser, fetchUsers, updateUser } from '../account-queries.ts';
import { errorMessage } from '../api.ts';
import { AppHeader } from '../components/AppHeader.tsx';
import { FormAlert } from '../components/FormAlert.tsx';
import { humanize } from '../format-number.ts';
import { timeAgo } from '../format-time.ts';
import { useSession } from '../use-session.ts';
import { useTitle } from '../use-title.ts';
import { NotFoundPage } from './NotFoundPage.tsx';

/** `/admin/users` (platform ADMIN): every user, their platform role and the AMBASSADOR designation. */
export function AdminUsersPage() {
  useTitle('Users');
  const { me } = useSession();
  const [users, setUsers] = useState<AdminUser[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const admin = me?.role === 'ADMIN';

  useEffect(() => {
    if (!admin) return;
    let live = true;
    fetchUsers().then(
      (list) => live && setUsers(list),
      (caught) => live && setError(errorMessage(caught)),
    );
    return () => {
      live = false;
    };
  }, [admin]);

  if (!admin) return <NotFoundPage />;

  async function change(user: AdminUser, patch: { role?: string; ambassador?: boolean }) {
    setError(null);
    try {
      const updated = await updateUser(user.id, patch);
      setUsers((all) => all?.map((u) => (u.id === updated.id ? updated : u)) ?? null);
    } catch (caught) {
      setError(errorMessage(caught));
    }
  }

  return (
    <div className="min-h-full">
      <AppHeader />
      <main className="mx-auto max-w-[1080px] px-6 pt-10 pb-24">
        <header className="mb-7 flex flex-col gap-1.5">
          <h1 className="text-[28px]">Users</h1>
          <p className="muted">Platform roles and designations. Only platform admins see this page.</p>
        </header>
        <section
          className="flex scroll-mt-[calc(var(--header-h)+16px)] flex-col gap-[18px] rounded-lg border border-border bg-surface p-6 shadow-sm"
          aria-label="Users"
        >
          <FormAlert message={error} />
          {users === null && !error ? (
            <p className="muted" aria-busy="true">
              Loading users…
            </p>
          ) : (
            <div className="table-wrap" role="region" aria-label="Users" tabIndex={0}>
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">User</th>
                    <th scope="col">Status</th>
                    <th scope="col">Platform role</th>
                    <th scope="col">Ambassador</th>
                  </tr>
                </thead>
                <tbody>
                  {users?.map((user) => {
                    const name = user.displayName || user.email;
                    return (
                      <tr key={user.id}>
                        <td>
                          <span className="member-name">
                            {name}
                            {user.id === me.id ? <span className="badge">You</span> : null}
                          </span>
                          <span className="muted table-sub">
                            {user.email} · joined {timeAgo(user.createdAt)}
                          </span>
                        </td>
                        <td>
                          {user.status === 'UNVERIFIED' ? (
                            <span className="badge badge-warn">Unverified</span>
                          ) : (
                            <span className="muted">{humanize(user.status)}</span>
                          )}
                        </td>
                        <td>
                          <select
                            className="input select select-compact"
                            aria-label={`Platform role of ${name}`}
                            value={user.role}
                            onChange={(e) => void change(user, { role: e.target.value })}
                          >
                            {USER_ROLES.map((role) => (
                              <option key={role} value={role}>
                                {humanize(role)}
                              </option>
                            ))}
                          </select>
                        </td>
                        <td>
                          <label className="switch">
                            <input
                              type="checkbox"
                              role="switch"
                              checked={user.ambassador}
                              aria-label={`${name} is an ambassador`}
                              onChange={(e) => void change(user, { ambassador: e.target.checked })}
                            />
                            <span className="switch-track" aria-hidden="true" />
                          </label>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </main>
    </div>
  );
}
