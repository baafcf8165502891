import { describe, expect, it } from 'vitest';
import type { KeyFinding } from '../../src/analysis/report-model.js';
import { classifyChange, compareFindings, describeChanges, significant, skillSection, standardError } from '../../src/analysis/skill.js';

/** A share finding (no effect 0.5) with a ±half interval at 95%. */
function share(id: string, estimate: number, half: number, level = 0.95): KeyFinding {
  return { id, label: id, estimate, lo: estimate - half, hi: estimate + half, nullValue: 0.5, n: 100, level, family: 'test family' };
}

describe('skill sensitivity: classifying findings across two agent sets', () => {
  it('significance is the interval excluding the no-effect value, at the level the study tested', () => {
    expect(significant(share('a', 0.6, 0.05))).toBe(true);
    expect(significant(share('a', 0.4, 0.05))).toBe(true);
    expect(significant(share('a', 0.53, 0.05))).toBe(false);
  });

  it('names each kind of change, and none for the same verdict on the same side', () => {
    expect(classifyChange(share('x', 0.62, 0.05), share('x', 0.38, 0.05))).toBe('reverses');
    expect(classifyChange(share('x', 0.52, 0.05), share('x', 0.62, 0.05))).toBe('gains significance');
    expect(classifyChange(share('x', 0.62, 0.05), share('x', 0.52, 0.05))).toBe('loses significance');
    expect(classifyChange(share('x', 0.52, 0.05), share('x', 0.48, 0.05))).toBe('estimate changes side');
    expect(classifyChange(share('x', 0.62, 0.05), share('x', 0.66, 0.05))).toBeUndefined();
    expect(classifyChange(share('x', 0.52, 0.05), share('x', 0.53, 0.05))).toBeUndefined();
    expect(classifyChange(share('x', 0.6, 0.05), undefined)).toBe('not measured');
    expect(classifyChange(share('x', 0.6, 0.05), { ...share('x', NaN, 0.05) })).toBe('not measured');
  });

  it('tests the difference of the two estimates with Holm over the findings compared', () => {
    const base = [share('big', 0.7, 0.04), share('small', 0.5, 0.04), share('tiny', 0.55, 0.04)];
    const other = [share('big', 0.3, 0.04), share('small', 0.51, 0.04), share('tiny', 0.56, 0.04)];
    const rows = compareFindings(base, other);
    const big = rows.find((r) => r.id === 'big')!;
    expect(big.diff).toBeCloseTo(-0.4, 10);
    expect(big.differs).toBe(true);
    // The strongest of three is tested at 1 − 0.05/3.
    expect(big.diffLevel).toBeCloseTo(1 - 0.05 / 3, 10);
    // se of each side = 0.04 / 1.96; the difference's half-width at 98.33% is z·√2·se.
    const se = Math.SQRT2 * (0.04 / 1.959964);
    expect(big.diffHi - big.diff).toBeCloseTo(2.3940 * se, 3);
    const small = rows.find((r) => r.id === 'small')!;
    expect(small.differs).toBe(false);
    expect(small.diffLevel).toBeCloseTo(1 - 0.05 / 2, 10);
  });

  it('lists every finding that changes sign or significance, reversals first, and keeps the others off the list', () => {
    const base = [share('stays', 0.62, 0.05), share('flips', 0.52, 0.05), share('reverses', 0.62, 0.05), share('gains', 0.52, 0.05)];
    const other = [share('stays', 0.64, 0.05), share('flips', 0.47, 0.05), share('reverses', 0.37, 0.05), share('gains', 0.6, 0.05)];
    const lines = describeChanges(compareFindings(base, other), 'heuristic play', 'learned play');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^reverses: REVERSES/);
    expect(lines[1]).toMatch(/^gains: becomes significant under learned play/);
    expect(lines[2]).toMatch(/^flips: estimate changes side/);
    expect(lines.join('\n')).not.toMatch(/^stays/m);
  });

  it('a finding only one run has is listed as not measured, not dropped', () => {
    const rows = compareFindings([share('a', 0.6, 0.05)], [share('a', 0.6, 0.05), share('b', 0.7, 0.05)]);
    expect(rows.map((r) => [r.id, r.change])).toEqual([
      ['a', undefined],
      ['b', 'not measured'],
    ]);
  });

  it('the section has its heading, both sides with intervals, the change list, a chart and a table', () => {
    const section = skillSection({
      baseName: 'heuristic play',
      otherName: 'learned play',
      baseAgents: '"heuristic" in every seat',
      otherAgents: '"net:model=models/x" in every seat',
      base: [share('Heavy v Light', 0.62, 0.05), share('Medium v Light', 0.55, 0.1)],
      other: [share('Heavy v Light', 0.38, 0.05), share('Medium v Light', 0.56, 0.1)],
    });
    expect(section.heading).toBe('Skill sensitivity');
    const text = section.blocks.filter((b) => b.kind === 'text').map((b) => (b.kind === 'text' ? b.text : '')).join('\n');
    expect(text).toContain('Findings that change sign or significance (1 of 2)');
    expect(text).toContain('Heavy v Light: REVERSES');
    expect(text).toContain('0.620 [0.570, 0.670]');
    const chart = section.blocks.find((b) => b.kind === 'chart');
    expect(chart && chart.kind === 'chart' && JSON.stringify(chart.spec)).toContain('"yOffset"');
    const table = section.blocks.find((b) => b.kind === 'table');
    expect(table && table.kind === 'table' ? table.rows.map((r) => r['change']) : []).toEqual(['reverses', 'same verdict']);
  });

  it('says so when nothing changes', () => {
    const section = skillSection({ baseName: 'a', otherName: 'b', baseAgents: 'A', otherAgents: 'B', base: [share('x', 0.6, 0.05)], other: [share('x', 0.61, 0.05)] });
    expect(JSON.stringify(section.blocks)).toContain('No finding changes sign or significance');
  });
});

describe('skill sensitivity: findings measured at a run-dependent point', () => {
  it('show both labels when the two runs name different points', () => {
    const b = { ...share('best-heavy-v-light', 0.55, 0.05), label: 'Heavy v Light at the best setting found (0, 6)' };
    const o = { ...share('best-heavy-v-light', 0.52, 0.05), label: 'Heavy v Light at the best setting found (2, 5)' };
    expect(compareFindings([b], [o])[0]!.label).toBe('Heavy v Light at the best setting found (0, 6) | Heavy v Light at the best setting found (2, 5)');
  });
});

describe('skill sensitivity: standard errors read back from intervals cut at a bound', () => {
  it('takes the uncut side of a share interval cut to [0, 1], not the full width', () => {
    // 0.95 ± 0.10 cut at 1: [0.85, 1]. The error is 0.10 / 1.96, not 0.075 / 1.96.
    expect(standardError({ estimate: 0.95, lo: 0.85, hi: 1, level: 0.95 })).toBeCloseTo(0.1 / 1.959964, 6);
    // An uncut symmetric interval gives the same either way.
    expect(standardError({ estimate: 0.5, lo: 0.4, hi: 0.6, level: 0.95 })).toBeCloseTo(0.1 / 1.959964, 6);
  });
});
