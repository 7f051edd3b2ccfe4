import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [name, w, h] of [['desk', 1280, 900], ['phone', 390, 844]] as const) {
  const page = await browser.newPage({ viewport: { width: w, height: h }, deviceScaleFactor: name === 'phone' ? 3 : 1 });
  for (const route of ['influencers', 'work', 'influencers/3', '']) {
    await page.goto(`http://127.0.0.1:4455/${route}`);
    await page.waitForTimeout(800);
    if (route === '') await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight * 0.45));
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/shot-${name}-${route.replace(/\//g, '_') || 'home'}.png` });
  }
}
await browser.close();
