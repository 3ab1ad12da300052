// What the resume needs from the files service, for the user it acts for. The adapter
// (rpc/files-client.ts) makes the gRPC calls; the domain sees only this.
export type ClaimCategory = 'RESUME_PICTURE' | 'CUSTOM_RESUME';

export interface FilesPort {
  /** Takes an upload of `ownerUserId` of that category for `claimer`; throws the files service's codes. */
  claim(input: { fileId: string; ownerUserId: string; category: ClaimCategory; claimer: string }): Promise<void>;
  /** Lets a claimed file go (it is purged a day later). */
  release(input: { fileId: string; claimer: string; actingUserId: string }): Promise<void>;
  /** A short-lived link to read a private file. */
  issueReadLink(input: { fileId: string; ttlSeconds: number; actingUserId: string }): Promise<{ path: string; expiresAtSeconds: number }>;
}
