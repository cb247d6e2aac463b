import type { ErrorCode, Language } from '@app/domain';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Box, Button, Center, Checkbox, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { errorMessages, genericErrorMessage } from '../../lib/errorMessages.ts';
import { appCodeOf } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { AppLogo } from '../../ui/icons.tsx';
import { activateLanguage } from '../i18n/i18n.ts';
import { LanguageSwitch } from '../i18n/LanguageSwitch.tsx';
import { resolveLanding } from '../scope/loadScope.ts';
import { setAuth } from '../../lib/session.ts';

type Mode = 'signIn' | 'change';

interface Notice {
  kind: 'error' | 'success';
  message: MessageDescriptor;
}

const passwordChanged = msg`Das Passwort wurde geändert. Bitte mit dem neuen Passwort anmelden.`;

/** `/`: sign-in, and the change-password mode (spec 1 §2, §4, §8). */
/** The routes a sign-in lands on: the signed-in frame, a scope and its home. */
const landingRoutes = ['/_authed', '/_authed/dept/$dept/year/$year', '/_authed/dept/$dept/year/$year/'] as const;

/**
 * Once the sign-in page is idle (the user types): the code of the signed-in frame and of a scope's home, so signing
 * in waits for the server, not for downloads. The sign-in page itself does not wait for it (issue 29).
 */
function usePrefetchSignedInFrame() {
  const router = useRouter();
  useEffect(() => {
    const prefetch = () => {
      for (const id of landingRoutes) void router.loadRouteChunk(router.routesById[id])?.catch(() => undefined);
    };
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(prefetch, { timeout: 2000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(prefetch, 500);
    return () => clearTimeout(timer);
  }, [router]);
}

export function SignInPage() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('signIn');
  const [notice, setNotice] = useState<Notice | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { username: '', password: '', newPassword: '', newPasswordRepeat: '', remember: false },
  });

  usePrefetchSignedInFrame();

  const login = useMutation(trpc.auth.login.mutationOptions());
  const changePassword = useMutation(trpc.auth.changePassword.mutationOptions());
  const pending = login.isPending || changePassword.isPending;

  function showError(error: unknown) {
    const code: ErrorCode | null = appCodeOf(error);
    form.setValues({ password: '', newPassword: '', newPasswordRepeat: '' });
    setNotice({ kind: 'error', message: code ? errorMessages[code] : genericErrorMessage });
    if (code === 'PasswordExpired') setMode('change');
    requestAnimationFrame(() => form.getInputNode('password')?.focus());
  }

  async function submit(values: typeof form.values) {
    setNotice(null);
    const username = values.username.trim();
    if (mode === 'signIn') {
      try {
        const result = await login.mutateAsync({ username, password: values.password, remember: values.remember });
        setAuth(result, values.remember);
        await activateLanguage(result.language);
        await navigate({ href: await resolveLanding(), replace: true });
      } catch (error) {
        showError(error);
      }
      return;
    }
    try {
      await changePassword.mutateAsync({
        username,
        password: values.password,
        newPassword: values.newPassword,
        newPasswordRepeat: values.newPasswordRepeat,
        remember: values.remember,
      });
      form.setValues({ password: '', newPassword: '', newPasswordRepeat: '' });
      setMode('signIn');
      setNotice({ kind: 'success', message: passwordChanged });
      requestAnimationFrame(() => form.getInputNode('password')?.focus());
    } catch (error) {
      showError(error);
    }
  }

  function switchMode(next: Mode) {
    setMode(next);
    setNotice(null);
    form.setValues({ newPassword: '', newPasswordRepeat: '' });
  }

  function changeLanguage(language: Language) {
    void activateLanguage(language);
  }

  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-body)">
      <Box w="100%" maw={400}>
        <Paper withBorder shadow="sm" radius="md" p="xl">
          <Group justify="space-between" align="flex-start" mb="lg" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <AppLogo size={36} />
              <div>
                <Title order={4} lh={1.2} style={{ whiteSpace: 'nowrap' }}>
                  {t`Feuerwehr-Haushalt`}
                </Title>
                <Text size="xs" c="dimmed">
                  {mode === 'signIn' ? t`Anmelden` : t`Passwort ändern`}
                </Text>
              </div>
            </Group>
            <LanguageSwitch onChange={changeLanguage} />
          </Group>
          <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate data-testid="sign-in-form">
            <Stack gap="sm">
              <TextInput
                label={t`Benutzername`}
                name="username"
                autoComplete="username"
                autoFocus
                required
                maxLength={20}
                {...form.getInputProps('username')}
              />
              <PasswordInput
                label={mode === 'signIn' ? t`Passwort` : t`Bisheriges Passwort`}
                name="password"
                autoComplete="current-password"
                required
                maxLength={20}
                {...form.getInputProps('password')}
              />
              {mode === 'change' ? (
                <>
                  <PasswordInput
                    label={t`Neues Passwort`}
                    name="newPassword"
                    autoComplete="new-password"
                    required
                    maxLength={20}
                    {...form.getInputProps('newPassword')}
                  />
                  <PasswordInput
                    label={t`Neues Passwort wiederholen`}
                    name="newPasswordRepeat"
                    autoComplete="new-password"
                    required
                    maxLength={20}
                    {...form.getInputProps('newPasswordRepeat')}
                  />
                </>
              ) : null}
              <Checkbox label={t`Angemeldet bleiben`} name="remember" {...form.getInputProps('remember', { type: 'checkbox' })} />
              {notice ? (
                <Alert color={notice.kind === 'error' ? 'red' : 'green'} variant="light" py="xs" data-testid={`sign-in-${notice.kind}`} role="alert">
                  {i18n._(notice.message)}
                </Alert>
              ) : null}
              {mode === 'signIn' ? (
                <Button type="submit" fullWidth loading={pending} mt={4}>
                  {t`Anmelden`}
                </Button>
              ) : (
                <Group grow mt={4}>
                  <Button variant="default" onClick={() => switchMode('signIn')} disabled={pending}>
                    {t`Zurück`}
                  </Button>
                  <Button type="submit" loading={pending}>
                    {t`OK`}
                  </Button>
                </Group>
              )}
            </Stack>
          </form>
          {mode === 'signIn' ? (
            <Text ta="center" size="xs" mt="md">
              <Anchor component="button" type="button" size="xs" onClick={() => switchMode('change')} data-testid="change-password-toggle">
                <Trans>Passwort ändern</Trans>
              </Anchor>
            </Text>
          ) : null}
        </Paper>
      </Box>
    </Center>
  );
}
