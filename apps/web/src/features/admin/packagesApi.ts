import type { ImportPackageResponse, VerifyPackageResponse } from '@javelin/contracts';
import { api } from '../../lib/api';

/** A downloaded export: an object URL of the zip (revoke it once used) and the file name to save it as. */
export interface ExportedPackage {
  url: string;
  fileName: string;
}

/** The file name of a download: the server's Content-Disposition, else `<fallback>.zip`. */
export function downloadName(contentDisposition: string | null, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(contentDisposition ?? '');
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1]);
    } catch {
      // a malformed header falls through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(contentDisposition ?? '');
  return plain?.[1] ?? `${fallback}.zip`;
}

/** Problem packages (issue 29): import a zip, verify its jury submissions, export a problem as a zip. */
export const packagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Imports start hidden (issue 47): `publish` shows the problem to everyone at once. */
    importPackage: build.mutation<ImportPackageResponse, { file: File; publish: boolean }>({
      query: ({ file, publish }) => {
        const body = new FormData();
        body.append('package', file, file.name);
        return { url: `/problems/import${publish ? '?publish=true' : ''}`, method: 'POST', body };
      },
      invalidatesTags: ['Problems', 'Stats'],
    }),
    verifyPackage: build.mutation<VerifyPackageResponse, string>({
      query: (id) => ({ url: `/problems/${id}/verify`, method: 'POST' }),
    }),
    exportPackage: build.mutation<ExportedPackage, string>({
      query: (id) => ({
        url: `/problems/${id}/export`,
        // The zip becomes an object URL here, so only strings reach the store; errors stay JSON.
        responseHandler: async (response) =>
          response.ok
            ? {
                url: URL.createObjectURL(await response.blob()),
                fileName: downloadName(response.headers.get('Content-Disposition'), `problem-${id}`),
              }
            : response.json().catch(() => undefined),
      }),
    }),
  }),
});

export const { useImportPackageMutation, useVerifyPackageMutation, useExportPackageMutation } = packagesApi;

/** Saves an exported zip through a temporary link, then lets the object URL go. */
export function saveDownload({ url, fileName }: ExportedPackage): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
