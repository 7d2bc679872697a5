import 'server-only';
import { isStorableText } from './body';
import { AppError, validationError } from './errors';

const unstorable = (field: string) => validationError([{ loc: ['body', field], msg: 'Text contains characters that cannot be stored', type: 'string_unicode' }]);

/** Form fields and file names end up in text columns: refuse NUL and broken Unicode before anything is stored. */
function assertStorableForm(form: FormData): void {
  for (const [name, value] of form.entries()) {
    if (!isStorableText(name)) throw unstorable('body');
    if (!isStorableText(typeof value === 'string' ? value : value.name)) throw unstorable(name);
  }
}

export type Upload = { bytes: Uint8Array; filename: string; declaredType: string };

/**
 * Reads one file from a multipart/form-data request. Oversize bodies answer 413 with `tooLarge`
 * before the body is read when the length is declared, and after it otherwise.
 */
export async function readUpload(req: Request, opts: { field?: string; maxBytes: number; tooLarge: string }): Promise<{ file: Upload; form: FormData }> {
  const field = opts.field ?? 'file';
  const form = await readMultipartForm(req, opts);
  const value = form.get(field);
  if (!value || typeof value === 'string') throw validationError([{ loc: ['body', field], msg: 'Field required', type: 'missing' }]);
  if (value.size > opts.maxBytes) throw new AppError(413, opts.tooLarge);
  if (value.size === 0) throw validationError([{ loc: ['body', field], msg: 'The file is empty', type: 'value_error' }]);
  return { file: { bytes: new Uint8Array(await value.arrayBuffer()), filename: value.name, declaredType: value.type }, form };
}

/**
 * Reads a multipart/form-data request whose file is optional; the caller judges its fields. A body
 * declared larger than `maxBytes` (plus framing) answers 413 with `tooLarge` before it is read.
 */
export async function readMultipartForm(req: Request, opts: { maxBytes: number; tooLarge: string }): Promise<FormData> {
  const type = req.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    throw validationError([{ loc: ['body'], msg: 'Expected a multipart/form-data upload', type: 'content_type' }]);
  }
  // Some room over the file's own limit for the multipart framing and other fields.
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > opts.maxBytes + 64 * 1024) throw new AppError(413, opts.tooLarge);
  let form: FormData;
  try {
    form = await req.formData();
  } catch {
    throw validationError([{ loc: ['body'], msg: 'The upload could not be read as multipart/form-data', type: 'multipart_invalid' }]);
  }
  assertStorableForm(form);
  return form;
}

/**
 * Streams one file of a multipart upload to `sink` chunk by chunk, pausing the request while the
 * sink writes (back-pressure), and answers the other fields and the file's name and size.
 */
export async function streamUpload(
  req: Request,
  opts: { field?: string; maxBytes: number; tooLarge: string },
  sink: (chunk: Buffer) => Promise<void>,
): Promise<{ filename: string; size: number; fields: Record<string, string> }> {
  const field = opts.field ?? 'file';
  const type = req.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data') || !req.body) {
    throw validationError([{ loc: ['body'], msg: 'Expected a multipart/form-data upload', type: 'content_type' }]);
  }
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > opts.maxBytes + 64 * 1024) throw new AppError(413, opts.tooLarge);
  const { default: Busboy } = await import('busboy');
  const { Readable } = await import('node:stream');
  const malformed = () => validationError([{ loc: ['body'], msg: 'The upload could not be read as multipart/form-data', type: 'multipart_invalid' }]);
  return new Promise((resolve, reject) => {
    let parser;
    try {
      parser = Busboy({ headers: { 'content-type': type }, limits: { files: 1, fileSize: opts.maxBytes, fields: 20, fieldSize: 64 * 1024 } });
    } catch {
      return reject(malformed());
    }
    const fields: Record<string, string> = {};
    let seen: { filename: string; size: number } | null = null;
    let failure: unknown = null;
    let writing: Promise<void> = Promise.resolve();
    // Fields are judged as they arrive: one sent before the file stops the upload before a byte is stored.
    parser.on('field', (name, value) => {
      if (!isStorableText(name) || !isStorableText(value)) failure ??= unstorable(isStorableText(name) ? name : 'body');
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== field || failure) return void stream.resume();
      if (info.filename && !isStorableText(info.filename)) {
        failure = unstorable(field);
        return void stream.resume();
      }
      const file = { filename: info.filename ?? 'upload', size: 0 };
      seen = file;
      stream.on('data', (chunk: Buffer) => {
        if (failure) return;
        file.size += chunk.length;
        stream.pause();
        writing = writing
          .then(() => sink(chunk))
          .then(
            () => void stream.resume(),
            (err) => {
              failure = err;
              stream.resume();
            },
          );
      });
      stream.on('limit', () => (failure = new AppError(413, opts.tooLarge)));
    });
    parser.on('error', () => reject(malformed()));
    parser.on('close', async () => {
      await writing;
      if (failure) return reject(failure);
      if (!seen) return reject(validationError([{ loc: ['body', field], msg: 'Field required', type: 'missing' }]));
      if ((seen as { size: number }).size === 0) return reject(validationError([{ loc: ['body', field], msg: 'The file is empty', type: 'value_error' }]));
      resolve({ ...(seen as { filename: string; size: number }), fields });
    });
    Readable.fromWeb(req.body as never).on('error', reject).pipe(parser);
  });
}

/** The image or document a server action received in its FormData: present, not empty, within `maxBytes`. */
export async function fileFromForm(form: FormData, opts: { field?: string; maxBytes: number; tooLarge: string; missing: string }): Promise<Upload> {
  assertStorableForm(form);
  const value = form.get(opts.field ?? 'file');
  if (!(value instanceof File) || value.size === 0) throw validationError([{ loc: ['body', opts.field ?? 'file'], msg: opts.missing, type: 'missing' }]);
  if (value.size > opts.maxBytes) throw new AppError(413, opts.tooLarge);
  return { bytes: new Uint8Array(await value.arrayBuffer()), filename: value.name, declaredType: value.type };
}
