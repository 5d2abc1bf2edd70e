/**
 * The GitHub sign-in the content admin uses (worker/cms-auth/): a popup at /api/cms-auth, and the handshake of its
 * page. The popup says `authorizing:github`; this window answers the same, to the site's own origin only; the popup
 * then posts `authorization:github:success:{"token":...}` or `authorization:github:error:{"error":...}`. Messages
 * from any other origin or window are ignored.
 */
import { CMS_AUTH_ROUTE } from '../../lib/cms/auth-wire';

const PROVIDER = 'github';
const HELLO = `authorizing:${PROVIDER}`;
const SUCCESS = `authorization:${PROVIDER}:success:`;
const FAILURE = `authorization:${PROVIDER}:error:`;

export type SignInResult = { token: string } | { error: string } | { closed: true };

export const SIGN_IN_WORDS = {
  blocked: 'Your browser blocked the sign-in window. Allow pop-up windows for this site, then press the button again.',
  failed: 'GitHub did not sign you in. Try again.',
};

function parse(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Opens the sign-in window and waits for its answer: the token, the error it shows, or that it was closed first.
 * Null when the browser refused to open it.
 */
export function signInWithGitHub(): Promise<SignInResult> | null {
  const origin = window.location.origin;
  const url = `${CMS_AUTH_ROUTE}?provider=${PROVIDER}&scope=repo`;
  const popup = window.open(url, 'owner-sign-in', 'popup,width=600,height=720');
  if (!popup) return null;
  return new Promise((resolve) => {
    let timer = 0;
    const finish = (result: SignInResult) => {
      window.removeEventListener('message', listen);
      window.clearInterval(timer);
      resolve(result);
    };
    function listen(event: MessageEvent) {
      if (event.origin !== origin || event.source !== popup || typeof event.data !== 'string') return;
      const data = event.data;
      if (data === HELLO) {
        popup?.postMessage(HELLO, origin);
      } else if (data.startsWith(SUCCESS)) {
        const token = parse(data.slice(SUCCESS.length)).token;
        popup?.close();
        finish(typeof token === 'string' && token ? { token } : { error: SIGN_IN_WORDS.failed });
      } else if (data.startsWith(FAILURE)) {
        const message = parse(data.slice(FAILURE.length)).error;
        popup?.close();
        finish({ error: typeof message === 'string' && message ? message : SIGN_IN_WORDS.failed });
      }
    }
    window.addEventListener('message', listen);
    // A window closed by hand: the answer may still be on its way, so wait a moment before saying so.
    timer = window.setInterval(() => {
      if (!popup.closed) return;
      window.clearInterval(timer);
      window.setTimeout(() => finish({ closed: true }), 1000);
    }, 500);
  });
}
