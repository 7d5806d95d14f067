// The staff console (docs/console.md « L’application »): the server sends this page only to a
// staff member with a live console session (plugins/console-app.ts), so the app asks who it is
// (GET /backoffice/api/me) and renders. A 401 there means the session ended meanwhile: the page
// loads again and the server starts the sign-in.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { getMe } from './api/get-me';
import { App } from './app/app';

const root = createRoot(document.getElementById('root')!);

getMe().then(
  (staff) =>
    root.render(
      <StrictMode>
        <App staff={staff} />
      </StrictMode>,
    ),
  () =>
    root.render(
      <main id="main" className="container">
        <h1>Console indisponible</h1>
        <p role="alert">La console n’a pas pu lire votre session. Rechargez la page.</p>
      </main>,
    ),
);
