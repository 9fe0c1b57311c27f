/** Stubs of the runtime's auth hooks a generated app imports (the contract in packages/codegen/README.md). */
declare module '@/utils/useAuth' {
  // biome-ignore lint/suspicious/noExplicitAny: the stub stands for the runtime's hook.
  const useAuth: () => any;
  export default useAuth;
}

declare module '@/utils/useUser' {
  // biome-ignore lint/suspicious/noExplicitAny: the stub stands for the runtime's hook.
  const useUser: () => { data: any; loading: boolean };
  export default useUser;
}
