// Debian's Chromium, as the browser tests and Lighthouse launch it. Browsers cannot be
// downloaded on our machines, so nothing else is used. The flags keep it off the network:
// without them it keeps dialling hosts a closed network refuses.
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
