import { USER_ROLES } from '@kiln/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AdminUser, fetchUsers, updateUser } from '../account-queries.ts';
import { errorMessage } from '../api.ts';
import { AppHeader } from '../components/AppHeader.tsx';
import { FormAlert } from '../components/FormAlert.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { NativeSelect } from '../components/ui/input.tsx';
import { Switch } from '../components/ui/switch.tsx';
import { Table, TableCell, TableFrame, TableHead, TableSubline } from '../components/ui/table.tsx';
import { humanize } from '../format-number.ts';
import { timeAgo } from '../format-time.ts';
import { queryKeys } from '../query-client.ts';
import { useSession } from '../use-session.ts';
import { useTitle } from '../use-title.ts';
import { NotFoundPage } from './NotFoundPage.tsx';

type Patch = { role?: string; ambassador?: boolean };

/**
 * `/admin/users` (platform ADMIN): every user, their platform role and the AMBASSADOR designation. The list
 * is server state (TanStack Query: refetched on focus and when the network returns); a change shows at once
 * and is put back if the server refuses it.
 */
export function AdminUsersPage() {
  useTitle('Users');
  const { me } = useSession();
  const client = useQueryClient();
  const admin = me?.role === 'ADMIN';
  const key = queryKeys.adminUsers();
  const query = useQuery({ queryKey: key, queryFn: fetchUsers, enabled: admin });
  const changing = useMutation({
    mutationFn: ({ user, patch }: { user: AdminUser; patch: Patch }) => updateUser(user.id, patch),
    onMutate: async ({ user, patch }) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<AdminUser[]>(key);
      client.setQueryData<AdminUser[]>(key, (all) =>
        all?.map((u) => (u.id === user.id ? { ...u, ...patch } : u)),
      );
      return before;
    },
    onError: (_error, _change, before) => client.setQueryData(key, before),
    onSuccess: (updated) =>
      client.setQueryData<AdminUser[]>(key, (all) => all?.map((u) => (u.id === updated.id ? updated : u))),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });

  if (!admin) return <NotFoundPage />;

  const users = query.data ?? null;
  const failed = users === null && query.isError ? errorMessage(query.error) : null;
  const error = changing.error ? errorMessage(changing.error) : failed;
  const change = (user: AdminUser, patch: Patch) => changing.mutate({ user, patch });

  return (
    <div className="min-h-full">
      <AppHeader />
      <main className="mx-auto max-w-[1080px] px-6 pt-10 pb-24">
        <header className="mb-7 flex flex-col gap-1.5">
          <h1 className="text-[28px]">Users</h1>
          <p className="text-muted">Platform roles and designations. Only platform admins see this page.</p>
        </header>
        <section
          className="flex scroll-mt-[calc(var(--header-h)+16px)] flex-col gap-[18px] rounded-lg border border-border bg-surface p-6 shadow-sm"
          aria-label="Users"
        >
          <FormAlert message={error} />
          {users === null && !error ? (
            <p className="text-muted" aria-busy="true">
              Loading users…
            </p>
          ) : (
            <TableFrame role="region" aria-label="Users" tabIndex={0}>
              <Table>
                <thead>
                  <tr>
                    <TableHead scope="col">User</TableHead>
                    <TableHead scope="col">Status</TableHead>
                    <TableHead scope="col">Platform role</TableHead>
                    <TableHead scope="col">Ambassador</TableHead>
                  </tr>
                </thead>
                <tbody>
                  {users?.map((user) => {
                    const name = user.displayName || user.email;
                    return (
                      <tr key={user.id}>
                        <TableCell>
                          <span className="inline-flex items-center gap-2 font-[550] text-ink">
                            {name}
                            {user.id === me.id ? <Badge>You</Badge> : null}
                          </span>
                          <TableSubline>
                            {user.email} · joined {timeAgo(user.createdAt)}
                          </TableSubline>
                        </TableCell>
                        <TableCell>
                          {user.status === 'UNVERIFIED' ? (
                            <Badge variant="warn">Unverified</Badge>
                          ) : (
                            <span className="text-muted">{humanize(user.status)}</span>
                          )}
                        </TableCell>
                        <TableCell>
                          <NativeSelect
                            compact
                            aria-label={`Platform role of ${name}`}
                            value={user.role}
                            onChange={(e) => change(user, { role: e.target.value })}
                          >
                            {USER_ROLES.map((role) => (
                              <option key={role} value={role}>
                                {humanize(role)}
                              </option>
                            ))}
                          </NativeSelect>
                        </TableCell>
                        <TableCell>
                          <Switch
                            checked={user.ambassador}
                            aria-label={`${name} is an ambassador`}
                            onChange={(e) => change(user, { ambassador: e.target.checked })}
                          />
                        </TableCell>
                      </tr>
                    );
                  })}
                </tbody>
              </Table>
            </TableFrame>
          )}
        </section>
      </main>
    </div>
  );
}
