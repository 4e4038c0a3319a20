import { createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  // Darker default shade keeps white text on buttons above 4.5:1 contrast (WCAG AA).
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  // Filled buttons and badges pick black or white text, whichever contrasts more (WCAG AA):
  // at this threshold green, orange and red fills get black text, blue keeps white.
  autoContrast: true,
  luminanceThreshold: 0.18,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  // Mantine's close buttons have no accessible name by default. (Plain objects rather than
  // Modal.extend(): importing the components here would put them in the login page's download.)
  components: {
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar aviso' } } },
  },
});

// Mantine's light-scheme defaults put some text under WCAG AA's 4.5:1 (found by axe-core):
// dimmed text (gray 6) is 3.3:1 on white and 2.9:1 on the login background, field errors
// (red 6) 3.3:1, light-variant blue text such as the active menu entry (blue 8 on its tinted
// background) 4.4:1, and links (blue 8) 4.3:1 inside a red alert. The darker shades chosen
// here keep each above 4.5:1.
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7],
    '--mantine-color-error': t.colors.red[9],
    '--mantine-color-blue-light-color': t.colors.blue[9],
    '--mantine-color-anchor': t.colors.blue[9],
    // Light-variant badges and alerts: their text on the tinted background.
    '--mantine-color-green-light-color': '#1d6b2b',
    '--mantine-color-orange-light-color': '#a33b07',
    // Darker than red 9: 'Debe $ 3.000' also sits on striped table rows.
    '--mantine-color-red-light-color': '#a61e1e',
    '--mantine-color-teal-light-color': t.colors.teal[9],
    '--mantine-color-yellow-light-color': '#7a4600',
    // Filled red takes black text (autoContrast): its hover must get lighter, not darker
    // (black on red 9 is 3.8:1; on red 7, 5.5:1).
    '--mantine-color-red-filled-hover': t.colors.red[7],
  },
  dark: {},
});
