import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './styles/base.css';
import './styles/header.css';
import './styles/popovers.css';
import './styles/blog-card.css';
import './styles/pages.css';
import './styles/messaging.css';
import './styles/composer.css';
import './styles/posts.css';
import './styles/video-player.css';
import './styles/drawer.css';
import './styles/blog-viewer.css';
import './styles/docking.css';
import './styles/search.css';
import './styles/share.css';
import './styles/moderation.css';
import './styles/archive.css';
import './styles/appearance.css';
import './styles/analytics.css';
import './styles/groups.css';
import './styles/help.css';
import './styles/mobile.css';
import './styles/phone-pages.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
