// Reads the text out of the PDFs Chromium (Skia) writes, enough to check Persian in them: each
// glyph is mapped through its font's ToUnicode CMap. For joined Arabic-script letters those
// name the contextual forms (Arabic Presentation Forms-B: initial, medial, final), so the
// un-normalised text shows whether letters were joined; NFKC folds them back to plain letters.
// Right-to-left runs are written in visual order inside `/ReversedChars` marked content; they
// are turned back into reading order.
import { inflateSync } from 'node:zlib';

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

function objects(pdf: Buffer): Map<number, PdfObject> {
  const source = pdf.toString('latin1');
  const found = new Map<number, PdfObject>();
  const pattern = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  for (let match = pattern.exec(source); match; match = pattern.exec(source)) {
    const body = match[2]!;
    const streamAt = body.indexOf('stream');
    if (streamAt < 0) {
      found.set(Number(match[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, streamAt);
    let start = streamAt + 'stream'.length;
    if (body[start] === '\r') start++;
    if (body[start] === '\n') start++;
    const end = body.lastIndexOf('endstream');
    let bytes = Buffer.from(body.slice(start, end), 'latin1');
    if (/\/FlateDecode/.test(dict)) {
      try {
        bytes = inflateSync(bytes);
      } catch {
        bytes = Buffer.alloc(0);
      }
    }
    found.set(Number(match[1]), { dict, stream: bytes });
  }
  return found;
}

interface CMap {
  bytes: number;
  map: Map<number, string>;
}

function utf16(hex: string): string {
  const units: number[] = [];
  for (let i = 0; i + 4 <= hex.length; i += 4) units.push(parseInt(hex.slice(i, i + 4), 16));
  return String.fromCharCode(...units);
}

function parseCMap(text: string): CMap {
  const range = /begincodespacerange\s*<([0-9A-Fa-f]+)>/.exec(text);
  const bytes = range ? range[1]!.length / 2 : 1;
  const map = new Map<number, string>();
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const entry of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g))
      map.set(parseInt(entry[1]!, 16), utf16(entry[2]!));
  }
  for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const entry of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      const [from, to, first] = [parseInt(entry[1]!, 16), parseInt(entry[2]!, 16), parseInt(entry[3]!, 16)];
      for (let code = from; code <= to; code++) map.set(code, String.fromCodePoint(first + code - from));
    }
  }
  return { bytes, map };
}

const ref = (dict: string, key: string) => {
  const match = new RegExp(`/${key}\\s+(\\d+) 0 R`).exec(dict);
  return match ? Number(match[1]) : null;
};

export interface PdfText {
  /** Reading-order text with the glyphs' own forms (presentation forms where letters joined). */
  shaped: string;
  /** The same, NFKC-normalised: plain letters, to search for words. */
  text: string;
  /** Family names of the embedded fonts. */
  fontFamilies: string[];
}

export function pdfText(pdf: Buffer): PdfText {
  const all = objects(pdf);
  const fontFamilies = new Set<string>();
  for (const object of all.values()) {
    const family = /\/FontFamily\s*\(([^)]*)\)/.exec(object.dict);
    if (family) fontFamilies.add(family[1]!);
  }
  const blocks: string[] = [];
  for (const page of all.values()) {
    if (!/\/Type\s*\/Page\b/.test(page.dict)) continue;
    // Font resources: /F4 4 0 R → its ToUnicode CMap.
    const fonts = new Map<string, CMap>();
    const fontDict = /\/Font\s*<<([\s\S]*?)>>/.exec(page.dict)?.[1] ?? '';
    for (const entry of fontDict.matchAll(/\/(\w+)\s+(\d+) 0 R/g)) {
      const font = all.get(Number(entry[2]));
      const toUnicode = font ? ref(font.dict, 'ToUnicode') : null;
      const cmap = toUnicode !== null ? all.get(toUnicode)?.stream : null;
      if (cmap) fonts.set(entry[1]!, parseCMap(cmap.toString('latin1')));
    }
    const contents = /\/Contents\s*(\[[^\]]*\]|\d+ 0 R)/.exec(page.dict)?.[1] ?? '';
    for (const id of contents.matchAll(/(\d+) 0 R/g)) {
      const content = all.get(Number(id[1]))?.stream?.toString('latin1') ?? '';
      let font: CMap | undefined;
      let block = '';
      let reversed = false;
      const tokens = /\/(\w+)\s+[-\d.]+\s+Tf|<([0-9A-Fa-f\s]*)>\s*Tj|\[([^\]]*)\]\s*TJ|\/ReversedChars|\bBT\b|\bET\b/g;
      const show = (hex: string) => {
        if (!font) return;
        const clean = hex.replace(/\s+/g, '');
        for (let i = 0; i + font.bytes * 2 <= clean.length; i += font.bytes * 2)
          block += font.map.get(parseInt(clean.slice(i, i + font.bytes * 2), 16)) ?? '';
      };
      for (let token = tokens.exec(content); token; token = tokens.exec(content)) {
        const [whole, fontName, hex, array] = token;
        if (fontName) font = fonts.get(fontName);
        else if (hex !== undefined) show(hex);
        else if (array !== undefined) for (const part of array.matchAll(/<([0-9A-Fa-f\s]*)>/g)) show(part[1]!);
        else if (whole === '/ReversedChars') reversed = true;
        else if (whole === 'BT') {
          block = '';
          reversed = false;
        } else if (whole === 'ET') {
          blocks.push(reversed ? [...block].reverse().join('') : block);
          block = '';
        }
      }
    }
  }
  const shaped = blocks.join(' ');
  return { shaped, text: shaped.normalize('NFKC'), fontFamilies: [...fontFamilies] };
}

/**
 * The glyph text a word shows when its letters are joined: contextual forms (initial, medial,
 * final) where a letter joins a neighbour, the letter itself where it stands alone; for the
 * letters the tests use. A word drawn letter by letter (no shaping) matches only if it has no
 * joining letters at all.
 */
export function joinedForms(word: string): string {
  // Letters that join on both sides: [isolated, final, initial, medial]; on the right only: [isolated, final].
  const FORMS: Record<string, string[]> = {
    م: ['\uFEE1', '\uFEE2', '\uFEE3', '\uFEE4'],
    ح: ['\uFEA1', '\uFEA2', '\uFEA3', '\uFEA4'],
    د: ['\uFEA9', '\uFEAA'],
    س: ['\uFEB1', '\uFEB2', '\uFEB3', '\uFEB4'],
    ا: ['\uFE8D', '\uFE8E'],
    ر: ['\uFEAD', '\uFEAE'],
    ن: ['\uFEE5', '\uFEE6', '\uFEE7', '\uFEE8'],
    ت: ['\uFE95', '\uFE96', '\uFE97', '\uFE98'],
  };
  const letters = [...word];
  return letters
    .map((letter, i) => {
      const forms = FORMS[letter];
      if (!forms) throw new Error(`no forms known for ${letter}`);
      const previous = letters[i - 1];
      const joinsBefore = previous !== undefined && FORMS[previous]!.length === 4;
      const joinsAfter = forms.length === 4 && i < letters.length - 1;
      if (joinsBefore && joinsAfter) return forms[3];
      if (joinsAfter) return forms[2];
      if (joinsBefore) return forms[1];
      // An isolated letter is drawn with its nominal glyph, which maps back to the letter itself.
      return letter;
    })
    .join('');
}
