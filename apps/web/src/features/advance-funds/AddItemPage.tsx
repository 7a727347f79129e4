import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder until the advance-funds area is built (its issue replaces this page). */
export default function AddItemPage() {
  return <ComingSoon titleKey="nav.danaTalangan" />;
}
