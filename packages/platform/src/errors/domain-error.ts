import { type ExcCode, excText } from './catalogue.ts';

/**
 * A rule of the domain was broken. Carries one or more catalogue codes; the transport
 * layers (gRPC, then HTTP) turn it into a status and the `exc` codes.
 */
export class DomainError extends Error {
  readonly codes: readonly ExcCode[];

  constructor(...codes: [ExcCode, ...ExcCode[]]) {
    super(codes.map((c) => excText(c, 'en')).join(' '));
    this.name = 'DomainError';
    this.codes = codes;
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
