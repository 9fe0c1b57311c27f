/**
 * @module
 * The modules npm package bundles share with the runtime (see the server's `packages/bundle.ts`): a bundle's
 * `react`, `react-dom`, `react-dom/client`, `react/jsx-runtime` and `react/jsx-dev-runtime` imports read
 * `globalThis.__kiln_shared`, so a package's components and hooks run on the page's one React.
 */
import * as React from 'react';
import * as JsxRuntime from 'react/jsx-runtime';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';

const jsxDevRuntime = {
  Fragment: JsxRuntime.Fragment,
  jsxDEV: (type: Parameters<typeof JsxRuntime.jsx>[0], props: Record<string, unknown>, key?: string) =>
    JsxRuntime.jsx(type, props, key),
};

(globalThis as { __kiln_shared?: Record<string, unknown> }).__kiln_shared = {
  react: React,
  'react-dom': ReactDOM,
  'react-dom/client': ReactDOMClient,
  'react/jsx-runtime': JsxRuntime,
  'react/jsx-dev-runtime': jsxDevRuntime,
};
