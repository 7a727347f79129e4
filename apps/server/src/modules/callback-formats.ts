import { registerCallbackFormat } from './callbacks/formats';
import { SNAP_CALLBACK_FORMATS } from './snap/snap-notification';

/**
 * Every callback type sent in another protocol than Gerbang's own callback (callbacks/formats.ts):
 * the composition root (bootstrap) registers them once, so the callback engine imports no feature.
 */
export function registerCallbackFormats(): void {
  // The SNAP-signed payment notifications (modules/snap/snap-notification.ts).
  for (const { type, format } of SNAP_CALLBACK_FORMATS) registerCallbackFormat(type, format);
}
