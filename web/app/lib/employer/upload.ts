// Uploads of the employer's files (logo, official gazette, national card, medical documents) from
// the browser to the files service through the same-origin /api proxy; an expired access token is
// refreshed once, then the upload is sent again.
import { ACCESS_TOKEN_EXPIRED, ApiError, browserApi, excCodesOf } from '../api.ts';

export type EmployerUploadCategory = 'LOGO' | 'OFFICIAL_GAZETTE' | 'NATIONAL_CARD' | 'MEDICAL_DOCUMENTS';

export async function uploadEmployerFile(category: EmployerUploadCategory, file: File): Promise<string> {
  const send = () => {
    const body = new FormData();
    body.append('file', file, file.name);
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
      await browserApi().get('/sessions/refresh');
      response = await send();
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(['EXC_SERVICE_UNAVAILABLE'], 503);
  }
  if (!response.ok) throw new ApiError(await excCodesOf(response), response.status);
  return ((await response.json()) as { id: string }).id;
}
