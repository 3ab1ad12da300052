// Between "send a code to the new number" and "verify it", the web server remembers the new
// number and when a resend is allowed in its own short-lived httpOnly cookie, as the login does
// (login-state.server.ts): it works without JavaScript and keeps the number out of URLs.
import { codeStateCookie, type CodeState } from '../login-state.server.ts';

export type CellphoneChangeState = CodeState;

const cellphoneChange = codeStateCookie('dk_cellphone_change');
export const readCellphoneChange = cellphoneChange.read;
export const saveCellphoneChange = cellphoneChange.save;
export const clearCellphoneChange = cellphoneChange.clear;
