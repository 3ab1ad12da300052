// The visitor side of the public posting reads, without a stack: which user agents are the
// search-engine crawlers the visitors' quota never counts. (The cookie and the quota end to end:
// recruitments-public.test.ts.)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isSearchEngineCrawler } from '../src/services/recruitment/visitor.ts';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const BROWSER =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

test('the crawler mark: search engines only, not every automated client', () => {
  for (const agent of [
    GOOGLEBOT,
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
    'DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
  ])
    assert.equal(isSearchEngineCrawler(agent), true, agent);
  for (const agent of [BROWSER, 'curl/8.5.0', 'python-requests/2.31.0', 'HeadlessChrome/120', '', undefined])
    assert.equal(isSearchEngineCrawler(agent), false, String(agent));
});
