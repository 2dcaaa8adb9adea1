import type { Activity, Organization, Profile, RatingChange, UpdateProfileRequest } from '@javelin/contracts';
import { api } from '../../lib/api';

/** 'me' or a userId: the owner's own profile uses /profiles/me. */
export type ProfileKey = 'me' | string;

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    profile: build.query<Profile, ProfileKey>({
      query: (key) => `/profiles/${encodeURIComponent(key)}`,
      providesTags: (_r, _e, key) => [{ type: 'Profile', id: key }],
    }),
    activity: build.query<Activity[], ProfileKey>({
      query: (key) => `/profiles/${encodeURIComponent(key)}/activity`,
      providesTags: (_r, _e, key) => [{ type: 'Profile', id: `${key}-activity` }],
    }),
    ratingHistory: build.query<RatingChange[], ProfileKey>({
      query: (key) => `/profiles/${encodeURIComponent(key)}/rating-history`,
      providesTags: (_r, _e, key) => [{ type: 'Profile', id: `${key}-rating` }],
    }),
    /** The schools and clubs a profile may name (issue 32). */
    organizations: build.query<Organization[], void>({
      query: () => '/organizations',
    }),
    updateProfile: build.mutation<Profile, UpdateProfileRequest>({
      query: (body) => ({ url: '/profiles/me', method: 'PUT', body }),
      invalidatesTags: ['Profile', 'Leaderboard'],
    }),
  }),
});

export const {
  useProfileQuery,
  useActivityQuery,
  useRatingHistoryQuery,
  useOrganizationsQuery,
  useUpdateProfileMutation,
} = profileApi;
