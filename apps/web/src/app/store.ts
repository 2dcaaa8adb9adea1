import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { authReducer } from '../features/auth/authSlice';
import { clockReducer } from '../features/clock/clockSlice';
import { themeReducer } from '../features/theme/themeSlice';
import { toastReducer } from '../features/toast/toastSlice';
import { api } from '../services/api';

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
export type AppDispatch = AppStore['dispatch'];
