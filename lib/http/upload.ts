import 'server-only';
import { AppError, validationError } from './errors';

export type Upload = { bytes: Uint8Array; filename: string; declaredType: string };

/**
 * Reads one file from a multipart/form-data request. Oversize bodies answer 413 with `tooLarge`
 * before the body is read when the length is declared, and after it otherwise.
 */
export async function readUpload(req: Request, opts: { field?: string; maxBytes: number; tooLarge: string }): Promise<{ file: Upload; form: FormData }> {
  const field = opts.field ?? 'file';
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
  const value = form.get(field);
  if (!value || typeof value === 'string') throw validationError([{ loc: ['body', field], msg: 'Field required', type: 'missing' }]);
  if (value.size > opts.maxBytes) throw new AppError(413, opts.tooLarge);
  if (value.size === 0) throw validationError([{ loc: ['body', field], msg: 'The file is empty', type: 'value_error' }]);
  return { file: { bytes: new Uint8Array(await value.arrayBuffer()), filename: value.name, declaredType: value.type }, form };
}
