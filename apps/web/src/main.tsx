import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app.css';
import { I18nProvider } from '@lingui/react';
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { getAuth, onSignedOut, useAuth } from './lib/session.ts';
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

// A signed-in user sees their own language; otherwise the one last used in this browser. Only its catalog is
// fetched, before the first render (so no screen ever shows message ids).
const languageReady = activateLanguage(getAuth()?.language ?? initialLanguage());

// Sign-out from anywhere (button, any 401): forget cached data and go to the sign-in screen.
onSignedOut(() => {
  queryClient.clear();
  void router.navigate({ to: '/', replace: true });
});

// The toasts' container is fetched once signed in: only the screens behind the sign-in show toasts, so the sign-in page
// does not load it (issue 29); a toast shown before it mounts waits in the notifications store and shows then.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

function SignedInNotifications() {
  return useAuth() ? (
    <Suspense fallback={null}>
      <Notifications position="bottom-right" limit={4} />
    </Suspense>
  ) : null;
}

const colorSchemeManager = localStorageColorSchemeManager({ key: 'mantine-color-scheme-value' });

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('#root missing');

// a catalog that failed to load still shows the app (in message ids) rather than an empty page
void languageReady
  .catch(() => undefined)
  .then(() =>
    createRoot(rootElement).render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <MantineProvider theme={theme} defaultColorScheme="light" colorSchemeManager={colorSchemeManager}>
            <SignedInNotifications />
            <QueryClientProvider client={queryClient}>
              <RouterProvider router={router} />
            </QueryClientProvider>
          </MantineProvider>
        </I18nProvider>
      </StrictMode>,
    ),
  );
