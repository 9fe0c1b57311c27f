import useUser from '@/utils/useUser';

/** What "add sign-in" adds to an AppHeader (auth-pages.ts takes it apart): the import, the two hook lines, the account area. */
export default function AccountMenu() {
  const { data: user, loading } = useUser();
  const here = typeof window === 'undefined' ? '/' : window.location.pathname + window.location.search;
  return (
    <div className="flex shrink-0 items-center gap-2 text-sm">
      {loading ? null : user ? (
        <>
          {user.image ? (
            <img src={user.image} alt="" width={32} height={32} className="h-8 w-8 rounded-full object-cover" />
          ) : (
            <span className="flex h-8 w-8 items-center justify-center rounded-full bg-kiln-hue-100 font-semibold text-kiln-hue-700" aria-hidden="true">
              {(user.name || user.email || '?').charAt(0).toUpperCase()}
            </span>
          )}
          <span className="hidden max-w-[10rem] truncate font-medium text-slate-700 md:inline" title={user.email}>
            {user.name || user.email}
          </span>
          <a href="/account/logout" className="rounded-lg px-3 py-2 font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900">
            Sign out
          </a>
        </>
      ) : (
        <a href={'/account/signin?callbackUrl=' + encodeURIComponent(here)} className="rounded-lg bg-kiln-hue-600 px-3 py-2 font-semibold text-white hover:bg-kiln-hue-700">
          Sign in
        </a>
      )}
    </div>
  );
}
