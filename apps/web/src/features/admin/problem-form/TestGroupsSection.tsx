import { ScoringSentences, TEST_GROUP_LIMITS, type TestGroup } from '@javelin/contracts';

/** What the groups editor reads of a test, in either problem form (function or classic). */
export interface GroupedTest {
  id?: string;
  _id?: string;
  isExample: boolean;
  group?: string;
}

/** What the groups editor changes of a problem form: its groups, and each test's group. */
export interface GroupedForm {
  testGroups?: TestGroup[];
  testCases: GroupedTest[];
}

/** The form with `groups` as its test groups; a test whose group is gone (or an example) leaves its group. */
export function withTestGroups<F extends GroupedForm>(form: F, groups: TestGroup[]): F {
  const names = new Set(groups.map((g) => g.name));
  return {
    ...form,
    testGroups: groups.map((g) => ({
      ...g,
      ...(g.dependsOn ? { dependsOn: g.dependsOn.filter((d) => names.has(d)) } : {}),
    })),
    testCases: form.testCases.map((tc) => {
      const { group, ...rest } = tc;
      return group && names.has(group) && !tc.isExample ? { ...rest, group } : rest;
    }),
  };
}

/** Renames a group in the groups, their dependencies and the tests. */
function renamed<F extends GroupedForm>(form: F, from: string, to: string): F {
  return {
    ...form,
    testGroups: (form.testGroups ?? []).map((g) => ({
      ...g,
      name: g.name === from ? to : g.name,
      ...(g.dependsOn ? { dependsOn: g.dependsOn.map((d) => (d === from ? to : d)) } : {}),
    })),
    testCases: form.testCases.map((tc) => (tc.group === from ? { ...tc, group: to } : tc)),
  };
}

/** One subtask: its name, its points, the earlier subtasks it needs, and Remove. */
function GroupFields(props: {
  index: number;
  group: TestGroup;
  earlier: TestGroup[];
  onRename: (name: string) => void;
  onUpdate: (patch: Partial<TestGroup>) => void;
  onRemove: () => void;
}) {
  const { index, group: g, earlier, onUpdate } = props;
  const needs = (name: string, on: boolean) =>
    onUpdate({
      dependsOn: on ? [...(g.dependsOn ?? []), name] : (g.dependsOn ?? []).filter((d) => d !== name),
    });
  return (
    <fieldset className="test-case" data-testid="test-group-form">
      <legend style={{ fontWeight: 600 }}>Subtask {index + 1}</legend>
      <div className="grid-2">
        <div className="field">
          <label htmlFor={`group-${index}-name`}>Name</label>
          <input
            id={`group-${index}-name`}
            value={g.name}
            maxLength={TEST_GROUP_LIMITS.nameLength}
            onChange={(e) => props.onRename(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`group-${index}-points`}>Points</label>
          <input
            id={`group-${index}-points`}
            type="number"
            min={0}
            max={TEST_GROUP_LIMITS.maxPoints}
            value={g.points}
            onChange={(e) => onUpdate({ points: Math.max(0, Math.trunc(Number(e.target.value) || 0)) })}
          />
        </div>
      </div>
      {earlier.length > 0 && (
        <div className="field">
          <span className="label">Needs</span>
          <div className="row" style={{ flexWrap: 'wrap' }}>
            {earlier.map((e) => (
              <label key={e.name} className="row" style={{ fontWeight: 400 }}>
                <input
                  type="checkbox"
                  checked={g.dependsOn?.includes(e.name) ?? false}
                  onChange={(ev) => needs(e.name, ev.target.checked)}
                />
                {e.name}
              </label>
            ))}
          </div>
        </div>
      )}
      <div className="row" style={{ justifyContent: 'flex-end' }}>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          aria-label={`Remove subtask ${index + 1}`}
          onClick={props.onRemove}
        >
          Remove
        </button>
      </div>
    </fieldset>
  );
}

/** The form with test `index` in `group` ('' for none). */
function withTestInGroup<F extends GroupedForm>(form: F, index: number, group: string): F {
  return {
    ...form,
    testCases: form.testCases.map((t, j) => {
      if (j !== index) return t;
      const { group: _old, ...rest } = t;
      return group ? { ...rest, group } : rest;
    }),
  };
}

/** Which subtask each hidden test belongs to. */
function TestGroupTable<F extends GroupedForm>({
  form,
  groups,
  onChange,
}: {
  form: F;
  groups: TestGroup[];
  onChange: (update: (form: F) => F) => void;
}) {
  return (
    <div className="table-wrap">
      <table aria-label="Subtask of each hidden test">
        <thead>
          <tr>
            <th scope="col">Test</th>
            <th scope="col">Subtask</th>
          </tr>
        </thead>
        <tbody>
          {form.testCases.map((tc, i) =>
            tc.isExample ? null : (
              <tr key={tc.id ?? tc._id ?? i}>
                <td>Test Case {i + 1}</td>
                <td>
                  <select
                    aria-label={`Subtask of test case ${i + 1}`}
                    value={tc.group ?? ''}
                    onChange={(e) => onChange((f) => withTestInGroup(f, i, e.target.value))}
                  >
                    <option value="">(none)</option>
                    {groups.map((g) => (
                      <option key={g.name} value={g.name}>
                        {g.name}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            ),
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The problem form's subtasks (issue 31): ordered test groups with their points and the earlier
 * groups each depends on, and which group each hidden test belongs to. No groups: all-or-nothing.
 */
export function TestGroupsSection<F extends GroupedForm>({
  form,
  onChange,
}: {
  form: F;
  onChange: (update: (form: F) => F) => void;
}) {
  const groups = form.testGroups ?? [];
  const total = groups.reduce((s, g) => s + g.points, 0);
  const update = (index: number, patch: Partial<TestGroup>) =>
    onChange((f) =>
      withTestGroups(
        f,
        (f.testGroups ?? []).map((g, i) => (i === index ? { ...g, ...patch } : g)),
      ),
    );
  const add = () =>
    onChange((f) => {
      const list = f.testGroups ?? [];
      let n = list.length + 1;
      while (list.some((g) => g.name === `subtask${n}`)) n++;
      return withTestGroups(f, [...list, { name: `subtask${n}`, points: 0 }]);
    });
  return (
    <section className="section" aria-labelledby="groups-heading" data-testid="test-groups-section">
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <h2 id="groups-heading">
          {ScoringSentences.groupsHeading}
          {groups.length > 0 && <span className="muted"> ({ScoringSentences.pointsLabel(total)})</span>}
        </h2>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={groups.length >= TEST_GROUP_LIMITS.maxGroups}
          onClick={add}
        >
          Add Subtask
        </button>
      </div>
      {groups.length === 0 ? (
        <p className="muted">
          No subtasks: the problem is all-or-nothing. Add subtasks to give points for each group of hidden
          tests.
        </p>
      ) : (
        <p className="muted">
          A subtask earns its points when all its tests pass (and the subtasks it needs were earned). Every
          hidden test belongs to one subtask; examples belong to none.
        </p>
      )}
      {groups.map((g, i) => (
        <GroupFields
          key={i}
          index={i}
          group={g}
          earlier={groups.slice(0, i)}
          onRename={(name) => onChange((f) => renamed(f, g.name, name))}
          onUpdate={(patch) => update(i, patch)}
          onRemove={() =>
            onChange((f) =>
              withTestGroups(
                f,
                (f.testGroups ?? []).filter((_, j) => j !== i),
              ),
            )
          }
        />
      ))}
      {groups.length > 0 && <TestGroupTable form={form} groups={groups} onChange={onChange} />}
    </section>
  );
}
