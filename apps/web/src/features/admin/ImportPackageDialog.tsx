import { Icon } from '../../components/Icon';
import {
  PackageUiMessages,
  type ImportPackageResponse,
  type JurySubmissionVerdict,
  type VerifyPackageResponse,
} from '@javelin/contracts';
import { Fragment, useState } from 'react';
import { Modal } from '../../components/Modal';
import { errorMessage } from '../../lib/api';
import { verdictLabel } from '../submissions/TestResults';
import { useImportPackageMutation, useVerifyPackageMutation } from './packagesApi';
import { ZipUploadForm } from './ZipUploadForm';

/** A verdict name of the judge (or of a package folder) in words. */
function verdictWords(verdict: string): string {
  const words = verdictLabel(verdict);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The upload: a .zip chosen, checked, and sent, published now or not; `onImported` gets what the import read. */
function ImportForm({
  onImported,
  onClose,
}: {
  onImported: (result: ImportPackageResponse) => Promise<void>;
  onClose: () => void;
}) {
  const [publish, setPublish] = useState(false);
  const [importPackage] = useImportPackageMutation();
  return (
    <ZipUploadForm
      title={PackageUiMessages.importTitle}
      hint={PackageUiMessages.importHint}
      fileLabel="Package (.zip)"
      inputId="package-file"
      errorId="package-file-error"
      upload={async (file) => onImported(await importPackage({ file, publish }).unwrap())}
      onClose={onClose}
    >
      <div className="field">
        <label className="row" style={{ fontWeight: 400 }}>
          <input
            type="checkbox"
            checked={publish}
            aria-describedby="package-publish-hint"
            onChange={(e) => setPublish(e.target.checked)}
          />{' '}
          {PackageUiMessages.publishNow}
        </label>
        <p id="package-publish-hint" className="muted">
          {PackageUiMessages.publishHint}
        </p>
      </div>
    </ZipUploadForm>
  );
}

/** What the import read by default or left out, each with a warning icon. */
function ImportWarnings({ warnings }: { warnings: string[] }) {
  return (
    <section className="section" aria-labelledby="import-warnings-heading">
      <h3 id="import-warnings-heading">Warnings</h3>
      {warnings.length === 0 ? (
        <p className="muted">{PackageUiMessages.noWarnings}</p>
      ) : (
        <ul className="warning-list" data-testid="import-warnings">
          {warnings.map((w, i) => (
            <li key={i}>
              <Icon name="warning" size={14} /> {w}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Problem Management's "Import package" (issue 29): the admin uploads a package zip, reads what the
 * import warns of, and the package's jury submissions are then judged and listed, each marked ok or
 * not ok with an icon and a word (never colour alone).
 */
export function ImportPackageDialog({ onClose }: { onClose: () => void }) {
  const [imported, setImported] = useState<ImportPackageResponse | null>(null);
  const [verification, setVerification] = useState<VerifyPackageResponse | null>(null);
  const [verifyError, setVerifyError] = useState<string | null>(null);
  const [verifyPackage, { isLoading: verifying }] = useVerifyPackageMutation();

  const verify = async (id: string) => {
    setVerifyError(null);
    try {
      setVerification(await verifyPackage(id).unwrap());
    } catch (err) {
      setVerifyError(`${PackageUiMessages.verifyFailed}: ${errorMessage(err)}`);
    }
  };

  const onImported = async (result: ImportPackageResponse) => {
    setImported(result);
    await verify(result._id);
  };

  return (
    <Modal title={PackageUiMessages.importTitle} onClose={onClose}>
      {!imported ? (
        <ImportForm onImported={onImported} onClose={onClose} />
      ) : (
        <div className="package-report" data-testid="import-report">
          <div className="alert alert-success" role="status">
            <span>
              {PackageUiMessages.imported(imported.title)}{' '}
              <span className="muted">
                ({imported.kind === 'stdio' ? 'classic problem' : 'function problem'})
              </span>
            </span>
            <span data-testid="import-visibility">
              {' '}
              {imported.isVisible ? PackageUiMessages.importedPublished : PackageUiMessages.importedHidden}
            </span>
          </div>
          <ImportWarnings warnings={imported.warnings} />
          <section className="section" aria-labelledby="verification-heading">
            <div className="row" style={{ justifyContent: 'space-between' }}>
              <h3 id="verification-heading">Jury Submissions</h3>
              <button
                type="button"
                className="btn btn-outline btn-sm"
                disabled={verifying}
                onClick={() => void verify(imported._id)}
              >
                {verifying ? 'Verifying...' : 'Verify again'}
              </button>
            </div>
            {verifying && (
              <p className="muted" role="status">
                {PackageUiMessages.verifying}
              </p>
            )}
            {verifyError && (
              <div className="alert alert-error" role="alert">
                {verifyError}
              </div>
            )}
            {verification && !verifying && <VerificationTable submissions={verification.submissions} />}
          </section>
          <div className="row" style={{ justifyContent: 'flex-end', marginTop: '1rem' }}>
            <button type="button" className="btn" onClick={onClose}>
              Done
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}

/**
 * Each jury submission: its path, the verdicts its folder allows, the verdict it got, ok or not ok; and
 * below it the output validator's feedback on the test that decided, when the validator wrote any.
 */
export function VerificationTable({ submissions }: { submissions: readonly JurySubmissionVerdict[] }) {
  if (submissions.length === 0) return <p className="muted">{PackageUiMessages.noJurySubmissions}</p>;
  const failed = submissions.filter((s) => !s.ok).length;
  return (
    <>
      <p
        className={failed ? 'alert alert-error' : 'alert alert-success'}
        role="status"
        data-testid="verification-summary"
      >
        {failed
          ? PackageUiMessages.verifiedSome(failed, submissions.length)
          : PackageUiMessages.verifiedAll(submissions.length)}
      </p>
      <div className="table-wrap">
        <table className="verification-table" data-testid="verification-table">
          <thead>
            <tr>
              <th scope="col">Submission</th>
              <th scope="col">Expected</th>
              <th scope="col">Got</th>
              <th scope="col">Slowest test</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {submissions.map((s) => (
              <Fragment key={s.path}>
                <tr data-testid="verification-row" className={s.ok ? 'verdict-ok' : 'verdict-not-ok'}>
                  <td data-label="Submission">
                    <code className="jury-path">
                      {s.path.split('/').map((part, i, parts) => (
                        // A narrow screen breaks a long path after a slash, never inside a name.
                        <span key={i}>
                          {part}
                          {i < parts.length - 1 && (
                            <>
                              /<wbr />
                            </>
                          )}
                        </span>
                      ))}
                    </code>
                  </td>
                  <td data-label="Expected">{s.expected.map(verdictWords).join(' or ')}</td>
                  <td data-label="Got">{verdictWords(s.verdict)}</td>
                  <td data-label="Slowest test" data-testid="verification-time">
                    {s.maxTimeMs !== undefined && s.timeLimitMs !== undefined
                      ? PackageUiMessages.slowestOfLimit(s.maxTimeMs, s.timeLimitMs)
                      : ''}
                  </td>
                  <td data-label="Result">
                    <span className={`verify-mark ${s.ok ? 'ok' : 'not-ok'}`}>
                      <Icon name={s.ok ? 'accepted' : 'wrong_answer'} size={14} /> {s.ok ? 'ok' : 'not ok'}
                    </span>
                  </td>
                </tr>
                {s.feedback && (
                  <tr data-testid="verification-feedback" className="verification-feedback">
                    <td colSpan={5}>
                      {/* The validator's judgemessage.txt (admins only): open where the verdict is not the folder's. */}
                      <details open={!s.ok}>
                        <summary>{PackageUiMessages.validatorFeedback(s.feedback.test)}</summary>
                        <pre>{s.feedback.message}</pre>
                      </details>
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
