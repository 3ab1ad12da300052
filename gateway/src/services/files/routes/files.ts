// files/*: upload, the public images by id and width, private files by signed link, removal.
import type { Response } from 'express';
import { FileCategory } from '@darmankar/proto/files/v1/files_pb';
import { defineRoute, type RouteDefinition } from '../../../http/route.ts';
import type { FilesAdapter } from '../client.ts';
import { readUpload } from '../multipart.ts';
import { CATEGORIES, LARGEST_UPLOAD } from '../policy.ts';
import { fileIdParams, publicFileQuery, signedFileQuery, uploadQuery, uploadResponse } from '../schemas.ts';

/** A public file never changes under its id and width: caches may keep it for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Nothing a stored file holds may run as a page of ours, whatever a browser thinks it is. */
function lockDown(res: Response): void {
  res.set('X-Content-Type-Options', 'nosniff');
  res.set('Content-Security-Policy', "default-src 'none'; sandbox");
}

/** An ASCII stand-in for the download name, with the real one in RFC 5987 form beside it. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function filesRoutes(files: FilesAdapter): RouteDefinition[] {
  return [
    defineRoute({
      methods: ['post'],
      path: '/files/upload',
      summary:
        'Upload a file (multipart/form-data, field `file`) for the category given; the policy table is under `category`',
      tag: 'files',
      session: 'required',
      query: uploadQuery,
      responses: [
        { status: 200, description: 'Stored; unclaimed uploads are removed after a day', body: uploadResponse },
      ],
      errors: [
        'EXC_FILES_NO_FILE',
        'EXC_FILES_INVALID_MIME_TYPE',
        'EXC_FILES_TOO_LARGE',
        'EXC_FILES_UNKNOWN_TYPE',
        'EXC_FILES_NAME_IS_INVALID',
        'EXC_FILES_IMAGE_DIMENSIONS_TOO_LARGE',
      ],
      async handle({ req, query, meta }) {
        const row = CATEGORIES.find((candidate) => candidate.name === query.category)!;
        // Room for the multipart framing around the largest file; past it the body is cut off.
        const upload = await readUpload(req, row.maxBytes, LARGEST_UPLOAD + 64 * 1024);
        return files.upload(
          { category: row.category as FileCategory, fileName: upload.fileName, content: upload.content },
          meta,
        );
      },
    }),
    defineRoute({
      methods: ['get'],
      path: '/files/:id',
      summary: 'A public file (logo, resume picture) at one of the offered widths; cached for good',
      tag: 'files',
      session: 'none',
      params: fileIdParams,
      query: publicFileQuery,
      responses: [
        {
          status: 200,
          description: 'The image (image/webp)',
          headers: { 'Cache-Control': IMMUTABLE, ETag: 'the file id and width' },
        },
        { status: 304, description: 'The copy the client holds is current (If-None-Match)' },
      ],
      errors: ['EXC_FILES_NOT_FOUND', 'EXC_FILES_WIDTH_IS_INVALID'],
      async handle({ req, res, params, query, meta }) {
        const file = await files.publicFile(params.id, query.width, meta);
        lockDown(res);
        res.set('Cache-Control', IMMUTABLE).set('ETag', file.etag);
        if (req.headers['if-none-match'] === file.etag) {
          res.status(304).end();
          return undefined;
        }
        res.status(200).type(file.mediaType).send(file.content);
        return undefined;
      },
    }),
    defineRoute({
      methods: ['get'],
      path: '/files/:id/signed',
      summary: 'A file through a short-lived signed link that the service owning its use issued',
      tag: 'files',
      session: 'none',
      params: fileIdParams,
      query: signedFileQuery,
      responses: [
        {
          status: 200,
          description: 'The file, as a download',
          headers: { 'Cache-Control': 'private, no-store', 'Content-Disposition': 'attachment with the file name' },
        },
      ],
      errors: ['EXC_FILES_NOT_FOUND', 'EXC_FILES_LINK_IS_INVALID', 'EXC_FILES_LINK_IS_EXPIRED'],
      async handle({ res, params, query, meta }) {
        res.set('Cache-Control', 'private, no-store');
        const file = await files.signedFile(
          { fileId: params.id, expiresAtSeconds: query.expires, signature: query.signature },
          meta,
        );
        lockDown(res);
        // <img> still shows an image sent as an attachment; a document is never opened as a page.
        res.status(200).set('Content-Disposition', attachment(file.fileName)).type(file.mediaType).send(file.content);
        return undefined;
      },
    }),
    defineRoute({
      methods: ['delete'],
      path: '/files/:id',
      summary: 'Remove an upload of your own that nothing uses yet',
      tag: 'files',
      session: 'required',
      params: fileIdParams,
      responses: [{ status: 204, description: 'Removed' }],
      errors: ['EXC_FILES_NOT_FOUND', 'EXC_FILES_CANNOT_REMOVE'],
      handle: ({ params, meta }) => files.remove(params.id, meta).then(() => undefined),
    }),
  ];
}
