// Session pieces the browser keeps (spec §3): the user's mobile and the recruitments back URL.
export const SESSION_KEYS = { userMobile: 'dk.userMobile', recruitmentsBackURL: 'dk.recruitmentsBackURL' } as const;

export function clearSessionStorage(): void {
  for (const key of Object.values(SESSION_KEYS)) window.sessionStorage.removeItem(key);
}
