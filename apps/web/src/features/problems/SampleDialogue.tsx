import { PackageUiMessages, type InteractionLine, type TestCase } from '@javelin/contracts';

/**
 * An interactive or multi-pass problem's samples as dialogues (issue 42): the package's `.interaction`
 * files, the judge's lines on one side and the program's on the other, `---` between runs.
 */
export function SampleDialogue({ lines, n }: { lines: readonly InteractionLine[]; n: number }) {
  return (
    <figure className="dialogue" aria-label={PackageUiMessages.dialogueHeading(n)}>
      <figcaption className="muted">{PackageUiMessages.dialogueHeading(n)}</figcaption>
      <ol>
        {lines.map((line, i) =>
          line.from === 'validator' && line.text === '---' ? (
            <li key={i} className="dialogue-pass">
              {PackageUiMessages.dialoguePass}
            </li>
          ) : (
            <li key={i} className={`dialogue-line from-${line.from}`}>
              <span className="dialogue-who">
                {line.from === 'validator' ? PackageUiMessages.dialogueJudge : PackageUiMessages.dialogueYou}
              </span>
              <code>{line.text}</code>
            </li>
          ),
        )}
      </ol>
    </figure>
  );
}

/** Every dialogue a problem shows: its samples' and those that have no test of their own. */
export function SampleDialogues({
  testCases,
  extra,
}: {
  testCases: readonly TestCase[];
  extra: readonly (readonly InteractionLine[])[] | undefined;
}) {
  const all = [
    ...testCases.flatMap((tc) => (tc.interaction?.length ? [tc.interaction] : [])),
    ...(extra ?? []),
  ];
  if (!all.length) return null;
  return (
    <div className="dialogues">
      {all.map((lines, i) => (
        <SampleDialogue key={i} lines={lines} n={i + 1} />
      ))}
    </div>
  );
}
