/** @module The browser entry: the app's styles and its router. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './kiln/router.tsx';
import './index.css';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
