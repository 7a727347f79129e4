/**
 * The whole of Mantine's stylesheets (core, dates, notifications): loaded with every page but the
 * login (lib/i18n.ts) and with the dialogs (modals-host.tsx), never render-blocking on the login.
 * It repeats the rules of styles-first-paint.ts with the same values, so their order is harmless.
 */
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
