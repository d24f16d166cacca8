/**
 * Reads the one file of a `multipart/form-data` upload (a browser's file input), streamed through
 * busboy with a size limit, for a route that opts in (`validate(..., { allowMultipart: true })`;
 * docs/decisions/142-multipart-uploads-read-by-the-platform.md). Like a CSV or XML body, the upload
 * is left unread by the body parser: the route reads it after its sign-in and role checks, so nobody
 * signed out makes the server hold a large upload.
 * Every client's mistake is a French 400 or 413, never a 500: no boundary or a broken form (400), no
 * file (400), two files (400), a file of another type (400), a file over the limit (413). Text fields
 * beside the file are ignored. The file is returned as bytes: what the routes do with it (parse an
 * XML statement) needs all of it, and the limit bounds the memory.
 */
import busboy from 'busboy';
import type { Context } from 'koa';
import { HttpError } from '../errors.ts';

export interface UploadedFile {
  fieldName: string;
  /** The name the browser gave, or null; never trusted as a path. */
  filename: string | null;
  /** The part's own Content-Type, as the browser declared it. */
  mimeType: string;
  bytes: Buffer;
}

export interface MultipartFileOptions {
  limitBytes: number;
  /** Whether the part is of the expected type; a browser may send `application/octet-stream` for a known extension. */
  accepts: (file: { mimeType: string; filename: string | null }) => boolean;
  /** The French answers naming what the route expects (defaults are generic). */
  messages?: Partial<MultipartMessages>;
}

export interface MultipartMessages {
  unreadable: string;
  missing: string;
  several: string;
  wrongType: string;
  tooLarge: string;
}

export const MULTIPART_MESSAGES: MultipartMessages = {
  unreadable: 'Le formulaire envoyé est illisible (multipart/form-data incomplet ou sans délimiteur).',
  missing: 'Aucun fichier n’a été reçu : joignez un fichier au formulaire.',
  several: 'Envoyez un seul fichier à la fois.',
  wrongType: 'Ce type de fichier n’est pas accepté ici.',
  tooLarge: 'Le fichier est trop volumineux.',
};

/** A form's own fields and headers are small; beyond the file's limit plus this, the declared length alone refuses it. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** Stops reading the request: what is left is drained and dropped, so the answer can still be sent. */
function stopReading(ctx: Context, parser: NodeJS.WritableStream): void {
  ctx.req.unpipe(parser);
  ctx.req.resume();
}

export async function readMultipartFile(ctx: Context, options: MultipartFileOptions): Promise<UploadedFile> {
  const messages = { ...MULTIPART_MESSAGES, ...options.messages };
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > options.limitBytes + FORM_OVERHEAD_BYTES) throw new HttpError(413, messages.tooLarge);

  let parser: busboy.Busboy;
  try {
    // files: 1 makes busboy report a second file ('filesLimit') instead of reading it.
    parser = busboy({ headers: ctx.req.headers, limits: { files: 1, fileSize: options.limitBytes, fields: 20, fieldSize: 1024, parts: 21 } });
  } catch {
    throw new HttpError(400, messages.unreadable);
  }

  return new Promise<UploadedFile>((resolve, reject) => {
    let file: UploadedFile | null = null;
    let settled = false;
    const fail = (status: number, message: string) => {
      if (settled) return;
      settled = true;
      stopReading(ctx, parser);
      reject(new HttpError(status, message));
    };

    parser.on('file', (fieldName, stream, info) => {
      const declaredType = { mimeType: info.mimeType, filename: info.filename ?? null };
      // A form cut short ends the file's stream with an error: unheard, it would crash the process.
      stream.on('error', () => fail(400, messages.unreadable));
      if (!options.accepts(declaredType)) {
        stream.resume();
        fail(400, messages.wrongType);
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(413, messages.tooLarge));
      stream.on('end', () => {
        if (!settled && !stream.truncated) file = { fieldName, ...declaredType, bytes: Buffer.concat(chunks) };
      });
    });
    parser.on('filesLimit', () => fail(400, messages.several));
    parser.on('partsLimit', () => fail(400, messages.unreadable));
    parser.on('error', () => fail(400, messages.unreadable));
    parser.on('close', () => {
      if (settled) return;
      settled = true;
      if (file) resolve(file);
      else reject(new HttpError(400, messages.missing));
    });
    ctx.req.on('error', () => fail(400, messages.unreadable));
    ctx.req.pipe(parser);
  });
}
