// Browsers' user agents for the tests of what the server reads from them (the device of a
// session, a sign-in's new-device mail, a passkey's name), with the French label it makes.
export const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
export const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
export const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const FIREFOX_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** The labels services/identity/device-label.ts gives them. */
export const DEVICES = {
  firefoxWindows: 'Firefox 133 sur Windows 10',
  iphone: 'Mobile Safari 17 sur Apple iPhone (iOS 17.1)',
  chromeLinux: 'Chrome 131 sur Linux',
  firefoxLinux: 'Firefox 133 sur Linux',
} as const;
