// Judges an upload by its bytes: the client's name and declared type are never believed.
import { fileTypeFromBuffer } from 'file-type';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import type { CategoryPolicy } from './policy.ts';

const MAX_NAME_LENGTH = 255;

/**
 * The client's file name, kept only as the download name. A name with a path, a control
 * character or a dot-only name is refused rather than cleaned: a client sending one is either
 * broken or probing.
 */
export function parseFileName(input: string): string {
  const name = input.normalize('NFC').trim();
  if (name === '') return 'file';
  if (name.length > MAX_NAME_LENGTH || /[/\\]/.test(name) || /[\u0000-\u001f\u007f]/.test(name) || /^\.+$/.test(name)) {
    throw new DomainError('EXC_FILES_NAME_IS_INVALID');
  }
  return name;
}

/**
 * Markers a browser takes for HTML or script. A PDF that also holds them is a PDF/HTML
 * polyglot: served as the wrong type anywhere it would run as a page.
 */
const MARKUP = /<\s*(?:!doctype\s+html|html|head|body|script|iframe|object|embed|svg|meta\s+http-equiv)\b|<\?php/i;

/** Whether a PDF carries markup a browser would run (checked on the raw bytes, as latin1). */
function looksLikePolyglot(bytes: Uint8Array): boolean {
  return MARKUP.test(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'));
}

/** The media type the bytes are, when the category accepts it; otherwise the code saying why not. */
export async function acceptedMediaType(bytes: Uint8Array, policy: CategoryPolicy): Promise<string> {
  if (bytes.byteLength === 0) throw new DomainError('EXC_FILES_NO_FILE');
  if (bytes.byteLength > policy.maxBytes) throw new DomainError('EXC_FILES_TOO_LARGE');
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !policy.mediaTypes.includes(detected.mime)) throw new DomainError('EXC_FILES_INVALID_MIME_TYPE');
  if (detected.mime === 'application/pdf' && looksLikePolyglot(bytes))
    throw new DomainError('EXC_FILES_INVALID_MIME_TYPE');
  return detected.mime;
}
