import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder until the nmid area is built (its issue replaces this page). */
export default function AddNmidPage() {
  return <ComingSoon titleKey="nav.nmid" />;
}
