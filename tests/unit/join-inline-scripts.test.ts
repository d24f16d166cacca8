/**
 * The build joins the inline module scripts Astro writes one after the other (decision 120): the same
 * code in the same order, one Content-Security-Policy hash instead of two.
 */
import { describe, expect, it } from 'vitest';
import { joinInlineModuleScripts } from '../../api/cli/build-site.ts';

describe('joinInlineModuleScripts', () => {
  it('joins adjacent inline module scripts, in their order', () => {
    const html = '<div><script type="module">(()=>{a()})();</script><script type="module">(()=>{b(1<2)})();</script><script type="module">c()</script></div>';
    expect(joinInlineModuleScripts(html)).toBe('<div><script type="module">(()=>{a()})();\n(()=>{b(1<2)})();\nc()</script></div>');
  });

  it('leaves apart scripts with markup between them, external scripts and classic scripts', () => {
    const html = [
      '<script type="module">a()</script><p>texte</p><script type="module">b()</script>',
      '<script type="module" src="/x.js"></script><script type="module">c()</script>',
      '<script>d()</script><script type="module">e()</script>',
    ].join('');
    expect(joinInlineModuleScripts(html)).toBe(html);
  });
});
