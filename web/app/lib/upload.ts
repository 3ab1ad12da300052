// Uploads from the browser to the files service (multipart, field `file`) through the same-origin
// /api proxy. An expired access token is refreshed once through the API client, then the upload
// is sent again; other failures raise the gateway's codes.
import { ACCESS_TOKEN_EXPIRED, ApiError, browserApi, excCodesOf } from './api.ts';

/** The files service's upload categories (files.proto's policy table). */
export type UploadCategory =
  'LOGO' | 'RESUME_PICTURE' | 'CUSTOM_RESUME' | 'OFFICIAL_GAZETTE' | 'NATIONAL_CARD' | 'MEDICAL_DOCUMENTS';

export async function uploadFile(category: UploadCategory, file: Blob, fileName: string): Promise<string> {
  const send = () => {
    const body = new FormData();
    body.append('file', file, fileName);
    return fetch(`/api/v1/files/upload?category=${category}`, {
      method: 'POST',
      body,
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'accept-cookie': 'true' },
    });
  };
  let response: Response;
  try {
    response = await send();
    if (response.status === 401 && (response.headers.get('exc') ?? '').includes(ACCESS_TOKEN_EXPIRED)) {
      await browserApi().call('get', '/sessions/refresh');
      response = await send();
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(['EXC_SERVICE_UNAVAILABLE'], 503);
  }
  if (!response.ok) throw new ApiError(await excCodesOf(response), response.status);
  const answer = (await response.json()) as { id: string };
  return answer.id;
}
