/**
 * @module The builder is an app, not a library: `main.tsx` is its entry and Vite builds it into `dist/`,
 * which the server serves. This face exists for tooling; import nothing from it in other packages.
 */
export { App } from './components/App.tsx';
export { SessionProvider } from './components/SessionProvider.tsx';
export { ToastProvider } from './components/ToastProvider.tsx';
