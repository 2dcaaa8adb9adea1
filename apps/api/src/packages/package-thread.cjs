'use strict';
/**
 * Reads problem packages off the API's event loop (issue 47): unzipping, YAML, the statement's
 * conversion, every test's text. Plain JavaScript, so that production (dist, beside the compiled
 * reader) and the tests (src, where swc compiles the TypeScript on require) start the same file.
 */
const { parentPort } = require('node:worker_threads');
const { existsSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

if (!existsSync(join(__dirname, 'package-reader.js'))) {
  // From the sources: swc (a dev dependency, as for the tests' own transform) compiles each .ts required.
  const swc = require('@swc/core');
  require.extensions['.ts'] = (module, filename) => {
    const { code } = swc.transformSync(readFileSync(filename, 'utf8'), {
      filename,
      jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
      module: { type: 'commonjs' },
    });
    module._compile(code, filename);
  };
}

const { PackageError, readZip } = require('./zip');
const { readPackage } = require('./package-reader');

parentPort.on('message', async ({ requestId, zip, packageName }) => {
  try {
    const read = readPackage(
      await readZip(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength)),
      packageName,
    );
    parentPort.postMessage({ requestId, read });
  } catch (error) {
    const message = String((error && error.message) || error);
    parentPort.postMessage({ requestId, error: message, packageError: error instanceof PackageError });
  }
});
