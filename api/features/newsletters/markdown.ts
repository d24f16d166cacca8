/**
 * A newsletter's body: Markdown written by the team, rendered for e-mail (decision 113). `marked` reads
 * the Markdown; raw HTML in it is dropped, images become links (no remote content is ever loaded by
 * the reader's mail client), and `sanitize-html` keeps only a short list of tags with attributes rebuilt
 * from scratch: the inline styles of the e-mails' layout and, on links, an http(s) or mailto address.
 * Links to our own site carry the issue's UTM parameters; no link is redirected and nothing tracks
 * opens. The plain-text part is written from the same Markdown, not converted from the HTML.
 */
import { Marked, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { NEWSLETTER_BLOCKS } from './contract/index.ts';

export type BodySegment = { kind: 'markdown'; source: string } | { kind: 'webinars' } | { kind: 'booking' };

const BLOCK_LINE = /^[ \t]*(\{\{prochains-webinaires\}\}|\{\{appel-decouverte\}\})[ \t]*$/;

/** The body cut at the blocks' lines: Markdown between them, each block where its line stood. */
export function splitBody(body: string): BodySegment[] {
  const segments: BodySegment[] = [];
  let lines: string[] = [];
  const flush = () => {
    const source = lines.join('\n');
    if (source.trim() !== '') segments.push({ kind: 'markdown', source });
    lines = [];
  };
  for (const line of body.replace(/\r\n?/g, '\n').split('\n')) {
    const block = BLOCK_LINE.exec(line)?.[1];
    if (!block) {
      lines.push(line);
      continue;
    }
    flush();
    segments.push({ kind: block === NEWSLETTER_BLOCKS.webinars ? 'webinars' : 'booking' });
  }
  flush();
  return segments;
}

const SAFE_HREF = /^(https?:\/\/|mailto:)/i;

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export interface LinkTagging {
  /** The site's origin: its links get the UTM parameters. */
  publicUrl: string;
  /** `utm_campaign`: the issue's slug, else its id. */
  campaign: string;
}

/** Our own site's links name the newsletter and the issue (utm_source, utm_medium, utm_campaign). */
export function tagLink(href: string, tagging: LinkTagging): string {
  let url: URL;
  let site: URL;
  try {
    url = new URL(href);
    site = new URL(tagging.publicUrl);
  } catch {
    return href;
  }
  if (url.host !== site.host || !/^https?:$/.test(url.protocol)) return href;
  url.searchParams.set('utm_source', 'newsletter');
  url.searchParams.set('utm_medium', 'email');
  url.searchParams.set('utm_campaign', tagging.campaign);
  return url.toString();
}

/**
 * A link's address: our own site's get the issue's UTM parameters, except an address written out as
 * its own text, which stays a link to exactly what it shows (decision 092).
 */
function linkTarget(href: string, label: string, tagging: LinkTagging): string {
  return label === href || label === escapeHtml(href) ? href : tagLink(href, tagging);
}

function htmlMarked(tagging: LinkTagging): Marked {
  return new Marked({
    gfm: true,
    async: false,
    renderer: {
      // Raw HTML written in the Markdown is dropped, block or inline.
      html: () => '',
      link(this: any, { href, tokens }: Tokens.Link) {
        const label = this.parser.parseInline(tokens) as string;
        return SAFE_HREF.test(href) ? `<a href="${escapeHtml(linkTarget(href, label, tagging))}">${label}</a>` : label;
      },
      // No remote content: an image is a link to it (http(s) only), else its description alone.
      image: ({ href, text }: Tokens.Image) => (SAFE_HREF.test(href) && !/^mailto:/i.test(href) ? `<a href="${escapeHtml(href)}">${escapeHtml(text || href)}</a>` : escapeHtml(text)),
    },
  });
}

function textMarked(tagging: LinkTagging): Marked {
  return new Marked({
    gfm: true,
    async: false,
    renderer: {
      space: () => '',
      html: () => '',
      code: ({ text }: Tokens.Code) => `${text}\n\n`,
      blockquote(this: any, { tokens }: Tokens.Blockquote) {
        const inner = (this.parser.parse(tokens) as string).trim();
        return `${inner
          .split('\n')
          .map((line) => `> ${line}`.trimEnd())
          .join('\n')}\n\n`;
      },
      heading(this: any, { tokens }: Tokens.Heading) {
        return `${this.parser.parseInline(tokens)}\n\n`;
      },
      hr: () => '----------\n\n',
      list(this: any, token: Tokens.List) {
        const start = typeof token.start === 'number' ? token.start : 1;
        const items = token.items.map((item, index) => `${token.ordered ? `${start + index}.` : '-'} ${(this.parser.parse(item.tokens) as string).trim().replace(/\n+/g, '\n  ')}`);
        return `${items.join('\n')}\n\n`;
      },
      checkbox: () => '',
      paragraph(this: any, { tokens }: Tokens.Paragraph) {
        return `${this.parser.parseInline(tokens)}\n\n`;
      },
      table(this: any, token: Tokens.Table) {
        const row = (cells: Tokens.TableCell[]) => cells.map((cell) => this.parser.parseInline(cell.tokens)).join(' | ');
        return `${[row(token.header), ...token.rows.map(row)].join('\n')}\n\n`;
      },
      strong(this: any, { tokens }: Tokens.Strong) {
        return this.parser.parseInline(tokens);
      },
      em(this: any, { tokens }: Tokens.Em) {
        return this.parser.parseInline(tokens);
      },
      del(this: any, { tokens }: Tokens.Del) {
        return this.parser.parseInline(tokens);
      },
      codespan: ({ text }: Tokens.Codespan) => text,
      br: () => '\n',
      link(this: any, { href, tokens }: Tokens.Link) {
        const label = this.parser.parseInline(tokens) as string;
        if (!SAFE_HREF.test(href)) return label;
        const address = href.replace(/^mailto:/i, '');
        return label === href || label === address ? href : `${label} (${tagLink(href, tagging)})`;
      },
      image: ({ href, text }: Tokens.Image) => (SAFE_HREF.test(href) && !/^mailto:/i.test(href) ? `${text || href} (${href})` : text),
      text(this: any, token: Tokens.Text | Tokens.Escape) {
        return 'tokens' in token && token.tokens ? this.parser.parseInline(token.tokens) : token.text;
      },
    },
  });
}

// The e-mails' layout, inline (mail clients ignore style sheets): platform/mail/layout.ts's sizes and palette.
const STYLES: Record<string, string> = {
  p: 'font-size:16px;line-height:24px;margin:0 0 16px',
  h2: "font-family:'Fraunces',Georgia,serif;font-size:22px;line-height:28px;color:#24483e;margin:24px 0 12px",
  h3: 'font-size:18px;line-height:26px;font-weight:600;margin:20px 0 8px',
  ul: 'font-size:16px;line-height:24px;margin:0 0 16px;padding-left:24px',
  ol: 'font-size:16px;line-height:24px;margin:0 0 16px;padding-left:24px',
  li: 'margin:0 0 8px',
  blockquote: 'border-left:3px solid #ddd4c5;margin:0 0 16px;padding:0 0 0 16px;color:#4d5c57',
  a: 'color:#24483e;overflow-wrap:anywhere;word-break:break-word',
  hr: 'border:none;border-top:1px solid #ddd4c5;margin:24px 0',
  pre: 'white-space:pre-wrap;font-size:14px;background:#f8f5ef;padding:12px;border-radius:8px;margin:0 0 16px',
  code: 'font-family:Menlo,Consolas,monospace;font-size:14px',
};
const PLAIN_TAGS = ['br', 'strong', 'em', 'b', 'i', 'del', 's'];
// Headings one and two become the e-mail's h2 (the brand line stands above them), the smaller ones h3.
const HEADING_LEVELS: Record<string, string> = { h1: 'h2', h2: 'h2', h3: 'h3', h4: 'h3', h5: 'h3', h6: 'h3' };

function sanitize(html: string, inlineStyles: boolean): string {
  const style = (tagName: string): Record<string, string> => (inlineStyles ? { style: STYLES[tagName]! } : {});
  const styled = (tagName: string) => () => ({ tagName, attribs: style(tagName) });
  const transformTags: Record<string, sanitizeHtml.Transformer> = {
    ...Object.fromEntries(
      Object.keys(STYLES)
        .filter((tag) => tag !== 'a')
        .map((tag) => [tag, styled(tag)]),
    ),
    ...Object.fromEntries(Object.entries(HEADING_LEVELS).map(([from, to]) => [from, styled(to)])),
    ...Object.fromEntries(PLAIN_TAGS.map((tag) => [tag, () => ({ tagName: tag, attribs: {} })])),
    a: (_tagName, attribs) => {
      const href = attribs.href && SAFE_HREF.test(attribs.href) ? attribs.href : undefined;
      return { tagName: 'a', attribs: href ? { href, ...style('a') } : style('a') };
    },
  };
  return sanitizeHtml(html, {
    allowedTags: [...Object.keys(STYLES), 'h2', 'h3', ...PLAIN_TAGS],
    allowedAttributes: { '*': ['style'], a: ['href', 'style'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags,
  });
}

/**
 * One Markdown segment for e-mail: sanitised HTML in the layout's styles, and its plain text. For a
 * web page (the archive), `inlineStyles: false` leaves the styling to the site's own style sheet.
 */
export function renderMarkdown(source: string, tagging: LinkTagging, options: { inlineStyles?: boolean } = {}): { html: string; text: string } {
  const html = sanitize(htmlMarked(tagging).parse(source) as string, options.inlineStyles ?? true);
  const text = (textMarked(tagging).parse(source) as string).replace(/\n{3,}/g, '\n\n').trim();
  return { html, text: decodeEntities(text) };
}

/** marked writes `&amp;`-style entities in a few places even with a text renderer. */
function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_whole, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name]!);
}
