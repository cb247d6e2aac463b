import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app.css';
import { I18nProvider } from '@lingui/react';
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getAuth, onSignedOut } from './lib/session.ts';
import { activateLanguage, i18n, initialLanguage } from './features/i18n/i18n.ts';
import { queryClient } from './lib/trpc.ts';
import { routeTree } from './routeTree.gen.ts';
import { theme } from './theme.ts';

const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  // loaders read through TanStack Query, which owns caching
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

// A signed-in user sees their own language; otherwise the one last used in this browser.
activateLanguage(getAuth()?.language ?? initialLanguage());

// Sign-out from anywhere (button, any 401): forget cached data and go to the sign-in screen.
onSignedOut(() => {
  queryClient.clear();
  void router.navigate({ to: '/', replace: true });
});

const colorSchemeManager = localStorageColorSchemeManager({ key: 'mantine-color-scheme-value' });

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('#root missing');

createRoot(rootElement).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme} defaultColorScheme="light" colorSchemeManager={colorSchemeManager}>
        <ModalsProvider>
          <Notifications position="bottom-right" limit={4} />
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </ModalsProvider>
      </MantineProvider>
    </I18nProvider>
  </StrictMode>,
);
