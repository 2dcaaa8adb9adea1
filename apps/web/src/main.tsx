import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './app/router';
import { makeStore } from './app/store';
import { setUnauthorizedRedirect } from './services/api';
import './styles.css';

const store = makeStore();
const router = createBrowserRouter(routes);
setUnauthorizedRedirect(() => void router.navigate('/auth'));

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
);
