import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { followNetwork } from './app/network';
import { registerAllPlaces } from './app/registerPlaces';
import { handOffToken } from './app/tokenHandoff';
import { loadLocale } from './i18n';
import './styles/global.css';

async function start(): Promise<void> {
  // The dictionary is awaited so the first screen reads in words, not keys; a failure is only logged.
  registerAllPlaces();
  followNetwork();
  await loadLocale();
  await handOffToken();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
