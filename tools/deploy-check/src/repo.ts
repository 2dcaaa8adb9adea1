import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';

/** The repository root (tools/deploy-check/src -> ../../..). */
export const ROOT = resolve(__dirname, '../../..');

export const repoPath = (...parts: string[]): string => resolve(ROOT, ...parts);

export const readRepoFile = (...parts: string[]): string => readFileSync(repoPath(...parts), 'utf8');

/** A rendered Kubernetes object, loosely typed: the tests read it as plain data. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type K8sObject = { apiVersion: string; kind: string; metadata: { name: string; namespace?: string; [k: string]: any }; [k: string]: any };

/** kubectl to use: $KUBECTL, else the one on PATH. */
export function kubectlBinary(): string {
  return process.env.KUBECTL || 'kubectl';
}

/** Render a kustomization directory (relative to the repository root) with `kubectl kustomize`. */
export function kustomize(dir: string): K8sObject[] {
  const path = repoPath(dir);
  if (!existsSync(resolve(path, 'kustomization.yaml'))) throw new Error(`no kustomization.yaml in ${dir}`);
  let out: string;
  try {
    out = execFileSync(kubectlBinary(), ['kustomize', path], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 32 << 20,
    });
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT') {
      throw new Error(`${kubectlBinary()} not found: install kubectl (Debian: apt-get install kubernetes-client) or set KUBECTL`);
    }
    throw new Error(`kubectl kustomize ${dir} failed: ${e.stderr || e.message}`);
  }
  return parseYamlStream(out);
}

/** Parse a multi-document YAML stream; a document with a YAML error fails the parse. */
export function parseYamlStream(text: string): K8sObject[] {
  const docs = parseAllDocuments(text, { merge: true });
  const objects: K8sObject[] = [];
  for (const doc of docs) {
    if (doc.errors.length) throw new Error(`YAML error: ${doc.errors[0].message}`);
    const js = doc.toJS();
    if (js !== null && js !== undefined) objects.push(js as K8sObject);
  }
  return objects;
}

/** Files tracked by git under a folder (what an operator's clone holds). */
export function trackedFiles(dir: string): string[] {
  const out = execFileSync('git', ['ls-files', '--', dir], { cwd: ROOT, encoding: 'utf8' });
  return out.split('\n').filter(Boolean);
}
