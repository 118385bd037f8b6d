import { describe, expect, it } from 'vitest';
import { htmlOf, paragraphsOf, plainTextOf } from './rich-text.ts';

describe('paragraphsOf', () => {
  it.each([
    ['<p>One</p><p>Two</p>', ['One', 'Two']],
    ['<p>Washes at 40 &deg;C &amp; dries fast</p>', ['Washes at 40 °C & dries fast']],
    ['<p>Line<br>break</p>', ['Line\nbreak']],
    ['<script>alert(1)</script><p>Safe</p>', ['alert(1)Safe']],
    ['Just text', ['Just text']],
    ['<p>&#8364;5 &#x2014; &lt;b&gt;</p>', ['€5 — <b>']],
    ['<p>&unknown; stays</p>', ['&unknown; stays']],
    ['', []],
  ])('%j reads as %j', (html, paragraphs) => {
    expect(paragraphsOf(html)).toEqual(paragraphs);
  });
});

describe('htmlOf and plainTextOf', () => {
  it('stores paragraphs as escaped <p> elements and reads them back', () => {
    const text = 'Soft & warm <3\n\nSecond line\nand more';
    const html = htmlOf(text);
    expect(html).toBe('<p>Soft &amp; warm &lt;3</p><p>Second line<br>and more</p>');
    expect(plainTextOf(html)).toBe(text);
  });
});
