import type { ImportContestPackageResponse, ImportedAccount } from '@javelin/contracts';
import { api } from '../../lib/api';

/** Contest packages (issue 43): import a CLICS contest package, list the accounts it brought. */
export const contestPackagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    importContestPackage: build.mutation<ImportContestPackageResponse, File>({
      query: (file) => {
        const body = new FormData();
        body.append('package', file, file.name);
        return { url: '/contests/import', method: 'POST', body };
      },
      invalidatesTags: ['Contests', 'Problems'],
    }),
    contestAccounts: build.query<ImportedAccount[], string>({
      query: (contestId) => `/contests/${contestId}/accounts`,
    }),
  }),
});

export const { useImportContestPackageMutation, useContestAccountsQuery } = contestPackagesApi;
