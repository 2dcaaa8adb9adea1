import { afterEach, describe, expect, it, vi } from 'vitest';
import { PackageUiMessages } from '@javelin/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProblemPage } from './ProblemPage';
import { CLASSIC_STARTER, type AnyProblem } from './classic';
import { imageSource, StatementMarkdown } from './StatementMarkdown';
import { mockApi, renderRoute, signedInState } from '../../test/utils';

vi.mock('../editor/CodeEditor', () => import('../../test/editorMock'));

afterEach(() => vi.unstubAllGlobals());

const statement = [
  '# Distance',
  '',
  'Given $n$ points, print the largest $d = \\sqrt{x^2 + y^2}$.',
  '',
  '$$',
  '\\sum_{i=1}^{n} a_i \\le 10^9',
  '$$',
  '',
  '![A sketch of the points](points.png)',
  '',
  '- **bold** and _italic_ and `code`',
  '- a price of \\$5',
].join('\n');

const classic: AnyProblem = {
  _id: 'c1',
  id: 'c1',
  title: 'Farthest Point',
  description: statement,
  constraints: '$1 \\le n \\le 10^5$',
  difficulty: 'medium',
  points: 30,
  inputVariables: [],
  testCases: [],
  functionName: '',
  returnType: 'int',
  boilerplateCode: '',
  tags: ['geometry'],
  isVisible: true,
  testCaseCount: 2,
  kind: 'stdio',
  timeLimitMs: 2500,
  memoryLimitMb: 512,
  validatorFlags: ['float_tolerance', '1e-6'],
};

describe('a classic problem page', () => {
  it('shows the limits, the Markdown statement with KaTeX math and package images, raw examples and a plain Main', async () => {
    mockApi({
      'GET /problems/c1': { body: classic },
      'GET /problems/c1/test-cases': {
        body: [{ _id: 't1', id: 't1', input: '2\n3 4\n1 1\n', expectedOutput: '5.0', isExample: true }],
      },
    });
    const { container } = renderRoute(<ProblemPage />, {
      url: '/problems/c1',
      path: '/problems/:id',
      preloadedState: signedInState(),
    });
    expect(await screen.findByRole('heading', { name: 'Farthest Point' })).toBeInTheDocument();
    expect(screen.getByTestId('problem-limits')).toHaveTextContent(
      'Time limit: 2.5 s · Memory limit: 512 MB',
    );
    expect(screen.queryByRole('heading', { name: 'Function Signature' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Input Parameters' })).not.toBeInTheDocument();

    const [text, constraints] = screen.getAllByTestId('statement-markdown');
    expect(constraints.querySelector('.katex annotation')?.textContent).toBe('1 \\le n \\le 10^5');
    expect(within(text).getByRole('heading', { name: 'Distance' })).toBeInTheDocument();
    // KaTeX typesets the math (its MathML carries the TeX source as an annotation).
    const inline = text.querySelectorAll('.math:not(.math-display) .katex');
    expect(inline.length).toBe(2);
    expect(inline[1].querySelector('annotation')?.textContent).toBe('d = \\sqrt{x^2 + y^2}');
    const display = text.querySelector('.math-display .katex-display');
    expect(display?.querySelector('annotation')?.textContent).toBe('\\sum_{i=1}^{n} a_i \\le 10^9');
    expect(text.textContent).not.toMatch(/\$n\$|\$\$/);
    expect(within(text).getByRole('img', { name: 'A sketch of the points' })).toHaveAttribute(
      'src',
      '/api/problems/c1/images/points.png',
    );
    expect(within(text).getByText('bold').tagName).toBe('STRONG');
    expect(within(text).getByText('italic').tagName).toBe('EM');
    expect(within(text).getByText('code').tagName).toBe('CODE');
    expect(within(text).getByText('a price of $5')).toBeInTheDocument();

    expect(screen.getByTestId('checker-sentence')).toHaveTextContent(
      'Numbers are accepted within an absolute error of 0.000001 or a relative error of 0.000001.',
    );
    expect(
      await screen.findByText((_, el) => el?.tagName === 'PRE' && el.textContent === '2\n3 4\n1 1\n'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Java code editor')).toHaveValue(CLASSIC_STARTER);
    expect(CLASSIC_STARTER).toContain('public class Main {');
    expect(CLASSIC_STARTER).toContain('public static void main(String[] args)');
    expect(CLASSIC_STARTER).toContain('System.in');
    expect(container.querySelector('.math-display')).not.toBeNull();
  });

  it("runs custom input as the program's standard input", async () => {
    const { calls } = mockApi({
      'GET /problems/c1': { body: classic },
      'GET /problems/c1/test-cases': { body: [] },
      'POST /run-custom': {
        body: { verdict: 'accepted', actualOutput: '5.0\n', stderr: '', executionTime: 40 },
      },
    });
    const user = userEvent.setup();
    renderRoute(<ProblemPage />, {
      url: '/problems/c1',
      path: '/problems/:id',
      preloadedState: signedInState(),
    });
    await user.type(await screen.findByLabelText('Standard input'), '3 4');
    await user.click(screen.getByRole('button', { name: 'Run with this input' }));
    expect(await screen.findByTestId('custom-stdout')).toHaveTextContent('5.0');
    expect(calls.find((c) => c.path === '/run-custom')?.body).toMatchObject({
      problemId: 'c1',
      inputs: { stdin: '3 4' },
    });
  });

  it('offers no custom input on an interactive problem: one line says why (issue 42)', async () => {
    const { calls } = mockApi({
      'GET /problems/c1': { body: { ...classic, interaction: 'interactive' } },
      'GET /problems/c1/test-cases': { body: [] },
    });
    renderRoute(<ProblemPage />, {
      url: '/problems/c1',
      path: '/problems/:id',
      preloadedState: signedInState(),
    });
    const panel = await screen.findByRole('tabpanel', { name: 'Custom Input' });
    expect(screen.getByRole('tab', { name: 'Custom Input' })).toHaveAttribute('aria-selected', 'true');
    expect(within(panel).getByTestId('custom-input-unavailable')).toHaveTextContent(
      PackageUiMessages.noCustomInputInteractive,
    );
    expect(within(panel).queryByLabelText('Standard input')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run with this input' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Custom input' })).not.toBeInTheDocument();
    // Run still plays the samples with the interactor.
    expect(screen.getByRole('button', { name: 'Run Code' })).toBeEnabled();
    expect(calls.some((c) => c.path === '/run-custom')).toBe(false);
  });

  it('keeps custom input on a multi-pass problem (each pass reads the input it is given)', async () => {
    mockApi({
      'GET /problems/c1': { body: { ...classic, interaction: 'multi-pass', validationPasses: 3 } },
      'GET /problems/c1/test-cases': { body: [] },
    });
    renderRoute(<ProblemPage />, {
      url: '/problems/c1',
      path: '/problems/:id',
      preloadedState: signedInState(),
    });
    expect(await screen.findByLabelText('Standard input')).toBeInTheDocument();
    expect(screen.queryByTestId('custom-input-unavailable')).not.toBeInTheDocument();
  });

  it("starts from the classic problem's own starter when its author wrote one", async () => {
    mockApi({
      'GET /problems/c1': { body: { ...classic, boilerplateCode: 'class sol { }' } },
      'GET /problems/c1/test-cases': { body: [] },
    });
    renderRoute(<ProblemPage />, {
      url: '/problems/c1',
      path: '/problems/:id',
      preloadedState: signedInState(),
    });
    expect(await screen.findByLabelText('Java code editor')).toHaveValue('class sol { }');
  });
});

describe('the statement Markdown', () => {
  it('never injects the statement as HTML, and KaTeX does not follow links or load files', () => {
    const { container } = render(
      <StatementMarkdown
        problemId="c1"
        source={
          '<img src=x onerror=alert(1)> $\\href{javascript:alert(1)}{x}$ $\\includegraphics{/etc/passwd}$'
        }
      />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    expect(screen.getByText(/<img src=x onerror=alert\(1\)>/)).toBeInTheDocument();
  });

  it("serves only the problem's own images", () => {
    expect(imageSource('c1', './fig 1.png')).toBe('/api/problems/c1/images/fig%201.png');
    expect(imageSource('c1', 'https://tracker.example/x.png')).toBeNull();
    expect(imageSource('c1', '../../secret.png')).toBeNull();
    expect(imageSource('c1', '/etc/passwd')).toBeNull();
    expect(imageSource('c1', '/api/problems/c1/images/tree.svg')).toBe('/api/problems/c1/images/tree.svg');
    expect(imageSource('c1', '/api/problems/c2/images/tree.svg')).toBeNull();
    // The API's signed links keep their signature; a query of any other shape is part of no name.
    const signed =
      '/api/problems/c1/images/tree.svg?exp=1900000000&sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAb_-';
    expect(imageSource('c1', signed)).toBe(signed);
    expect(imageSource('c1', '/api/problems/c1/images/tree.svg?exp=1&sig=x')).toBe(
      '/api/problems/c1/images/tree.svg%3Fexp%3D1%26sig%3Dx',
    );
  });

  it('renders tables, ordered lists from their number and links to the web only', () => {
    render(
      <StatementMarkdown
        problemId="c1"
        source={
          '| n | answer |\n|---|---|\n| 1 | 2 |\n\n3. third\n4. fourth\n\n[Kattis](https://open.kattis.com) and [local](file.txt)'
        }
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'answer' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '2' })).toBeInTheDocument();
    expect(screen.getByRole('list')).toHaveAttribute('start', '3');
    expect(screen.getByRole('link', { name: 'Kattis' })).toHaveAttribute('href', 'https://open.kattis.com');
    expect(screen.queryByRole('link', { name: 'local' })).toBeNull();
  });
});
