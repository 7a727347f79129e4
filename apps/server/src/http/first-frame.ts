import { AGENT_GROUP, findDataPage, type Language, translate } from '@gerbang/shared';
import escapeHtml from 'escape-html';
import type { AuthContext } from './auth-context';

/**
 * The first frame of a page behind the login, written by the server into the page's document: the
 * shell's header and side column and the page's title (the dashboard's with its subtitle), in the
 * reader's language. A phone on a slow network sees the page it asked for as soon as the document
 * and its stylesheet arrive, instead of a logo until some 300 KiB of scripts have loaded and run;
 * the scripts then render the same title in the same place and the frame gives way to the page
 * (apps/web/src/lib/first-frame.ts keeps it on screen until the shell mounts).
 *
 * Only where the title is known exactly before the scripts run: the dashboard and the data pages
 * (without a back button), for a fully logged-in user of a completed registration working in
 * production. Elsewhere — a sandbox session (its notice sits above the title), a signup landing,
 * no session — the document keeps the logo it is built with.
 */
export function firstFrameOf(
  urlPath: string,
  language: Language,
  auth: AuthContext | null,
): string | null {
  if (!auth || auth.factorState !== null || auth.environment !== 'production') return null;
  if (!auth.agent.status_reg) return null;
  const heading = headingOf(urlPath, language, auth);
  if (!heading) return null;
  return (
    `<div class="ff" data-first-frame="${escapeHtml(urlPath)}" aria-busy="true">` +
    '<div class="ff-header"></div><div class="ff-side"></div>' +
    `<div class="ff-main">${heading}</div></div>`
  );
}

/** Whether the page at `urlPath` may have a first frame (the session is read only for these). */
export function mayHaveFirstFrame(urlPath: string): boolean {
  if (urlPath === '/') return true;
  const page = dataPageAt(urlPath);
  return page !== undefined && !page.backTo;
}

const dataPageAt = (urlPath: string) => {
  const match = /^\/data\/([^/]+)\/?$/.exec(urlPath);
  return match ? findDataPage(match[1] ?? '') : undefined;
};

function headingOf(urlPath: string, language: Language, auth: AuthContext): string | null {
  const t = (key: string, vars?: Record<string, string>) =>
    escapeHtml(translate(language, key, vars));
  if (urlPath === '/') {
    // The summaries' dashboard; an end user's app banner and an unactivated business's notice
    // are other pages at this address.
    const endUser =
      auth.agent.id_grup === AGENT_GROUP.PARTNER && auth.agent.user_type === 'Personal END USER';
    if (endUser || !auth.agent.enable_api) return null;
    const name = auth.agent.nama_agen || auth.user.nama;
    return `<h2 class="ff-title">${t('dashboard.title')}</h2><p class="ff-subtitle">${t('dashboard.subtitle', { name })}</p>`;
  }
  const page = dataPageAt(urlPath);
  return page && !page.backTo ? `<h2 class="ff-title">${t(page.titleKey)}</h2>` : null;
}

/**
 * The frame's look: the shell's measures (a 60 px header, a 270 px side column from Mantine's
 * `sm` breakpoint, the page's 20 px padding) and the title's type (Mantine's h2, the theme's font).
 * The logo the document is built with (`data-boot-mark`) steps aside.
 */
export const FIRST_FRAME_STYLE = `<style>
body{margin:0}
[data-boot-mark]{display:none!important}
.ff{min-height:100vh;background:#f8f9fa;font-family:Inter,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#000}
.ff-header{position:fixed;top:0;left:0;right:0;height:60px;box-sizing:border-box;background:#fff;border-bottom:1px solid #dee2e6}
.ff-side{display:none}
.ff-main{padding:80px 20px 20px}
.ff-title{margin:0;font-size:26px;line-height:1.35;font-weight:700}
.ff-subtitle{margin:2px 0 0;font-size:14px;line-height:1.45;color:#868e96}
@media (min-width:48em){.ff-side{display:block;position:fixed;top:60px;bottom:0;left:0;width:270px;box-sizing:border-box;background:#fff;border-right:1px solid #dee2e6}.ff-main{padding-left:290px}}
</style>`;
