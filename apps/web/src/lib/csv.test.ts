import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument } from './csv.ts';

describe('csvCell', () => {
  it.each([
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['+1 555 0100', "'+1 555 0100"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', `"'\r=1"`],
    ["'=quoted", "''=quoted"],
    ['Ann, Lee', '"Ann, Lee"'],
    ['plain', 'plain'],
    ["O'Brien", "O'Brien"],
  ])('writes the text %j as %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('keeps numbers numbers and leaves absent values empty', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(2)).toBe('2');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });
});

describe('csvDocument', () => {
  it('neutralises every cell of every line, the header included', () => {
    expect(csvDocument(['name', '=x'], [['=cmd|calc', -1]])).toBe("name,'=x\n'=cmd|calc,-1");
  });
});
