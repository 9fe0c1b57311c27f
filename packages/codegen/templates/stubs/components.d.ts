/** Stub of a generated app's `@/components/…` imports: each is a component with untyped props. */
declare module '@/components/*' {
  // biome-ignore lint/suspicious/noExplicitAny: a generated app's components take untyped props.
  const Component: (props: any) => import('react').ReactNode;
  export default Component;
}
