// Reads the one file of a multipart/form-data upload (field `file`) with busboy, keeping at
// most the category's size in memory. The route layer parses JSON bodies only; an upload
// route streams the request through here instead.
import busboy from 'busboy';
import type { Request } from 'express';
import { DomainError } from '@darmankar/platform/errors/domain-error';

export interface UploadedFile {
  /** As the client sent it, path included: the files service refuses one with a path. */
  fileName: string;
  content: Buffer;
}

/**
 * The file of field `file`. EXC_FILES_NO_FILE when there is none (or the body is not
 * multipart); EXC_FILES_TOO_LARGE as soon as it passes `maxBytes`. A request whose body goes
 * on long past that is cut off rather than read to its end.
 */
export function readUpload(req: Request, maxBytes: number, hardLimitBytes: number): Promise<UploadedFile> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > hardLimitBytes) return Promise.reject(new DomainError('EXC_FILES_TOO_LARGE'));
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      // Paths are kept so the service can refuse them instead of busboy quietly cutting them off.
      preservePath: true,
      // Browsers send UTF-8 names (Persian ones included); busboy would read them as latin1.
      defParamCharset: 'utf8',
      limits: { files: 1, fileSize: maxBytes, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 50 },
    });
  } catch {
    return Promise.reject(new DomainError('EXC_FILES_NO_FILE'));
  }
  return new Promise<UploadedFile>((resolve, reject) => {
    let file: UploadedFile | undefined;
    let tooLarge = false;
    let received = 0;
    let settled = false;
    const settle = (error?: DomainError) => {
      if (settled) return;
      settled = true;
      req.off('data', count);
      if (error) reject(error);
      else if (tooLarge) reject(new DomainError('EXC_FILES_TOO_LARGE'));
      else if (!file || file.content.byteLength === 0) reject(new DomainError('EXC_FILES_NO_FILE'));
      else resolve(file);
    };
    const count = (chunk: Buffer) => {
      received += chunk.length;
      // Without a Content-Length nothing bounded the body up front: stop reading here.
      if (received > hardLimitBytes) {
        req.unpipe(parser);
        req.resume();
        settle(new DomainError('EXC_FILES_TOO_LARGE'));
      }
    };
    req.on('data', count);
    parser.on('file', (field, stream, info) => {
      if (field !== 'file') {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        tooLarge = true;
      });
      stream.on('end', () => {
        if (!tooLarge) file = { fileName: info.filename ?? '', content: Buffer.concat(chunks) };
      });
    });
    parser.on('close', () => settle());
    parser.on('error', () => settle(new DomainError('EXC_FILES_NO_FILE')));
    parser.on('filesLimit', () => {});
    req.pipe(parser);
  });
}
