import { i18next } from './i18n';
import { loadModals } from './lazy-modals';

/**
 * The error dialog of spec 01 §8: the server's description with an OK button. The modal stack
 * loads on first use (lib/lazy-modals.tsx), so the dialog opens a moment after the call.
 */
export function showErrorDialog(message: string, title = i18next.t('common.attention')) {
  void loadModals()
    .then(() => import('./modals-host'))
    .then((host) => host.openErrorDialog(message, title));
}

export function showInfoDialog(message: string, title = i18next.t('common.success')) {
  showErrorDialog(message, title);
}
