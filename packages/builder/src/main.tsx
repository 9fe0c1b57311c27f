/**
 * @module Browser entry of the builder UI.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConnectionIndicator } from './components/ConnectionIndicator.tsx';
import { SessionProvider } from './components/SessionProvider.tsx';
import { ToastProvider } from './components/ToastProvider.tsx';
import { queryClient } from './query-client.ts';
import { router } from './router.tsx';
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
          <RouterProvider router={router} />
          <ConnectionIndicator />
        </ToastProvider>
      </SessionProvider>
    </QueryClientProvider>
  </StrictMode>,
);
