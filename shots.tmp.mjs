import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--no-sandbox','--disable-gpu'] });
const base = 'http://127.0.0.1:3460';
const [,, name, path, full] = process.argv;
for (const [vw, w, h] of [['phone', 412, 915], ['desktop', 1366, 900]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, deviceScaleFactor: 1 });
  await ctx.addCookies([{ name: 'splash_seen', value: '1', url: base }]);
  await ctx.addInitScript(() => { localStorage.setItem('cookie_consent', 'true'); localStorage.setItem('cookie_preferences', JSON.stringify({necessary:true,analytics:false,marketing:false,preferences:false})); });
  const page = await ctx.newPage();
  await page.goto(base + path);
  await page.waitForTimeout(1200);
  await page.screenshot({ path: `/tmp/shot-${name}-${vw}.png`, fullPage: full === 'full' });
  await ctx.close();
}
await browser.close();
