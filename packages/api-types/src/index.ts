// The shapes of the gateway's /api/v1 answers and requests, read from its OpenAPI document
// (src/openapi.ts is generated from ../openapi.json by `npm run generate`; neither is edited by
// hand). Callers use the path templates of the contract without the /api/v1 prefix, because
// that is how the web app's client is addressed (its base URL ends in /api/v1).
import type { components, paths } from './openapi.ts';

export type { components, operations, paths } from './openapi.ts';

/** The /api/v1 paths keyed without their prefix: `/authentication/cellphone/{cellphone}`. */
export type ApiV1Paths = {
  [Key in keyof paths as Key extends `/api/v1${infer Rest}` ? Rest : never]: paths[Key];
};

export type ApiPath = keyof ApiV1Paths;

type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch';

/** The methods the contract defines on a path (the others are `never` in the generated types). */
export type ApiMethod<P extends ApiPath> = {
  [M in HttpMethod]: ApiV1Paths[P][M] extends { responses: unknown } ? M : never;
}[HttpMethod];

type Operation<P extends ApiPath, M extends ApiMethod<P>> = Extract<ApiV1Paths[P][M], { responses: unknown }>;

type SuccessStatus = 200 | 201 | 202 | 204;

type JsonOf<Response> = Response extends { content: { 'application/json': infer Body } } ? Body : undefined;

/** What a successful call answers: the JSON of its 2xx responses, `undefined` for a 204. */
export type ApiAnswer<P extends ApiPath, M extends ApiMethod<P>> = {
  [S in keyof Operation<P, M>['responses']]: S extends SuccessStatus ? JsonOf<Operation<P, M>['responses'][S]> : never;
}[keyof Operation<P, M>['responses']];

/** The JSON body a call sends; `never` when it takes none. */
export type ApiRequestBody<P extends ApiPath, M extends ApiMethod<P>> =
  Operation<P, M> extends { requestBody: { content: { 'application/json': infer Body } } } ? Body : never;

/** The `{name}` segments of the path template; `never` when there are none. */
export type ApiPathParams<P extends ApiPath, M extends ApiMethod<P>> = NonNullable<Operation<P, M>['parameters']['path']>;

/** The query string; `never` when the call takes none. */
export type ApiQuery<P extends ApiPath, M extends ApiMethod<P>> = NonNullable<Operation<P, M>['parameters']['query']>;

/** What a typed call is given: exactly the parts the contract declares. */
export type ApiRequest<P extends ApiPath, M extends ApiMethod<P>> = ([ApiPathParams<P, M>] extends [never]
  ? { params?: undefined }
  : { params: ApiPathParams<P, M> }) &
  ([ApiQuery<P, M>] extends [never] ? { query?: undefined } : { query: ApiQuery<P, M> }) &
  ([ApiRequestBody<P, M>] extends [never] ? { body?: undefined } : { body: ApiRequestBody<P, M> });

/** Every error answer: `{ exc, message }` (the `exc` header carries the same codes). */
export type ApiErrorBody = components['schemas']['Error'];

/** `POST /authentication/cellphone/{cellphone}`: a login code is on its way. */
export type CodeSent = ApiAnswer<'/authentication/cellphone/{cellphone}', 'post'>;

/** `POST /authentication/cellphone/{cellphone}/verify`: the user behind the new session. */
export type CodeVerified = ApiAnswer<'/authentication/cellphone/{cellphone}/verify', 'post'>;

export type VerifiedUser = CodeVerified['user'];

/** Tokens in the body, for API clients that did not ask for cookies. */
export type SessionTokens = NonNullable<CodeVerified['session']>;

/** What a verified code is for (`next` query parameter). */
export type VerifyNext = ApiQuery<'/authentication/cellphone/{cellphone}/verify', 'post'>['next'];

/** `GET /authentication/cellphone`: the logged-in user's number. */
export type AccountCellphone = ApiAnswer<'/authentication/cellphone', 'get'>;

/** `GET /authentication/email`: the logged-in user's email and whether it is verified. */
export type AccountEmail = ApiAnswer<'/authentication/email', 'get'>;

/** `POST /authentication/email/{email}`: a verification email is on its way. */
export type EmailCodeSent = ApiAnswer<'/authentication/email/{email}', 'post'>;
