import { notifications } from '@mantine/notifications';

/** A short toast (green for a confirmation), readable (WCAG AA) and with a named close button. */
export function notify(title: string, message: string, color: 'green' | 'gray' = 'green') {
  notifications.show({
    color,
    title,
    message,
    closeButtonProps: { 'aria-label': 'Cerrar aviso' },
    // Mantine's default description grey is below 4.5:1 on white.
    styles: { description: { color: 'var(--mantine-color-gray-8)' } },
  });
}
