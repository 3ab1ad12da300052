// Where the bytes live. One contract, two engines: a folder (development, tests) and
// S3-compatible object storage (production); test/storage-contract.ts holds both to it.

export interface FileStorage {
  /** Stores `bytes` under `key`, replacing what was there. */
  put(key: string, bytes: Uint8Array, mediaType: string): Promise<void>;
  /** The bytes under `key`, or undefined when there are none. */
  get(key: string): Promise<Buffer | undefined>;
  /** Removes the keys; a key with nothing under it is not an error. */
  delete(keys: readonly string[]): Promise<void>;
}

/** Keys are made here only: `<file id>/full` and `<file id>/w<width>`, never from client input. */
export function objectKey(fileId: string, width?: number): string {
  return width ? `${fileId}/w${width}` : `${fileId}/full`;
}

export function objectKeys(fileId: string, widths: readonly number[]): string[] {
  return [objectKey(fileId), ...widths.map((width) => objectKey(fileId, width))];
}
