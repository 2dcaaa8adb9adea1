import { DIFFICULTIES, type Difficulty } from '@javelin/contracts';
import type { ReactNode } from 'react';

/** The details every problem has, whatever its kind. */
export interface DetailsFields {
  title: string;
  description: string;
  constraints: string;
  difficulty: Difficulty | undefined;
  points: number | undefined;
}

/**
 * "Problem Details": title, statement, constraints, difficulty, points and tags — shared by both
 * forms. `kindFields` fills the rest of the row of four (a function's name and return type, or a
 * classic problem's limits).
 */
export function DetailsSection({
  details,
  onChange,
  tagsText,
  onTagsText,
  descriptionLabel,
  descriptionClassName,
  tagsPlaceholder,
  kindFields,
}: {
  details: DetailsFields;
  onChange: <K extends keyof DetailsFields>(key: K, value: DetailsFields[K]) => void;
  tagsText: string;
  onTagsText: (text: string) => void;
  descriptionLabel: string;
  descriptionClassName?: string;
  tagsPlaceholder: string;
  kindFields: ReactNode;
}) {
  return (
    <section aria-labelledby="details-heading">
      <h2 id="details-heading">Problem Details</h2>
      <div className="field">
        <label htmlFor="problem-title">Title *</label>
        <input
          id="problem-title"
          value={details.title}
          onChange={(e) => onChange('title', e.target.value)}
          required
        />
      </div>
      <div className="field">
        <label htmlFor="problem-description">{descriptionLabel}</label>
        <textarea
          id="problem-description"
          className={descriptionClassName}
          value={details.description}
          onChange={(e) => onChange('description', e.target.value)}
          required
        />
      </div>
      <div className="field">
        <label htmlFor="problem-constraints">Constraints</label>
        <textarea
          id="problem-constraints"
          value={details.constraints}
          onChange={(e) => onChange('constraints', e.target.value)}
          style={{ minHeight: 60 }}
        />
      </div>
      <div className="grid-4">
        <div className="field">
          <label htmlFor="problem-difficulty">Difficulty</label>
          <select
            id="problem-difficulty"
            value={details.difficulty}
            onChange={(e) => onChange('difficulty', e.target.value as Difficulty)}
          >
            {DIFFICULTIES.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="problem-points">Points</label>
          <input
            id="problem-points"
            type="number"
            min={0}
            value={details.points ?? ''}
            onChange={(e) => onChange('points', numberOrUndefined(e.target.value))}
          />
        </div>
        {kindFields}
      </div>
      <div className="field">
        <label htmlFor="problem-tags">Tags (comma separated)</label>
        <input
          id="problem-tags"
          value={tagsText}
          onChange={(e) => onTagsText(e.target.value)}
          placeholder={tagsPlaceholder}
        />
      </div>
    </section>
  );
}

/** A number typed in a field, or undefined while it is empty. */
export const numberOrUndefined = (text: string) => (text === '' ? undefined : Number(text));
