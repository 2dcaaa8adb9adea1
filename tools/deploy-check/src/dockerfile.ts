/** A minimal Dockerfile reader: instructions (continuations joined, comments dropped) grouped in stages. */
export interface Instruction {
  cmd: string;
  args: string;
  line: number;
}

export interface Stage {
  from: string;
  name?: string;
  instructions: Instruction[];
}

export function parseDockerfile(text: string): Instruction[] {
  const out: Instruction[] = [];
  const lines = text.split('\n');
  let current: { text: string; line: number } | null = null;
  lines.forEach((raw, i) => {
    const trimmed = raw.trim();
    if (!current && (trimmed === '' || trimmed.startsWith('#'))) return;
    if (current && trimmed.startsWith('#')) return; // comment inside a continuation
    const continues = /\\\s*$/.test(raw);
    const piece = continues ? raw.replace(/\\\s*$/, '') : raw;
    current = current ? { text: `${current.text} ${piece.trim()}`, line: current.line } : { text: piece.trim(), line: i + 1 };
    if (!continues) {
      const m = /^(\S+)\s*(.*)$/s.exec(current.text);
      if (m) out.push({ cmd: m[1].toUpperCase(), args: m[2].trim(), line: current.line });
      current = null;
    }
  });
  return out;
}

export function stages(instructions: Instruction[]): Stage[] {
  const out: Stage[] = [];
  for (const ins of instructions) {
    if (ins.cmd === 'FROM') {
      const m = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?/i.exec(ins.args);
      out.push({ from: m?.[1] ?? '', name: m?.[2], instructions: [] });
    } else if (out.length) {
      out[out.length - 1].instructions.push(ins);
    }
  }
  return out;
}

/** The user the final stage runs as (last USER), or undefined (root). */
export function finalUser(stage: Stage): string | undefined {
  const users = stage.instructions.filter((i) => i.cmd === 'USER');
  return users.length ? users[users.length - 1].args : undefined;
}
