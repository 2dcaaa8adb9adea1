import { ContestPackageUiMessages, type ImportContestPackageResponse } from '@javelin/contracts';
import { useState } from 'react';
import { Icon } from '../../components/Icon';
import { Modal } from '../../components/Modal';
import { errorMessage } from '../../lib/api';
import { useContestAccountsQuery, useImportContestPackageMutation } from './contestPackagesApi';
import { ZipUploadForm } from './ZipUploadForm';

/** The accounts a contest's package brought: username, team and label, never a password. */
export function ImportedAccountsTable({ contestId }: { contestId: string }) {
  const accounts = useContestAccountsQuery(contestId);
  if (accounts.isLoading) return <p className="muted">Loading accounts...</p>;
  if (accounts.error) return <p className="alert alert-error">{errorMessage(accounts.error)}</p>;
  const rows = accounts.data ?? [];
  if (rows.length === 0) return <p className="muted">{ContestPackageUiMessages.noImportedAccounts}</p>;
  return (
    <table
      className="table"
      aria-label={ContestPackageUiMessages.importedAccounts}
      data-testid="imported-accounts"
    >
      <thead>
        <tr>
          <th scope="col">Username</th>
          <th scope="col">Team</th>
          <th scope="col">{ContestPackageUiMessages.label}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((a) => (
          <tr key={a.userId}>
            <td>{a.username}</td>
            <td>{a.teamName ?? a.type}</td>
            <td>{a.label ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Contest Management's "Import contest package" (issue 43): the admin uploads a CLICS contest package,
 * reads what the import warns of and the team accounts it brought.
 */
export function ImportContestPackageDialog({ onClose }: { onClose: () => void }) {
  const [imported, setImported] = useState<ImportContestPackageResponse | null>(null);
  const [importPackage] = useImportContestPackageMutation();

  return (
    <Modal title={ContestPackageUiMessages.importTitle} onClose={onClose}>
      {!imported ? (
        <ZipUploadForm
          title={ContestPackageUiMessages.importTitle}
          hint={ContestPackageUiMessages.importHint}
          fileLabel="Contest package (.zip)"
          inputId="contest-package-file"
          errorId="contest-package-error"
          upload={async (file) => setImported(await importPackage(file).unwrap())}
          onClose={onClose}
        />
      ) : (
        <div data-testid="contest-import-report">
          <div className="alert alert-success" role="status">
            {ContestPackageUiMessages.imported}: {imported.clicsId}
          </div>
          {imported.warnings.length > 0 && (
            <ul className="warning-list" data-testid="contest-import-warnings">
              {imported.warnings.map((w, i) => (
                <li key={i}>
                  <Icon name="warning" size={14} /> {w}
                </li>
              ))}
            </ul>
          )}
          <h3>{ContestPackageUiMessages.importedAccounts}</h3>
          <ImportedAccountsTable contestId={imported._id} />
          <div className="row" style={{ justifyContent: 'flex-end', marginTop: '1rem' }}>
            <button type="button" className="btn" onClick={onClose}>
              Close
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
