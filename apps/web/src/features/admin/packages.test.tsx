import { File as NodeFile } from 'node:buffer';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ContestPackageUiMessages,
  type ImportPackageResponse,
  type Problem,
  type VerifyPackageResponse,
} from '@javelin/contracts';
import { AdminContestsPage } from './AdminContestsPage';
import { AdminProblemsPage } from './AdminProblemsPage';
import { downloadName } from './packagesApi';
import { mockApi, renderRoute, signedInState } from '../../test/utils';
import type { AnyProblem } from '../problems/classic';

/*
 * jsdom's FormData and File are not the ones Node's fetch (which RTK Query's Request goes through)
 * can send: an upload test uses Node's own, as a browser's fetch takes the browser's.
 */
const NodeFormData = (await new Response(new URLSearchParams('a=1')).formData())
  .constructor as typeof FormData;
/** What the import appended to its FormData: each field's name, file name and size. */
let appended: [string, string, number][] = [];
beforeEach(() => {
  vi.stubGlobal('FormData', NodeFormData);
  appended = [];
  const append = NodeFormData.prototype.append;
  vi.spyOn(NodeFormData.prototype, 'append').mockImplementation(function (
    this: FormData,
    name: string,
    value: string | Blob,
    fileName?: string,
  ) {
    if (typeof value !== 'string') appended.push([name, fileName ?? '', value.size]);
    const original = append as (this: FormData, ...args: [string, string | Blob, string?]) => void;
    return fileName === undefined
      ? original.call(this, name, value)
      : original.call(this, name, value, fileName);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const classic: AnyProblem = {
  _id: 'c1',
  id: 'c1',
  title: 'Hello Sum',
  description: 'Print $a+b$.',
  constraints: '',
  difficulty: 'easy',
  points: 10,
  inputVariables: [],
  testCases: [],
  functionName: '',
  returnType: 'int',
  boilerplateCode: '',
  tags: ['icpc'],
  isVisible: true,
  testCaseCount: 2,
  kind: 'stdio',
  timeLimitMs: 2000,
  memoryLimitMb: 512,
  validatorFlags: ['float_tolerance', '1e-6'],
};

const imported: ImportPackageResponse = {
  _id: 'c1',
  title: 'Hello Sum',
  kind: 'stdio',
  warnings: ['no time limit in problem.yaml: 1 s used', 'problem_statement/problem.fr.tex was not read'],
  isVisible: false,
};

const verified = (okAll: boolean): VerifyPackageResponse => ({
  submissions: [
    { path: 'submissions/accepted/Sol.java', expected: ['accepted'], verdict: 'accepted', ok: true },
    {
      path: 'submissions/wrong_answer/Off.java',
      expected: ['wrong_answer'],
      verdict: okAll ? 'wrong_answer' : 'accepted',
      ok: okAll,
      feedback: { test: 'secret/g1/02', message: 'read 31 but the answer is 30' },
    },
  ],
});

const zip = () =>
  new NodeFile([new Uint8Array([0x50, 0x4b, 3, 4])], 'hello.zip', {
    type: 'application/zip',
  }) as unknown as File;

async function openImport() {
  const user = userEvent.setup();
  renderRoute(<AdminProblemsPage />, { preloadedState: signedInState({ isAdmin: true }) });
  await user.click(screen.getByRole('button', { name: 'Import package' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Import package' }) };
}

describe('import package', () => {
  it('imports hidden unless "Publish now" is checked, and says which (issue 47)', async () => {
    const asked: (string | null)[] = [];
    mockApi({
      'GET /admin/problems': { body: [] },
      'POST /problems/import': ({ url }: { url: URL }) => {
        asked.push(url.searchParams.get('publish'));
        return { status: 201, body: { ...imported, isVisible: url.searchParams.get('publish') === 'true' } };
      },
      'POST /problems/c1/verify': { body: verified(true) },
    });
    const { user, dialog } = await openImport();
    const publish = within(dialog).getByRole('checkbox', { name: 'Publish now' });
    expect(publish).not.toBeChecked();
    await user.upload(within(dialog).getByLabelText('Package (.zip)'), zip());
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByTestId('import-visibility')).toHaveTextContent(
      'Hidden: only admins and contests see it until you publish it.',
    );
    expect(asked).toEqual([null]);
  });

  it('publishes at once when "Publish now" is checked', async () => {
    const asked: (string | null)[] = [];
    mockApi({
      'GET /admin/problems': { body: [] },
      'POST /problems/import': ({ url }: { url: URL }) => {
        asked.push(url.searchParams.get('publish'));
        return { status: 201, body: { ...imported, isVisible: true } };
      },
      'POST /problems/c1/verify': { body: verified(true) },
    });
    const { user, dialog } = await openImport();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Publish now' }));
    await user.upload(within(dialog).getByLabelText('Package (.zip)'), zip());
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByTestId('import-visibility')).toHaveTextContent(
      'Published: everyone sees it now.',
    );
    expect(asked).toEqual(['true']);
  });

  it('uploads the zip as the multipart field "package", shows the warnings, then verifies the jury submissions', async () => {
    const { calls } = mockApi({
      'GET /admin/problems': { body: [] },
      'POST /problems/import': { status: 201, body: imported },
      'POST /problems/c1/verify': { body: verified(true) },
    });
    const { user, dialog } = await openImport();
    await user.upload(within(dialog).getByLabelText('Package (.zip)'), zip());
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    expect(await within(dialog).findByText('Imported "Hello Sum"')).toBeInTheDocument();
    const warnings = within(dialog).getByTestId('import-warnings');
    expect(
      within(warnings)
        .getAllByRole('listitem')
        .map((li) => [li.querySelector('svg') !== null, li.textContent?.trim()]),
    ).toEqual([
      [true, 'no time limit in problem.yaml: 1 s used'],
      [true, 'problem_statement/problem.fr.tex was not read'],
    ]);
    const upload = calls.find((c) => c.path === '/problems/import');
    expect((upload?.body as { contentType: string }).contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(appended).toEqual([['package', 'hello.zip', 4]]);

    const table = await within(dialog).findByTestId('verification-table');
    const rows = within(table).getAllByTestId('verification-row');
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent?.trim()),
      ),
    ).toEqual([
      ['submissions/accepted/Sol.java', 'Accepted', 'Accepted', '', 'ok'],
      ['submissions/wrong_answer/Off.java', 'Wrong answer', 'Wrong answer', '', 'ok'],
    ]);
    expect(within(dialog).getByTestId('verification-summary')).toHaveTextContent(
      'All 2 jury submissions got a verdict their folder allows.',
    );
    expect(calls.filter((c) => c.path === '/problems/c1/verify')).toHaveLength(1);
    // Feedback of a submission that is ok stays folded away.
    expect(within(dialog).getByTestId('verification-feedback').querySelector('details')?.open).toBe(false);
  });

  it('marks a jury submission whose verdict its folder does not allow as not ok, in words', async () => {
    mockApi({
      'GET /admin/problems': { body: [] },
      'POST /problems/import': { status: 201, body: { ...imported, warnings: [] } },
      'POST /problems/c1/verify': { body: verified(false) },
    });
    const { user, dialog } = await openImport();
    await user.upload(within(dialog).getByLabelText('Package (.zip)'), zip());
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(
      await within(dialog).findByText('Everything in the package was read; nothing was left out or assumed.'),
    ).toBeInTheDocument();
    const rows = await within(dialog).findAllByTestId('verification-row');
    expect(rows[1]).toHaveTextContent('not ok');
    expect(rows[1].querySelector('.verify-mark svg')).not.toBeNull();
    expect(rows[1]).toHaveTextContent('Wrong answer');
    // The validator's feedback on the deciding test, open below the row that is not ok.
    const feedback = within(dialog).getAllByTestId('verification-feedback');
    expect(feedback).toHaveLength(1);
    expect(within(feedback[0]).getByText('Validator feedback on secret/g1/02')).toBeVisible();
    expect(within(feedback[0]).getByText('read 31 but the answer is 30')).toBeVisible();
    expect(feedback[0].querySelector('details')?.open).toBe(true);
    expect(within(dialog).getByTestId('verification-summary')).toHaveTextContent(
      '1 of 2 jury submissions got a verdict their folder does not allow.',
    );
  });

  it("shows the server's reason for a refused package and imports nothing", async () => {
    const { calls } = mockApi({
      'GET /admin/problems': { body: [] },
      'POST /problems/import': {
        status: 400,
        body: { statusCode: 400, error: 'data/secret/1.in has no 1.ans', message: 'Bad Request' },
      },
    });
    const { user, dialog } = await openImport();
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a .zip file to import');
    expect(calls.some((c) => c.path === '/problems/import')).toBe(false);
    await user.upload(within(dialog).getByLabelText('Package (.zip)'), zip());
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to import package: data/secret/1.in has no 1.ans',
    );
    expect(calls.some((c) => c.path.endsWith('/verify'))).toBe(false);
  });
});

describe('export', () => {
  it("downloads the problem's zip under the server's file name", async () => {
    const zipBody = new Uint8Array([0x50, 0x4b, 5, 6]);
    const { calls } = mockApi({
      'GET /admin/problems': { body: [classic] },
      'GET /problems/c1/export': {
        body: zipBody,
        headers: {
          'Content-Type': 'application/zip',
          'Content-Disposition': 'attachment; filename="hello-sum.zip"',
        },
      },
    });
    const created: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: vi.fn((blob: Blob) => {
          created.push(blob);
          return 'blob:zip';
        }),
        revokeObjectURL: vi.fn(),
      }),
    );
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    const user = userEvent.setup();
    renderRoute(<AdminProblemsPage />, { preloadedState: signedInState({ isAdmin: true }) });
    const row = await screen.findByTestId('admin-problem-row');
    expect(row).toHaveTextContent('(classic)');
    await user.click(within(row).getByRole('button', { name: 'Export Hello Sum' }));
    expect(await screen.findByText('Downloaded hello-sum.zip')).toBeInTheDocument();
    expect(clicks).toHaveLength(1);
    expect(clicks[0].download).toBe('hello-sum.zip');
    expect(clicks[0].href).toBe('blob:zip');
    expect(created[0].size).toBe(4);
    expect(calls.filter((c) => c.path === '/problems/c1/export')).toHaveLength(1);
  });

  it('says why an export failed', async () => {
    mockApi({
      'GET /admin/problems': { body: [classic] },
      'GET /problems/c1/export': { status: 403, body: { statusCode: 403, error: 'Forbidden resource' } },
    });
    const user = userEvent.setup();
    renderRoute(<AdminProblemsPage />, { preloadedState: signedInState({ isAdmin: true }) });
    await user.click(await screen.findByRole('button', { name: 'Export Hello Sum' }));
    expect(await screen.findByText('Failed to export problem')).toBeInTheDocument();
    expect(screen.getByText('Forbidden resource')).toBeInTheDocument();
  });

  it('names the download from Content-Disposition, else after the problem', () => {
    expect(downloadName(`attachment; filename*=UTF-8''caf%C3%A9.zip`, 'x')).toBe('café.zip');
    expect(downloadName('attachment; filename=plain.zip', 'x')).toBe('plain.zip');
    expect(downloadName(null, 'problem-c1')).toBe('problem-c1.zip');
  });
});

describe('the classic problem form', () => {
  it('edits a classic problem: Markdown statement, limits, raw tests and validator flags', async () => {
    const { calls } = mockApi({
      'GET /admin/problems': { body: [classic] },
      'GET /problems/c1': { body: classic },
      'GET /problems/c1/test-cases/all': {
        body: [
          { _id: 't1', id: 't1', input: '1 2\n', expectedOutput: '3\n', isExample: true },
          { _id: 't2', id: 't2', input: '40 2\n', expectedOutput: '42\n', isExample: false },
        ],
      },
      'PUT /problems/c1': { body: classic },
    });
    const user = userEvent.setup();
    renderRoute(<AdminProblemsPage />, { preloadedState: signedInState({ isAdmin: true }) });
    await user.click(await screen.findByRole('button', { name: 'Edit Hello Sum' }));
    expect(await screen.findByLabelText(/^Statement/)).toHaveValue('Print $a+b$.');
    expect(screen.queryByLabelText('Function Name *')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Input Variables' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Time limit (ms) *')).toHaveValue(2000);
    expect(screen.getByLabelText('Memory limit (MB) *')).toHaveValue(512);
    expect(screen.getByLabelText('Validator flags')).toHaveValue('float_tolerance 1e-6');
    expect(screen.getByTestId('checker-preview')).toHaveTextContent('within an absolute error of 0.000001');
    const tests = screen.getAllByTestId('test-case-form');
    expect(within(tests[1]).getByLabelText('Input (stdin)')).toHaveValue('40 2\n');

    await user.clear(screen.getByLabelText('Time limit (ms) *'));
    await user.type(screen.getByLabelText('Time limit (ms) *'), '1500');
    await user.clear(screen.getByLabelText('Validator flags'));
    await user.type(screen.getByLabelText('Validator flags'), 'case_sensitive');
    await user.clear(within(tests[1]).getByLabelText('Answer'));
    await user.type(within(tests[1]).getByLabelText('Answer'), '42');
    await user.click(screen.getByRole('button', { name: 'Update Problem' }));
    expect(await screen.findByText('Problem updated successfully')).toBeInTheDocument();
    const body = calls.find((c) => c.method === 'PUT')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      kind: 'stdio',
      title: 'Hello Sum',
      description: 'Print $a+b$.',
      timeLimitMs: 1500,
      memoryLimitMb: 512,
      validatorFlags: ['case_sensitive'],
      testCases: [
        { id: 't1', input: '1 2\n', expectedOutput: '3\n', isExample: true },
        { id: 't2', input: '40 2\n', expectedOutput: '42', isExample: false },
      ],
    });
    expect(body).not.toHaveProperty('functionName');
    expect(body).not.toHaveProperty('inputVariables');
  });

  it('creates a classic problem from the kind choice and refuses bad limits and unknown flags', async () => {
    const { calls } = mockApi({
      'GET /admin/problems': { body: [] },
      'POST /problems': { status: 201, body: classic },
    });
    const user = userEvent.setup();
    renderRoute(<AdminProblemsPage />, { preloadedState: signedInState({ isAdmin: true }) });
    await user.click(screen.getByRole('tab', { name: 'Create/Edit Problem' }));
    expect(screen.getByLabelText('Function Name *')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Classic problem/ }));
    await user.type(screen.getByLabelText('Title *'), 'Echo');
    await user.type(screen.getByLabelText(/^Statement/), 'Print the line.');
    await user.clear(screen.getByLabelText('Memory limit (MB) *'));
    await user.click(screen.getByRole('button', { name: 'Create Problem' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The time limit must be a whole number of ms from 100 to 60000, and the memory limit of MB from 32 to 2048',
    );
    await user.type(screen.getByLabelText('Memory limit (MB) *'), '128');
    await user.type(screen.getByLabelText('Validator flags'), 'ignore_case');
    await user.click(screen.getByRole('button', { name: 'Create Problem' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Unknown default validator flag "ignore_case"');
    await user.clear(screen.getByLabelText('Validator flags'));
    await user.click(screen.getByRole('button', { name: 'Create Problem' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Add at least one test case');
    await user.click(screen.getByRole('button', { name: 'Add Test Case' }));
    await user.type(screen.getByLabelText('Input (stdin)'), 'hi');
    await user.type(screen.getByLabelText('Answer'), 'hi');
    await user.click(screen.getByRole('button', { name: 'Create Problem' }));
    expect(await screen.findByText('Problem created successfully')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/problems')).toBe(true));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/problems')?.body).toMatchObject({
      kind: 'stdio',
      title: 'Echo',
      timeLimitMs: 1000,
      memoryLimitMb: 128,
      validatorFlags: [],
      testCases: [{ input: 'hi', expectedOutput: 'hi', isExample: true }],
    });
  });

  it('keeps the spec form for function problems', async () => {
    const fn: Problem = { ...classic, kind: undefined, functionName: 'sum' } as Problem;
    mockApi({
      'GET /admin/problems': { body: [fn] },
      'GET /problems/c1': { body: fn },
      'GET /problems/c1/test-cases/all': { body: [] },
    });
    const user = userEvent.setup();
    renderRoute(<AdminProblemsPage />, { preloadedState: signedInState({ isAdmin: true }) });
    await user.click(await screen.findByRole('button', { name: 'Edit Hello Sum' }));
    expect(await screen.findByLabelText('Function Name *')).toHaveValue('sum');
    expect(screen.getByRole('heading', { name: 'Input Variables' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Time limit (ms) *')).not.toBeInTheDocument();
  });
});

describe("Contest Management's contest package import (issue 43)", () => {
  it('uploads the package as "package", shows its warnings and the accounts it brought, never a password', async () => {
    const { calls } = mockApi({
      'GET /contests': { body: [] },
      'GET /admin/problems': { body: [] },
      'POST /contests/import': {
        status: 201,
        body: {
          _id: 'k1',
          clicsId: 'nwerc',
          warnings: ['languages.json: only Java is judged here; cpp left out'],
        },
      },
      'GET /contests/k1/accounts': {
        body: [
          {
            userId: 'u1',
            username: 'team001',
            type: 'team',
            teamId: 't1',
            teamName: 'Brute Force',
            label: '001',
          },
          { userId: 'u2', username: 'jury', type: 'judge', teamId: null, teamName: null, label: null },
        ],
      },
    });
    const user = userEvent.setup();
    renderRoute(<AdminContestsPage />, { preloadedState: signedInState({ isAdmin: true }) });
    await user.click(await screen.findByRole('button', { name: ContestPackageUiMessages.importTitle }));
    const dialog = await screen.findByRole('dialog');
    await user.upload(within(dialog).getByLabelText('Contest package (.zip)'), zip());
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByTestId('contest-import-warnings')).toHaveTextContent('cpp left out');
    const table = await within(dialog).findByTestId('imported-accounts');
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) =>
          within(r)
            .getAllByRole('cell')
            .map((c) => c.textContent),
        ),
    ).toEqual([
      ['team001', 'Brute Force', '001'],
      ['jury', 'judge', ''],
    ]);
    expect(appended).toEqual([['package', 'hello.zip', 4]]);
    expect(calls.some((c) => c.path === '/contests/import' && c.method === 'POST')).toBe(true);
  });
});

describe("a contest's imported accounts in Contest Management (issue 43)", () => {
  it("lists a contest's package accounts from its row, and says so when it has none", async () => {
    const contest = {
      _id: 'k1',
      id: 'k1',
      title: 'Regional',
      description: '',
      startTime: new Date(Date.now() + 3_600_000).toISOString(),
      endTime: new Date(Date.now() + 7_200_000).toISOString(),
      status: 'upcoming',
      maxParticipants: 100,
      participantCount: 1,
      userJoined: false,
      contestProblems: [],
      format: 'icpc',
      penaltyMinutes: 20,
      freezeMinutes: 0,
      freezeTime: null,
      frozen: false,
    };
    mockApi({
      'GET /contests': { body: [contest, { ...contest, _id: 'k2', id: 'k2', title: 'Weekly' }] },
      'GET /admin/problems': { body: [] },
      'GET /contests/k1/accounts': {
        body: [
          {
            userId: 'u1',
            username: 'team001',
            type: 'team',
            teamId: 't1',
            teamName: 'Brute Force',
            label: '001',
          },
        ],
      },
      'GET /contests/k2/accounts': { body: [] },
    });
    const user = userEvent.setup();
    renderRoute(<AdminContestsPage />, { preloadedState: signedInState({ isAdmin: true }) });
    await user.click(await screen.findByRole('button', { name: 'Imported accounts of Regional' }));
    const dialog = await screen.findByRole('dialog');
    const table = await within(dialog).findByTestId('imported-accounts');
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['team001', 'Brute Force', '001']);
    await user.click(within(dialog).getByRole('button', { name: /close/i }));
    await user.click(screen.getByRole('button', { name: 'Imported accounts of Weekly' }));
    expect(
      await within(await screen.findByRole('dialog')).findByText(ContestPackageUiMessages.noImportedAccounts),
    ).toBeInTheDocument();
  });
});
