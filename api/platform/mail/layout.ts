/**
 * One layout for every e-mail, rendered twice from the same blocks: HTML with React Email (tables and
 * inline styles that mail clients understand, one 560 px column that shrinks on a phone) and a plain-text
 * part written for reading, not converted from the HTML.
 * No JSX here: `npm start` runs TypeScript by type stripping, which does not transform JSX.
 */
import { createElement as h, type ReactNode } from 'react';
import { Body, Button, Container, Head, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import { render } from '@react-email/render';

export type Block =
  | { type: 'paragraph'; text: string; /** An address written after the text, as a link to itself. */ link?: string }
  | { type: 'facts'; rows: Array<{ label: string; value: string; /** The value is an address: a link (`mailto:` for an e-mail). */ href?: string }> }
  | { type: 'button'; label: string; url: string; hint?: string }
  | { type: 'list'; title?: string; items: string[] }
  /** Already sanitised HTML (a newsletter's Markdown, decision 113) with its own plain-text reading. */
  | { type: 'html'; html: string; text: string };

export interface EmailDocument {
  subject: string;
  preview: string;
  blocks: Block[];
  signature: string[];
  footer: string;
}

// The site's palette (site/styles/global.css): cream background, pine text, copper buttons.
const colors = { cream: '#f8f5ef', line: '#ddd4c5', ink: '#1c2b27', muted: '#4d5c57', pine: '#24483e', copper: '#9a4f2a' };
const font = "'Inter', 'Helvetica Neue', Arial, sans-serif";
const styles = {
  body: { backgroundColor: colors.cream, fontFamily: font, color: colors.ink, margin: '0', padding: '24px 0' },
  container: { maxWidth: '560px', width: '100%', backgroundColor: '#ffffff', border: `1px solid ${colors.line}`, borderRadius: '12px', padding: '32px 24px' },
  brand: { fontFamily: "'Fraunces', Georgia, serif", fontSize: '20px', color: colors.pine, margin: '0 0 24px' },
  paragraph: { fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' },
  factLabel: { fontSize: '13px', lineHeight: '18px', color: colors.muted, margin: '0', textTransform: 'uppercase' as const, letterSpacing: '0.04em' },
  factValue: { fontSize: '16px', lineHeight: '24px', margin: '0 0 12px', fontWeight: 600 },
  facts: { backgroundColor: colors.cream, borderRadius: '8px', padding: '16px 16px 4px', margin: '0 0 20px' },
  button: { backgroundColor: colors.copper, color: '#ffffff', borderRadius: '999px', padding: '14px 24px', fontSize: '16px', fontWeight: 600, textDecoration: 'none', display: 'inline-block' },
  // Text wraps between words only. An address written out is a link and the only thing allowed to wrap
  // anywhere: a signed URL is longer than a phone's line and would otherwise widen the e-mail (decision 092).
  hint: { fontSize: '13px', lineHeight: '20px', color: colors.muted, margin: '12px 0 20px' },
  address: { color: colors.pine, overflowWrap: 'anywhere' as const, wordBreak: 'break-word' as const },
  listTitle: { fontSize: '16px', lineHeight: '24px', fontWeight: 600, margin: '0 0 8px' },
  listItem: { fontSize: '16px', lineHeight: '24px', margin: '0 0 8px' },
  footer: { fontSize: '12px', lineHeight: '18px', color: colors.muted, margin: '0' },
};

function blockElement(block: Block, index: number): ReactNode {
  switch (block.type) {
    case 'paragraph':
      return h(Text, { key: index, style: styles.paragraph }, block.text, ...(block.link ? [' ', h(Link, { href: block.link, style: styles.address }, block.link)] : []));
    case 'facts':
      return h(
        Section,
        { key: index, style: styles.facts },
        block.rows.flatMap((row, rowIndex) => [
          h(Text, { key: `l${rowIndex}`, style: styles.factLabel }, row.label),
          h(Text, { key: `v${rowIndex}`, style: styles.factValue }, row.href ? h(Link, { href: row.href, style: styles.address }, row.value) : row.value),
        ]),
      );
    case 'button':
      return h(
        Section,
        { key: index, style: { margin: '8px 0 0' } },
        h(Button, { href: block.url, style: styles.button }, block.label),
        h(Text, { style: styles.hint }, block.hint ? `${block.hint} ` : '', h(Link, { href: block.url, style: styles.address }, block.url)),
      );
    case 'list':
      return h(
        Section,
        { key: index, style: { margin: '0 0 16px' } },
        block.title ? h(Text, { style: styles.listTitle }, block.title) : null,
        block.items.map((item, itemIndex) => h(Text, { key: itemIndex, style: styles.listItem }, `${itemIndex + 1}. ${item}`)),
      );
    case 'html':
      return h('div', { key: index, dangerouslySetInnerHTML: { __html: block.html } });
  }
}

function documentElement(doc: EmailDocument, brand: string): ReactNode {
  return h(
    Html,
    { lang: 'fr', dir: 'ltr' },
    // The subject as the document's title: what a client shows for the HTML part opened on its own, and what validators and screen readers expect.
    h(Head, null, h('meta', { name: 'color-scheme', content: 'light' }), h('title', null, doc.subject)),
    h(Preview, null, doc.preview),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        h(Text, { style: styles.brand }, brand),
        doc.blocks.map(blockElement),
        h(Text, { style: { ...styles.paragraph, margin: '24px 0 0' } }, ...doc.signature.flatMap((line, i) => (i ? [h('br', { key: i }), line] : [line]))),
        h(Hr, { style: { borderColor: colors.line, margin: '24px 0 16px' } }),
        h(Text, { style: styles.footer }, doc.footer),
      ),
    ),
  );
}

function blockText(block: Block): string {
  switch (block.type) {
    case 'paragraph':
      return block.link ? `${block.text} ${block.link}` : block.text;
    case 'facts':
      return block.rows.map((row) => `${row.label} : ${row.value}`).join('\n');
    case 'button':
      return `${block.label} :\n${block.url}`;
    case 'list':
      return [block.title, ...block.items.map((item, index) => `${index + 1}. ${item}`)].filter(Boolean).join('\n');
    case 'html':
      return block.text;
  }
}

export async function renderEmail(doc: EmailDocument, brand: string): Promise<{ subject: string; html: string; text: string }> {
  const html = await render(documentElement(doc, brand));
  const text = [...doc.blocks.map(blockText), doc.signature.join('\n'), '--', doc.footer].join('\n\n') + '\n';
  return { subject: doc.subject, html, text };
}
