import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ServerTime } from '@javelin/contracts';
import { api } from '../../lib/api';

/** Spec §9: the clock is resynced every 300,000 ms. */
export const CLOCK_RESYNC_MS = 300_000;

const clockSlice = createSlice({
  name: 'clock',
  initialState: { offsetMs: 0, synced: false },
  reducers: {
    clockSynced(state, action: PayloadAction<{ serverTime: string; localTime: number }>) {
      const server = new Date(action.payload.serverTime).getTime();
      if (Number.isNaN(server)) return;
      state.offsetMs = server - action.payload.localTime;
      state.synced = true;
    },
  },
});

export const { clockSynced } = clockSlice.actions;
export const clockReducer = clockSlice.reducer;

/** "Now" corrected by the server's clock. */
export function correctedNow(offsetMs: number): Date {
  return new Date(Date.now() + offsetMs);
}

export const clockApi = api.injectEndpoints({
  endpoints: (build) => ({
    serverTime: build.query<ServerTime, void>({
      query: () => ({ url: '/time' }),
      extraOptions: { skipAuthRedirect: true },
    }),
  }),
});
