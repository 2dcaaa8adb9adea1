import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './app/router';
import { makeStore } from './app/store';
import { setUnauthorizedRedirect } from './lib/api';
import './styles.css';

const store = makeStore();
const router = createBrowserRouter(routes);
// A 401 ends the session (spec §4); signing in again comes back to the page it happened on.
setUnauthorizedRedirect(() => {
  const { pathname, search } = router.state.location;
  void router.navigate('/auth', { state: { from: `${pathname}${search}` } });
});

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
);
