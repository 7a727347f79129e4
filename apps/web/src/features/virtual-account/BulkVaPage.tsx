import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder until the virtual-account area is built (its issue replaces this page). */
export default function BulkVaPage() {
  return <ComingSoon titleKey="nav.vaBulk" />;
}
