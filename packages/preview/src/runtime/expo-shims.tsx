/**
 * @module
 * Expo pages import routing from `expo-router` (or React Navigation). These stand-ins map it onto the
 * runtime's routing; in the mobile preview every navigation target gets the mobile-builder marker (spec §2).
 * `Stack.Screen` / `Tabs.Screen` only configure native headers, so they render nothing here.
 */
import { createElement, type ReactNode, useEffect } from 'react';
import { mobilePreviewTarget, normalizeRoute } from '../routes.ts';
import type { ShimHost } from './shim-host.ts';

type Href = string | { pathname?: string; params?: Record<string, string> };

function hrefString(href: Href | undefined): string {
  if (typeof href === 'string') return href;
  if (!href) return '#';
  let path = href.pathname ?? '';
  const query: Record<string, string> = {};
  for (const [k, v] of Object.entries(href.params ?? {})) {
    if (path.includes(`[${k}]`)) path = path.replace(`[${k}]`, encodeURIComponent(v));
    else query[k] = String(v);
  }
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

const Nothing = () => null;

function navigator(children: { children?: ReactNode }) {
  return children.children ?? null;
}

/** Import source → module namespace, for the Expo routing modules generated mobile code may import. */
export function expoShims(engine: ShimHost): Record<string, Record<string, unknown>> {
  const target = (to: Href) => {
    const href = hrefString(to);
    return engine.mode === 'mobile' ? (mobilePreviewTarget(href) ?? engine.route) : href;
  };
  const go = (to: Href, push: boolean) => engine.navigate(target(to), { push, notify: true });
  const router = {
    push: (to: Href) => go(to, true),
    navigate: (to: Href) => go(to, true),
    replace: (to: Href) => go(to, false),
    back: () => engine.back(),
    canGoBack: () => true,
    dismiss: () => engine.back(),
    setParams: () => {},
  };
  const params = () => ({
    ...Object.fromEntries(new URLSearchParams(engine.route.split('?')[1] ?? '')),
    ...(engine.currentPage()?.params ?? {}),
  });
  // Not a hook factory: made once per engine, bound to its routing.
  const Link = ({
    href,
    children,
    asChild: _asChild,
    style: _style,
    ...rest
  }: {
    href: Href;
    children?: ReactNode;
    asChild?: boolean;
    style?: unknown;
    [prop: string]: unknown;
  }) =>
    createElement(
      'a',
      {
        href: hrefString(href),
        style: { textDecoration: 'none', color: 'inherit', display: 'contents' },
        ...rest,
      },
      children,
    );
  // Not a hook factory: made once per engine, bound to its routing.
  const Redirect = ({ href }: { href: Href }) => {
    useEffect(() => go(href, false), [href]);
    return null;
  };
  const Stack = Object.assign(navigator, { Screen: Nothing });
  const Tabs = Object.assign(navigator, { Screen: Nothing });
  const navigation = {
    navigate: (name: string, p?: Record<string, string>) => go({ pathname: `/${name}`, params: p }, true),
    push: (name: string, p?: Record<string, string>) => go({ pathname: `/${name}`, params: p }, true),
    goBack: () => engine.back(),
    setOptions: () => {},
    addListener: () => () => {},
  };
  return {
    'expo-router': {
      Link,
      Redirect,
      Stack,
      Tabs,
      Slot: navigator,
      router,
      useRouter: () => router,
      useLocalSearchParams: params,
      useGlobalSearchParams: params,
      usePathname: () => normalizeRoute(engine.route),
      useSegments: () => normalizeRoute(engine.route).split('/').filter(Boolean),
      useNavigation: () => navigation,
      useFocusEffect: (effect: () => undefined | (() => void)) => useEffect(effect, [effect]),
    },
    '@react-navigation/native': {
      NavigationContainer: navigator,
      useNavigation: () => navigation,
      useRoute: () => ({ params: params(), name: normalizeRoute(engine.route) }),
      useFocusEffect: (effect: () => undefined | (() => void)) => useEffect(effect, [effect]),
      useIsFocused: () => true,
    },
  };
}
