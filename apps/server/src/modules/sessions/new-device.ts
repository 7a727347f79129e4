import { formatWibDateTime, languageFromCode, translate } from '@gerbang/shared';
import type { UserRow } from '../../http/auth-context';
import type { Services } from '../../http/services';
import { LOCAL_PLACE, placeOf } from '../../platform/session/device';
import { isNewDevice } from '../../platform/session/session-admin';

/**
 * The new-device login alert: a login whose browser and OS label none of the
 * user's earlier sessions had sends the user an e-mail with the device, IP, place and time, so
 * an unknown login is noticed. Sent through the mailer's outbox (a failing SMTP never fails the
 * login: the outbox row stays and is retried).
 */
export async function alertNewDevice(
  services: Services,
  user: Pick<UserRow, 'id' | 'username' | 'nama' | 'language'>,
  session: { id: number; device: string },
  request: { ip: string },
): Promise<boolean> {
  if (!(await isNewDevice(services.db, user.id, session.id, session.device))) return false;
  const lang = languageFromCode(user.language) ?? 'id';
  const place = placeOf(request.ip);
  const placeText =
    place === LOCAL_PLACE
      ? translate(lang, 'sessions.place.local')
      : place === ''
        ? translate(lang, 'sessions.place.unknown')
        : place;
  try {
    await services.mail.send({
      to: user.username,
      kind: 'new_device_login',
      subject: translate(lang, 'sessions.mail.newDeviceSubject'),
      text: translate(lang, 'sessions.mail.newDeviceBody', {
        name: user.nama,
        device: session.device || '-',
        ip: request.ip,
        place: placeText,
        time: formatWibDateTime(services.now()),
      }),
    });
  } catch (error) {
    services.log.error({ err: error }, 'new-device mail failed');
  }
  return true;
}
