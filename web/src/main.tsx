import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { removeAuthTokensFromAddress } from '@/lib/auth-redirect';
import './index.css';

removeAuthTokensFromAddress();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
