/**
 * @module Browser entry of the builder UI.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './components/App.tsx';
import { ConnectionIndicator } from './components/ConnectionIndicator.tsx';
import { SessionProvider } from './components/SessionProvider.tsx';
import { ToastProvider } from './components/ToastProvider.tsx';
import { queryClient } from './query-client.ts';
import { startTheme } from './theme.ts';
import './theme.css';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');
startTheme();

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <ToastProvider>
          <App />
          <ConnectionIndicator />
        </ToastProvider>
      </SessionProvider>
    </QueryClientProvider>
  </StrictMode>,
);
