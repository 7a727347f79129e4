import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder until the credentials area is built (its issue replaces this page). */
export default function CredentialServerPage() {
  return <ComingSoon titleKey="nav.credentialServer" />;
}
