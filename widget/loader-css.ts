// The launcher's styles, inside its shadow root so the school's CSS cannot reach them. Colours and
// sizes arrive as custom properties set on .w from the styling (never pasted into this text):
// --p primary, --t icon, --s button size, --r radius, --lf/--ls/--lc/--lb the text label,
// --w/--h the panel. .pv is the admin's preview box (absolute, never full-screen); .bd the unread
// badge, .u the bubble showing a person's message (one line), .sr read by screen readers only.
// Animations are short (0.8 s) so "every 1 second" still has a pause.
// Every visitor downloads this: one rule a line, joined without newlines at build time; .l/.c/.pv
// come after .w so they win at equal specificity; all:unset already inherits font and colour; the
// focus ring's `.w button` outranks `.bub .x`'s all:unset.

export const LOADER_CSS =
  ':host{all:initial;font-family:inherit}' +
  '.w{position:fixed;bottom:20px;right:20px;z-index:2147483000;display:flex;flex-direction:column;align-items:flex-end;font-size:14px;line-height:1.4}' +
  '.l{right:auto;left:20px;align-items:flex-start}' +
  '.c{position:relative;bottom:auto;right:auto;z-index:auto;display:inline-flex}' +
  '.pv{position:absolute;z-index:auto}' +
  '.row{display:flex;align-items:center;gap:10px}' +
  '.l .row{flex-direction:row-reverse}' +
  '.btn{position:relative;box-sizing:border-box;width:var(--s);height:var(--s);border-radius:var(--r);border:0;margin:0;padding:0;cursor:pointer;background:var(--p);color:var(--t);display:flex;align-items:center;justify-content:center;box-shadow:0 4px 14px rgba(0,0,0,.25);transition:transform .15s}' +
  '.btn:hover{transform:scale(1.05)}' +
  '.w button:focus-visible{outline:3px solid #1a1a1a;outline-offset:2px;box-shadow:0 0 0 2px #fff}' +
  '.btn svg{width:55%;height:55%}' +
  '.btn img{width:100%;height:100%;object-fit:cover;border-radius:inherit}' +
  '.fx{position:absolute;inset:0;border-radius:inherit;overflow:hidden;pointer-events:none}' +
  '.fx::before{content:"";position:absolute;inset:0;background:linear-gradient(100deg,transparent 30%,rgba(255,255,255,.6) 50%,transparent 70%);transform:translateX(-110%)}' +
  '.btn::after{content:"";position:absolute;inset:0;border-radius:inherit;border:2px solid var(--p);opacity:0;pointer-events:none}' +
  '.lbl{font-family:var(--lf);font-size:var(--ls);color:var(--lc);background:var(--lb);padding:6px 12px;border-radius:8px;box-shadow:0 2px 8px rgba(0,0,0,.15);cursor:pointer;max-width:220px}' +
  '.bub{position:relative;box-sizing:border-box;max-width:260px;margin:0 0 12px;padding:12px 34px 12px 14px;background:#fff;color:#212529;border-radius:12px;box-shadow:0 4px 16px rgba(0,0,0,.2);animation:in .2s ease-out}' +
  '.c .bub{position:absolute;bottom:calc(100% + 12px);right:0}' +
  '.bub .m{all:unset;cursor:pointer;display:block;overflow-wrap:anywhere}' +
  '.bub .x{all:unset;position:absolute;top:5px;right:5px;width:24px;height:24px;text-align:center;line-height:24px;font-size:18px;color:#666;cursor:pointer;border-radius:50%}' +
  '.bub .x:hover{background:#eee}' +
  '.u .m{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}' +
  '.bd{position:absolute;top:-6px;right:-6px;box-sizing:border-box;min-width:22px;height:22px;padding:0 6px;border-radius:11px;background:#c62828;color:#fff;font:700 12px/22px sans-serif;box-shadow:0 0 0 2px #fff}' +
  '.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}' +
  '.pn{position:absolute;bottom:calc(var(--s) + 16px);right:0;width:var(--w);height:var(--h);max-width:calc(100vw - 40px);max-height:calc(100vh - var(--s) - 56px);border-radius:12px;overflow:hidden;background:#fff;box-shadow:0 8px 32px rgba(0,0,0,.3)}' +
  '.l .pn{right:auto;left:0}' +
  '.c .pn{position:fixed;bottom:20px;right:20px;max-height:calc(100vh - 40px)}' +
  '.dk .pn{background:#1b1c1f}' +
  '.pn iframe{display:block;border:0;width:100%;height:100%}' +
  '[hidden]{display:none!important}' +
  '@media (max-width:479px){.w:not(.pv)>.pn{position:fixed;inset:0;width:auto;height:auto;max-width:none;max-height:none;border-radius:0;z-index:2147483001}}' +
  '@keyframes in{from{opacity:0;transform:translateY(6px)}}' +
  '@keyframes pulse{50%{transform:scale(1.12)}}' +
  '@keyframes glow{50%{box-shadow:0 0 18px 6px var(--p)}}' +
  '@keyframes bounce{20%{transform:translateY(-12px)}40%,80%{transform:none}60%{transform:translateY(-6px)}}' +
  '@keyframes ripple{from{opacity:.7}to{opacity:0;transform:scale(1.7)}}' +
  '@keyframes wiggle{20%{transform:rotate(-12deg)}40%{transform:rotate(10deg)}60%{transform:rotate(-6deg)}80%{transform:rotate(4deg)}}' +
  '@keyframes shimmer{to{transform:translateX(110%)}}' +
  '@keyframes rotate{to{transform:rotate(1turn)}}' +
  '.a-pulse{animation:pulse .8s ease-in-out}' +
  '.a-glow{animation:glow .8s ease-in-out}' +
  '.a-bounce{animation:bounce .8s ease-out}' +
  '.a-ripple::after{animation:ripple .8s ease-out}' +
  '.a-wiggle{animation:wiggle .8s ease-in-out}' +
  '.a-shimmer .fx::before{animation:shimmer .8s ease-in-out}' +
  '.a-rotate>svg,.a-rotate>img{animation:rotate .8s ease-in-out}' +
  '.inf,.inf::after,.inf .fx::before,.inf>svg,.inf>img{animation-duration:1.6s;animation-iteration-count:infinite}' +
  '@media (prefers-reduced-motion:reduce){*,::before,::after{animation:none!important;transition:none!important}}';
