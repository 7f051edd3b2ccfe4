/**
 * Finds the Chromium the browser tests drive: $CHROME_PATH, else Debian's /usr/bin/chromium. When neither exists it
 * installs Debian's package if it can (root with apt-get), and otherwise says in one line what to install.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const wanted = process.env.CHROME_PATH || '/usr/bin/chromium';
if (existsSync(wanted)) process.exit(0);

const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get') && !process.env.CHROME_PATH;
if (!canInstall) {
  console.error(`No Chromium at ${wanted}. Install Debian's package (apt-get install chromium) or set CHROME_PATH to a Chromium binary.`);
  process.exit(1);
}
console.log('Installing Debian\'s chromium for the browser tests...');
try {
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['-o', 'DPkg::Lock::Timeout=120', 'install', '-y', '-qq', 'chromium'], { stdio: 'inherit' });
} catch {
  console.error("Could not install Chromium with apt-get. Install Debian's package (apt-get install chromium) or set CHROME_PATH.");
  process.exit(1);
}
