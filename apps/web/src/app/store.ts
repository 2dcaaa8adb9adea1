import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { authReducer } from '../features/auth/authSlice';
import { clockReducer } from '../features/clock/clockSlice';
import { themeReducer } from '../features/theme/themeSlice';
import { toastReducer } from '../features/toast/toastSlice';
import { api } from '../lib/api';

const rootReducer = combineReducers({
  auth: authReducer,
  toast: toastReducer,
  theme: themeReducer,
  clock: clockReducer,
  [api.reducerPath]: api.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
type StoreState = RootState;
type StoreDispatch = AppStore['dispatch'];

// The typed hooks of lib/hooks.ts use this store's state and dispatch.
declare module '../lib/hooks' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface RootState extends StoreState {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppDispatch extends StoreDispatch {}
}
