import { PackageUiMessages } from '@javelin/contracts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '../../lib/api';

/**
 * The upload form of a package import (a problem package or a contest package): one .zip chosen,
 * checked to be a .zip, and sent by `upload`; its error under the field, Cancel and Import below.
 * `children` are the import's own fields, between the file and the error (the problem import's
 * 'Publish now').
 */
export function ZipUploadForm({
  title,
  hint,
  fileLabel,
  inputId,
  errorId,
  upload,
  onClose,
  children,
}: {
  /** The form's accessible name (the dialog's title). */
  title: string;
  hint: string;
  fileLabel: string;
  inputId: string;
  errorId: string;
  /** Sends the zip; a throw shows as 'Import failed: <why>'. */
  upload: (file: File) => Promise<void>;
  onClose: () => void;
  children?: ReactNode;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return setError(PackageUiMessages.chooseZip);
    if (!/\.zip$/i.test(file.name)) return setError(PackageUiMessages.notAZip(file.name));
    setError(null);
    setImporting(true);
    try {
      await upload(file);
    } catch (err) {
      setError(`${PackageUiMessages.importFailed}: ${errorMessage(err)}`);
    } finally {
      setImporting(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={title}>
      <p className="muted">{hint}</p>
      <div className="field">
        <label htmlFor={inputId}>{fileLabel}</label>
        <input
          id={inputId}
          type="file"
          accept=".zip,application/zip"
          aria-invalid={!!error}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setError(null);
          }}
        />
      </div>
      {children}
      {error && (
        <div id={errorId} className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      <div className="row" style={{ justifyContent: 'flex-end', marginTop: '1rem' }}>
        <button type="button" className="btn btn-outline" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn" disabled={importing}>
          {importing ? 'Importing...' : 'Import'}
        </button>
      </div>
    </form>
  );
}
