import {
  ContestPackageUiMessages,
  PackageUiMessages,
  type ImportContestPackageResponse,
} from '@javelin/contracts';
import { useState, type FormEvent } from 'react';
import { Icon } from '../../components/Icon';
import { Modal } from '../../components/Modal';
import { errorMessage } from '../../lib/api';
import { useContestAccountsQuery, useImportContestPackageMutation } from './contestPackagesApi';

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
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [imported, setImported] = useState<ImportContestPackageResponse | null>(null);
  const [importPackage, { isLoading }] = useImportContestPackageMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return setError(PackageUiMessages.chooseZip);
    if (!/\.zip$/i.test(file.name)) return setError(PackageUiMessages.notAZip(file.name));
    setError(null);
    try {
      setImported(await importPackage(file).unwrap());
    } catch (err) {
      setError(`${PackageUiMessages.importFailed}: ${errorMessage(err)}`);
    }
  };

  return (
    <Modal title={ContestPackageUiMessages.importTitle} onClose={onClose}>
      {!imported ? (
        <form onSubmit={(e) => void submit(e)} noValidate aria-label={ContestPackageUiMessages.importTitle}>
          <p className="muted">{ContestPackageUiMessages.importHint}</p>
          <div className="field">
            <label htmlFor="contest-package-file">Contest package (.zip)</label>
            <input
              id="contest-package-file"
              type="file"
              accept=".zip,application/zip"
              aria-invalid={!!error}
              aria-describedby={error ? 'contest-package-error' : undefined}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setError(null);
              }}
            />
          </div>
          {error && (
            <div id="contest-package-error" className="alert alert-error" role="alert">
              {error}
            </div>
          )}
          <div className="row" style={{ justifyContent: 'flex-end', marginTop: '1rem' }}>
            <button type="button" className="btn btn-outline" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="btn" disabled={isLoading}>
              {isLoading ? 'Importing...' : 'Import'}
            </button>
          </div>
        </form>
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
