import { FinalReportInput } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { finalReportInput } from './printInput.ts';

const scope = { departmentId: 7, year: 2025 };
const all = { part: null, titleFrom: null, titleTo: null, chapterFrom: null, chapterTo: null };

describe('final report form input', () => {
  it('sends every section with both parts when nothing is limited (parsed as the server does)', () => {
    const input = finalReportInput(scope, { currentManagement: true, range: all, residues: true, residuesPart: null, summary: true, protocol: true });
    expect(FinalReportInput.parse(input)).toEqual({
      departmentId: 7,
      year: 2025,
      currentManagement: true,
      residues: true,
      summary: true,
      protocol: true,
      currentManagementIncludes: { part: 0, titleFrom: undefined, titleTo: undefined, chapterFrom: undefined, chapterTo: undefined },
      residuesManagementIncludes: { part: 0 },
    });
  });

  it('limits the current management by part, titles and chapters and the residues by part', () => {
    const input = finalReportInput(scope, {
      currentManagement: true,
      range: { part: 2, titleFrom: 1, titleTo: 2, chapterFrom: { chapter: '21001' }, chapterTo: { chapter: '22002' } },
      residues: false,
      residuesPart: 1,
      summary: false,
      protocol: true,
    });
    const parsed = FinalReportInput.parse(input);
    expect(parsed.currentManagementIncludes).toEqual({ part: 2, titleFrom: 1, titleTo: 2, chapterFrom: '21001', chapterTo: '22002' });
    expect(parsed.residuesManagementIncludes).toEqual({ part: 1 });
    expect([parsed.residues, parsed.summary, parsed.protocol]).toEqual([false, false, true]);
  });
});
