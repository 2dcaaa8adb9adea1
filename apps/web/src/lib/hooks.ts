import { useDispatch, useSelector } from 'react-redux';

/**
 * The store's state and dispatch, for the typed hooks below. The store is built in app/store.ts,
 * the composition root, which fills these two in (declaration merging) with the types of its
 * reducers and middleware: so the hooks know every slice without lib/ importing app/ or a feature.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface RootState {}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AppDispatch {}

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
