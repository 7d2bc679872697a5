// The chat frame's styles. The school's colours and fonts arrive as custom properties set on .app
// from the styling (see STYLE_VARS in frame.ts); the dark theme changes the surfaces only. Inputs
// are 16px on phones so iOS does not zoom the page in when they get focus. :host is the Styling
// tab's preview, which draws the chat in a shadow root.

export const FRAME_CSS = `
*{box-sizing:border-box}
html,body{margin:0;height:100%}
body,:host{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#212529;background:#fff}
:host{display:block;height:100%;text-align:start}
#lantern-chat{height:100%}
.app{--bg:#fff;--fg:#212529;--mu:#6c757d;--ln:#dee2e6;display:flex;flex-direction:column;height:100%;background:var(--bg);color:var(--fg)}
.app.dark{--bg:#1b1c1f;--fg:#e9ecef;--mu:#adb5bd;--ln:#3a3c42;color-scheme:dark}
:focus-visible{outline:2px solid var(--p);outline-offset:2px}
.dark :focus-visible{outline-color:#e9ecef}
.sr{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0;padding:0}
.hd{flex:none;display:flex;align-items:center;gap:6px;min-height:56px;padding-block:10px;padding-inline:16px 12px;background:var(--p);color:var(--ht);font-family:var(--hf)}
.hd :focus-visible{outline-color:var(--ht)}
.hd h1{flex:1;min-width:0;margin:0;font-size:19px;font-weight:700;line-height:1.25;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.av{flex:none;border-radius:50%;object-fit:cover;background:rgba(255,255,255,.25);display:flex;align-items:center;justify-content:center;font-size:.9em;font-weight:600}
.x{flex:none;width:34px;height:34px;padding:0;border:0;border-radius:8px;background:none;color:inherit;cursor:pointer;display:flex;align-items:center;justify-content:center}
.x:hover{background:rgba(255,255,255,.18)}
.x svg{width:20px;height:20px}
.rt{flex:none;margin:0;padding:5px 16px;border-bottom:1px solid var(--ln);color:var(--mu);font-size:12px}
.log{flex:1;min-height:0;overflow-y:auto;overscroll-behavior:contain;padding:16px 12px;display:flex;flex-direction:column;gap:10px}
.row{display:flex;align-items:flex-end;gap:8px}
.row.me{justify-content:flex-end}
.col{display:flex;flex-direction:column;align-items:flex-start;max-width:85%;min-width:0}
.msg{max-width:100%;padding:9px 13px;border-radius:16px;overflow-wrap:anywhere}
.me .msg{max-width:80%;background:var(--ub);color:var(--ut);font-family:var(--uf);border-end-end-radius:4px;white-space:pre-wrap}
.ai .msg{background:var(--ab);color:var(--at);font-family:var(--af);border-end-start-radius:4px}
.staff .msg{white-space:pre-wrap;border:1px solid var(--p)}
.who{font-size:12px;color:var(--mu);margin:0 0 2px 4px}
.ua.sa{background:var(--p);color:var(--ht)}
.msg p,.msg ul,.msg ol,.msg pre,.msg blockquote,.msg table{margin:0 0 .6em}
.msg>:last-child{margin-bottom:0}
.msg ul,.msg ol{padding-inline-start:1.3em}
.msg h1,.msg h2,.msg h3,.msg h4,.msg h5,.msg h6{margin:.2em 0 .4em;font-size:1.05em}
.msg a{color:inherit;text-decoration:underline}
.msg pre{overflow-x:auto;white-space:pre-wrap}
.msg code{font-size:.92em}
.msg blockquote{padding-inline-start:.8em;border-inline-start:3px solid currentColor;opacity:.85}
.msg table{border-collapse:collapse;display:block;overflow-x:auto}
.msg td,.msg th{border:1px solid rgba(128,128,128,.4);padding:3px 6px}
.ua{flex:none;width:26px;height:26px;border-radius:50%;background:var(--ub);color:var(--ut);display:flex;align-items:center;justify-content:center;font-size:12px;font-weight:600}
.ua.square{border-radius:5px}
.ua.diamond{width:18px;height:18px;margin:4px;border-radius:3px;transform:rotate(45deg)}
.src{margin:4px 2px 0;font-size:12px;color:var(--mu)}
.src a{color:inherit;text-decoration:underline}
.fb{display:flex;gap:2px;margin-top:3px}
.fb button{width:30px;height:28px;padding:0;border:1px solid transparent;border-radius:6px;background:none;color:var(--mu);cursor:pointer;display:flex;align-items:center;justify-content:center}
.fb button:hover{background:rgba(128,128,128,.15)}
.fb button[aria-pressed=true]{color:var(--fg);border-color:var(--mu)}
.fb svg{width:16px;height:16px}
.fb .dn svg{transform:rotate(180deg)}
.typing{display:flex;gap:4px;width:max-content;padding:13px 14px;border-radius:16px;border-end-start-radius:4px;background:var(--ab)}
.typing span{width:7px;height:7px;border-radius:50%;background:var(--at);opacity:.35;animation:dot 1.2s infinite}
.typing span:nth-child(2){animation-delay:.2s}
.typing span:nth-child(3){animation-delay:.4s}
@keyframes dot{30%{opacity:1;transform:translateY(-3px)}}
.card{align-self:stretch;margin:2px 0;padding:12px 14px;border:1px solid var(--qp);border-top-width:4px;border-radius:12px;background:var(--qs);color:var(--qt,#212529);font-size:13px}
.card p{margin:0 0 10px}
.card label{display:block;margin:0 0 8px;font-weight:600}
.card input{font:inherit;font-weight:400}
.card .tx{display:block;width:100%;margin-top:3px;padding:7px 9px;border:1px solid #ced4da;border-radius:6px;background:var(--qib);color:var(--qit);font-family:var(--qif)}
.card .ck{display:flex;align-items:center;gap:8px;min-height:24px;font-weight:400}
.card .ck input{accent-color:var(--qp);width:20px;height:20px;margin:0}
.card .act{display:flex;align-items:center;gap:14px;margin-top:12px}
.card .sub,.col>.sub{min-height:32px;padding:8px 16px;border:0;border-radius:6px;background:var(--qlb);color:var(--qlt);font:inherit;font-weight:600;cursor:pointer}
.col>.sub{margin-top:6px}
.card .sub:disabled{opacity:.6;cursor:default}
.card .no{min-height:24px;min-width:24px;padding:0;border:0;background:none;color:var(--ql);font:inherit;text-decoration:underline;cursor:pointer}
.card .more{display:block;width:100%;min-height:24px;padding:0;border:0;background:none;color:inherit;font:inherit;font-weight:600;text-align:start;cursor:pointer;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.card .er{margin:10px 0 0;color:var(--qe,#b02a37)}
.card .fe{display:block;margin-top:3px;color:var(--qe,#b02a37);font-weight:400}
.card [aria-invalid=true]{border-color:var(--qe,#b02a37)}
.ho h2{margin:0 0 6px;font-size:15px}
.ho label{margin:8px 0 3px}
.ho .tx{margin-top:0}
.ho textarea.tx{resize:vertical;font:inherit}
.acts{margin:0 0 8px;padding:0;list-style:none}
.acts a{color:var(--ql);display:block;min-height:24px;overflow-wrap:anywhere}
.thanks{align-self:center;margin:2px 0;color:var(--mu);font-size:13px;text-align:center}
.wait{flex:none;margin:0;padding:8px 14px;border-top:1px solid var(--ln);background:#fff3cd;color:#664d03;font-size:13px}
.dark .wait{background:#332701;color:#ffda6a}
.in{flex:none;display:flex;align-items:flex-end;gap:8px;padding:10px 12px;border-top:1px solid var(--ln);background:var(--ia)}
.field{flex:1;min-width:0;display:flex;flex-direction:column}
.in textarea{display:block;width:100%;height:38px;max-height:100px;margin:0;padding:8px 12px;border:1px solid var(--ln);border-radius:18px;resize:none;overflow-y:hidden;background:var(--ib);color:var(--it);font:inherit;font-family:var(--if);line-height:20px}
.cnt{margin:3px 8px 0;color:var(--mu);font-size:11px;text-align:end}
.send{flex:none;height:38px;padding:0 16px;border:0;border-radius:19px;background:var(--p);color:var(--bt);font:inherit;font-family:var(--bf);font-weight:600;cursor:pointer}
.send:disabled{opacity:.5;cursor:default}
.down{margin:auto;padding:24px;text-align:center;color:var(--mu)}
[hidden]{display:none!important}
@media (max-width:479px){.in textarea,.card .tx{font-size:16px}}
@media (prefers-reduced-motion:reduce){.typing span{animation:none;opacity:.7}}
`;
