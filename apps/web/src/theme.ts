import { createTheme } from '@mantine/core';

/** Primary colour green; a dense, calm look for bookkeeping screens. */
export const theme = createTheme({
  primaryColor: 'green',
  // a user who asked the system for less motion gets dialogs and menus without their fade (the e2e browser asks too)
  respectReducedMotion: true,
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'sm',
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  components: {
    NavLink: { defaultProps: { variant: 'light' } },
  },
});
