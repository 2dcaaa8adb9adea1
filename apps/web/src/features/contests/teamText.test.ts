import { describe, expect, it } from 'vitest';
import { accountText, teamText } from './teamText';

describe('a team account as plagiarism reports and clarifications name it', () => {
  it('gives label · name (organization), then the username; a person by the username alone', () => {
    const team = { label: '103', name: 'Team 3 Display', organization: 'Uni North' };
    expect(teamText(team)).toBe('103 · Team 3 Display (Uni North)');
    expect(accountText('reg1-team3', team)).toBe('103 · Team 3 Display (Uni North) @reg1-team3');
    expect(teamText({ label: null, name: 'Solo', organization: null })).toBe('Solo');
    expect(accountText('ada')).toBe('@ada');
  });
});
