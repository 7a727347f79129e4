import { showInfoDialog } from './dialogs';

/** Copies and confirms with a dialog (spec 02 §8: "... berhasil disalin"). */
export async function copyWithDialog(text: string, message: string) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Clipboard access can be refused (insecure origin, permissions); fall back to a selection.
    const area = document.createElement('textarea');
    area.value = text;
    document.body.appendChild(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
  showInfoDialog(message);
}
