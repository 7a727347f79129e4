/**
 * The public payment page's own entry (pay.html): React and the page, nothing of the back office
 * (no Mantine, no router, no i18next), so `/pay/…` loads a small bundle on a slow phone.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import PayPage from './features/paylink/PayPage';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <PayPage />
    </StrictMode>,
  );
}
