const __continuityModuleUrl = require("node:url").pathToFileURL(__filename).href;
"use strict";var Or=Object.create;var Ne=Object.defineProperty;var Lr=Object.getOwnPropertyDescriptor;var Dr=Object.getOwnPropertyNames;var $r=Object.getPrototypeOf,Cr=Object.prototype.hasOwnProperty;var Pr=(e,t)=>{for(var n in t)Ne(e,n,{get:t[n],enumerable:!0})},Wt=(e,t,n,s)=>{if(t&&typeof t=="object"||typeof t=="function")for(let r of Dr(t))!Cr.call(e,r)&&r!==n&&Ne(e,r,{get:()=>t[r],enumerable:!(s=Lr(t,r))||s.enumerable});return e};var Mr=(e,t,n)=>(n=e!=null?Or($r(e)):{},Wt(t||!e||!e.__esModule?Ne(n,"default",{value:e,enumerable:!0}):n,e)),jr=e=>Wt(Ne({},"__esModule",{value:!0}),e);var Eo={};Pr(Eo,{guardFromHotState:()=>go});module.exports=jr(Eo);var Nr=require("node:fs"),nt=require("node:path");var q=require("node:fs"),qt=require("node:path");var W=require("node:fs"),rt=require("node:path"),xe="redaction.key",Wr=/^[0-9a-f]{64}$/,Ft=new Map,Fr=Symbol.for("continuity.redaction-dir");function Ut(e){try{let t=(0,W.readFileSync)(e,"utf8").trim();return Wr.test(t)?t:null}catch{return null}}function Ht(e){let t=Ft.get(e);if(t!==void 0)return t;let n=(0,rt.join)(e,xe),s=Ut(n);if(s===null){let r=new Uint8Array(32);globalThis.crypto.getRandomValues(r);let i=Array.from(r,a=>a.toString(16).padStart(2,"0")).join(""),o=(0,rt.join)(e,`.${xe}.${process.pid}`);try{(0,W.writeFileSync)(o,`${i}
`,{mode:384});try{(0,W.linkSync)(o,n)}catch(a){if(a.code!=="EEXIST")throw a}finally{(0,W.unlinkSync)(o)}s=Ut(n)}catch{s=null}}return Ft.set(e,s??""),s??""}function D(e){let t=e[Fr];return t===void 0?"":Ht(t)}var Gt="runs-later.json";var E=".continuity",Ie="ledger.db",J="config.json";function Ur(e){return Hr.has(e)||/^ledger\.db(?:-wal|-shm|-journal|\.restoring|\.damaged-[\w-]+)$/.test(e)||/^\.state\.json\.\d+$/.test(e)||/^\.redaction\.key\.\d+$/.test(e)||/^\.runs-later\.json\.\d+$/.test(e)}var Hr=new Set([Ie,"state.json","spool",J,"init-record.json","replaced",xe,Gt]);function st(e){try{return(0,q.readdirSync)((0,qt.join)(e,E)).filter(t=>!Ur(t))}catch{return[]}}var ue=require("node:fs"),Bt=require("node:path"),Vt="state.json";function ce(e){let t=0;for(let n of["ledger.db","ledger.db-wal"])try{t=Math.max(t,(0,ue.statSync)((0,Bt.join)(e,n)).mtimeMs)}catch{}return t}var Yt=require("node:fs"),h=require("node:path");var Xt=require("node:url");function zt(e){let t=(0,Xt.fileURLToPath)(e);return t.startsWith("/$bunfs/")||/^[A-Z]:[\\/]~BUN[\\/]/i.test(t)}var Gr=[];function qr(e=process.env,t=process.argv[1]){let n=[...Gr],s=!0;if(s)for(let r of[e.CONTINUITY_PLUGIN_ROOT,e.CLAUDE_PLUGIN_DATA])r&&(0,h.isAbsolute)(r)&&n.push({path:(0,h.resolve)(r),folder:!0});if(zt(__continuityModuleUrl)){let r=Kt(process.execPath),i=r&&(0,h.basename)((0,h.dirname)(r))==="bin"&&(0,h.basename)((0,h.dirname)((0,h.dirname)(r)))==="dist";r&&n.push(i?{path:(0,h.dirname)((0,h.dirname)(r)),folder:!0}:{path:r,folder:!1})}else if(t&&!s){let r=Kt(t);r&&/^cli\.[cm]js$/.test((0,h.basename)(r))&&(0,h.basename)((0,h.dirname)(r))==="dist"&&n.push({path:(0,h.dirname)(r),folder:!0})}return n.filter((r,i)=>n.findIndex(o=>o.path===r.path)===i)}function Br(e,t){return t.map(({path:n,folder:s})=>{let r=(0,h.relative)(e,n),i=r&&!r.startsWith("..")&&!(0,h.isAbsolute)(r)?r.split("\\").join("/"):n;return s?`${i}/**`:i})}function F(e,t=process.env){return Br(e,qr(t))}function Kt(e){try{return(0,Yt.realpathSync)(e)}catch{return null}}var De=require("node:fs"),on=require("node:os"),Z=require("node:path");var Vr=["config","config.worktree","info/attributes"];function Jt(e,t){let n=U(e),s=new Set,r=new Set,i=l=>{for(let u of Vr)s.add(`${l}/${u}`);r.add(`${l}/hooks`)};if(i(`${n}/.git`),t.dotGit!=="file"&&s.add(`${n}/.git/commondir`),t.dotGit==="file"&&(s.add(`${n}/.git`),t.gitdir)){let l=U(t.gitdir);i(l),s.add(`${l}/commondir`)}let o=U(t.commondir??(t.dotGit==="file"?t.gitdir??`${n}/.git`:`${n}/.git`));i(o);for(let l of t.worktrees??[])s.add(`${U(l)}/config.worktree`),s.add(`${U(l)}/commondir`);for(let l of t.modules??[])s.add(`${U(l)}/config`),r.add(`${U(l)}/hooks`);t.hooksPath&&r.add(U(t.hooksPath));let a=l=>[...r].some(u=>l.startsWith(`${u}/`));return{files:[...s].filter(l=>!a(l)).sort(),dirs:[...r].filter(l=>![...r].some(u=>u!==l&&l.startsWith(`${u}/`))).sort()}}function U(e){return e.length>1?e.replace(/\/+$/,""):e}function it(e){let t=[],n="";for(let s of e.split(/\r?\n/)){let r=s.trim();if(!r||r.startsWith("#")||r.startsWith(";"))continue;let i=/^\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\](.*)$/.exec(r);if(i){let a=i[2]!==void 0?`.${i[2].replace(/\\(.)/g,"$1")}`:"";if(n=`${i[1].toLowerCase()}${a}`,r=i[3].trim(),!r)continue}let o=/^([A-Za-z][A-Za-z0-9-]*)\s*(?:=\s*(.*))?$/.exec(r);!o||!n||t.push({key:`${n}.${o[1].toLowerCase()}`,value:Xr(o[2]??"true")})}return t}function Xr(e){let t="",n=!1;for(let s=0;s<e.length;s++){let r=e[s];if(r==='"')n=!n;else if(r==="\\"&&s+1<e.length)t+=e[++s]==="n"?`
`:e[s];else{if(!n&&(r==="#"||r===";"))break;t+=r}}return t.trim()}function Zt(...e){let t=null;for(let n of e)for(let s of it(n??""))s.key==="core.hookspath"&&s.value&&(t=s.value);return t}var A=require("node:path"),Qt={linux:["/etc/gitconfig"],darwin:["/etc/gitconfig","/opt/homebrew/etc/gitconfig","/usr/local/etc/gitconfig","/Library/Developer/CommandLineTools/usr/share/git-core/gitconfig","/Applications/Xcode.app/Contents/Developer/usr/share/git-core/gitconfig"]};function at(e){let t=e.home?ot(e.home):null,n=new Set,s=new Set,r=new Set,i=new Set;if(t){n.add(`${t}/.gitconfig`),i.add(`${t}/.config`);for(let d of e.startupFiles)s.add(A.posix.join(t,d))}e.xdgConfigHome&&A.posix.isAbsolute(e.xdgConfigHome)&&i.add(ot(e.xdgConfigHome));for(let d of i)n.add(`${d}/git/config`),s.add(`${d}/git/attributes`);e.gitConfigGlobal&&A.posix.isAbsolute(e.gitConfigGlobal)&&e.gitConfigGlobal!=="/dev/null"&&n.add(A.posix.normalize(e.gitConfigGlobal));let a=[...e.gitConfigSystem&&A.posix.isAbsolute(e.gitConfigSystem)&&e.gitConfigSystem!=="/dev/null"?[A.posix.normalize(e.gitConfigSystem)]:[],...Qt[e.platform]??Qt.linux];for(let d of a)n.add(d);let l=(d,f)=>d?d.startsWith("~/")?t?A.posix.join(t,d.slice(2)):null:A.posix.isAbsolute(d)?A.posix.normalize(d):f?A.posix.join(f,d):null:null;for(let d of e.includes??[]){let f=l(d.path,d.from);f&&n.add(f)}let u=l(e.attributesFile,null);u&&s.add(u);let p=l(e.hooksPath,null);p&&p!=="/"&&p!==t&&r.add(ot(p));for(let d of n)s.add(d);let c=d=>[...r].some(f=>d.startsWith(`${f}/`));return{files:[...s].filter(d=>!c(d)).sort(),dirs:[...r].sort(),configs:[...n].sort(),system:[...new Set(a)].sort()}}function ot(e){return e.length>1?e.replace(/\/+$/,""):e}var pe=require("node:fs");var lt=require("node:module"),Oe,Le=globalThis.Bun?.CryptoHasher;function I(e){let t;if(Le?t=new Le("sha256"):(Oe??=(0,lt.createRequire)(__continuityModuleUrl)("node:crypto"),t=Oe.createHash("sha256")),typeof e=="string")t.update(e);else for(let n of e)t.update(n);return t.digest("hex")}function en(e,t){if(Le){let n=new Le("sha256",e);return n.update(t),n.digest("hex")}return Oe??=(0,lt.createRequire)(__continuityModuleUrl)("node:crypto"),Oe.createHmac("sha256",e).update(t).digest("hex")}var zr=2e3,tn=new Map;function ut(e,t=Date.now()){let n=(0,pe.statSync)(e,{throwIfNoEntry:!1,bigint:!0});return!n||!n.isFile()||Number(n.ctimeNs/1000000n)>t-zr?null:`${n.dev}:${n.ino}:${n.size}:${n.mtimeNs}:${n.ctimeNs}`}function nn(e,t=null,n=Date.now()){if((0,pe.statSync)(e,{throwIfNoEntry:!1})===void 0)return null;let r=ut(e,n);if(r!==null&&t?.stamp===r&&t.hash!==null)return t.hash;let i;try{i=(0,pe.readFileSync)(e,"utf8")}catch{return null}let o=I(i);return r!==null?tn.set(e,{stamp:r,hash:o}):tn.delete(e),o}var ct;(function(e){e.Text="text",e.Separator="separator",e.AnyChar="anyChar",e.Star="star",e.Globstar="globstar",e.GlobstarSlash="globstarSlash",e.Set="set"})(ct||(ct={}));var rn=[".gitconfig",".gitmodules",".bashrc",".bash_profile",".zshrc",".zprofile",".profile",".ripgreprc",".mcp.json"];var Ko=1<<20;var Yr="srt",Jr=255,Yo=Jr-Buffer.byteLength(`${Yr}.`);var Zr=[".zshenv",".zlogin",".bash_login"],Qr=new Set([".gitmodules",".mcp.json",".gitconfig"]),es=new Set([...rn.filter(e=>!Qr.has(e)),...Zr]);function ts(e=process.env,t=process.platform){let n=e.HOME&&(0,Z.isAbsolute)(e.HOME)?e.HOME:is(),s=a=>a&&(0,Z.isAbsolute)(a)?a:null,r={home:n,xdgConfigHome:s(e.XDG_CONFIG_HOME),gitConfigGlobal:s(e.GIT_CONFIG_GLOBAL),gitConfigSystem:s(e.GIT_CONFIG_SYSTEM),platform:t,startupFiles:[...es]},i=at(r),o=[];for(let a of i.configs){let l=os(a);if(l!==null)for(let u of it(l))u.key==="core.hookspath"&&u.value?r.hooksPath=u.value:u.key==="core.attributesfile"&&u.value?r.attributesFile=u.value:(u.key==="include.path"||/^includeif\..+\.path$/.test(u.key))&&u.value&&o.push({path:u.value,from:(0,Z.dirname)(a)})}return o.length&&(r.includes=o),r}var B=new Map;function ns(e){return[e.HOME,e.XDG_CONFIG_HOME,e.GIT_CONFIG_GLOBAL,e.GIT_CONFIG_SYSTEM].join("\0")}function rs(e=process.env){pt&&ss();let t=ns(e),n=B.get(t);if(n&&sn(n.value.configs)===n.stamps)return n.value;let s=at(ts(e)),r=sn(s.configs);return B.size>8&&B.clear(),r===null?B.delete(t):B.set(t,{key:t,stamps:r,value:s}),s}var pt;function ss(){let e=pt;pt=void 0;let t=e?.value;!e||typeof e.key!="string"||typeof e.stamps!="string"||!t||![t.files,t.dirs,t.configs,t.system].every(n=>Array.isArray(n)&&n.every(s=>typeof s=="string"))||B.has(e.key)||B.set(e.key,e)}function sn(e){let t=[];for(let n of e){if((0,De.statSync)(n,{throwIfNoEntry:!1})===void 0){t.push("-");continue}let s=ut(n);if(s===null)return null;t.push(s)}return t.join(",")}function $(e=process.env){let{files:t,dirs:n}=rs(e);return[...t,...n.map(s=>`${s}/**`)]}function is(){try{let e=(0,on.homedir)();return e&&(0,Z.isAbsolute)(e)?e:null}catch{return null}}function os(e){try{return(0,De.readFileSync)(e,"utf8")}catch{return null}}var $e=["GEMINI_CLI_SYSTEM_SETTINGS_PATH","GEMINI_CLI_SYSTEM_DEFAULTS_PATH","GEMINI_CLI_HOME","GEMINI_CLI_TRUSTED_FOLDERS_PATH"];var an=[".mcp.json",".github/mcp.json",".vscode/mcp.json",".github/lsp.json"],de=[".claude/settings.json",".claude/settings.local.json",".codex/hooks.json",".codex/config.toml",".gemini/settings.json",".cursor/hooks.json",".pi/settings.json",".pi/extensions/continuity.ts",".github/hooks/continuity.json",".github/copilot/settings.json",".github/copilot/settings.local.json",".opencode/plugins/continuity.js","opencode.json","opencode.jsonc",".opencode/opencode.json",".opencode/opencode.jsonc",...an],ln=[".pi",".opencode",".github/hooks",".github/copilot",".github/extensions",".github/agents"],as=[".pi/extensions",".opencode/plugin",".opencode/plugins",".opencode/tool",".opencode/tools",".github/hooks",".github/extensions",".github/agents"],dt=as.map(e=>`${e}/**`);function V(e){let t=b(e?.HOME),n=new Set,s=b(e?.PI_CODING_AGENT_DIR)??(t?`${t}/.pi/agent`:null);s&&n.add(`${s}/**`),t&&n.add(`${t}/.pi/agent/**`);for(let o of[b(e?.OPENCODE_CONFIG_DIR),b(e?.XDG_CONFIG_HOME)?`${b(e?.XDG_CONFIG_HOME)}/opencode`:null,t?`${t}/.config/opencode`:null])o&&n.add(`${o}/**`);let r=b(e?.OPENCODE_CONFIG);r&&n.add(r);let i=b(e?.COPILOT_HOME)??(t?`${t}/.copilot`:null);if(i){for(let o of["hooks","extensions","agents","installed-plugins"])n.add(`${i}/${o}/**`);for(let o of mt)n.add(`${i}/${o}`)}return[...n]}function ft(e){return[...ln.map(t=>`${t}/**`),...V(e)]}var mt=["mcp-config.json","lsp-config.json"];var un=[".gemini/.env",".env"],b=e=>e&&e.startsWith("/")?e.replace(/\/+$/,""):null;function ht(e){let t=b(e?.HOME),n=new Set,s=b(e?.CLAUDE_CONFIG_DIR)??(t?`${t}/.claude`:null);t&&n.add(`${t}/.claude/settings.json`),s&&n.add(`${s}/settings.json`);for(let a of[b(e?.CODEX_HOME),t?`${t}/.codex`:null])a&&(n.add(`${a}/config.toml`),n.add(`${a}/hooks.json`));let r=b(e?.GEMINI_CLI_HOME)??t;r&&(n.add(`${r}/.gemini/settings.json`),n.add(`${r}/.gemini/trustedFolders.json`));let i=b(e?.GEMINI_CLI_TRUSTED_FOLDERS_PATH);i&&n.add(i),t&&n.add(`${t}/.cursor/hooks.json`),t&&n.add(`${t}/.pi/agent/settings.json`);let o=b(e?.COPILOT_HOME)??(t?`${t}/.copilot`:null);if(o){n.add(`${o}/settings.json`),n.add(`${o}/config.json`);for(let a of mt)n.add(`${o}/${a}`)}for(let a of ls(e))n.add(a);return[...n]}function ls(e){let t=b(e?.GEMINI_CLI_SYSTEM_SETTINGS_PATH)??"/etc/gemini-cli/settings.json",n=b(e?.GEMINI_CLI_SYSTEM_DEFAULTS_PATH)??`${t.replace(/\/[^/]*$/,"")}/system-defaults.json`;return["/etc/claude-code/managed-settings.json","/etc/codex/config.toml","/etc/codex/managed_config.toml","/etc/codex/requirements.toml","/etc/codex/hooks.json",t,n,"/etc/cursor/hooks.json"]}function Ce(e){if(!e.startsWith("/")&&!de.includes(e)&&!un.includes(e))return null;let t=e.slice(e.lastIndexOf("/")+1);return t===".env"?"env":an.includes(e)||e.startsWith("/")&&mt.includes(t)?"process-config":e.endsWith(".pi/extensions/continuity.ts")?"pi-extension":t==="hooks.json"?"hooks-json":t.endsWith(".toml")?"codex-toml":t==="trustedFolders.json"||e.startsWith("/")&&/trust/i.test(t)&&t.endsWith(".json")?"gemini-trust":t.endsWith(".json")||t.endsWith(".jsonc")?"settings-json":t.endsWith(".js")?"plugin-file":null}function cn(e,t){let n=e.replace(/^(\.\/)+/,"");return ln.some(s=>n===s||n.startsWith(`${s}/`))?!0:V(t).some(s=>s.endsWith("/**")?n===s.slice(0,-3)||n.startsWith(s.slice(0,-2)):n===s)}function X(e){return Ce(e)!==null}var fe=new Set(["Agent","Task"]),gt=new Set(["TaskOutput","AgentOutputTool"]);function me(e){let t=e.agent_id;return typeof t=="string"&&t!==""}var pn={name:"watchdog-dispatch",wants:e=>fe.has(e.tool_name)&&!me(e)},dn={name:"watchdog-result",wants:e=>(fe.has(e.tool_name)||gt.has(e.tool_name))&&!me(e)},fn={name:"watchdog-delivery",wants:(e,t)=>!fe.has(e.tool_name)&&!gt.has(e.tool_name)&&!me(e)&&(t===null||t.openRuns>0)};var hn=require("node:module"),_=require("node:path");var z=require("node:fs"),k=require("node:path");function Pe(e,t=0){let n=(0,k.normalize)(e);if(t>40)return n;try{if((0,z.lstatSync)(n).isSymbolicLink()){let r=(0,z.readlinkSync)(n);return Pe((0,k.isAbsolute)(r)?r:(0,k.resolve)((0,k.dirname)(n),r),t+1)}return(0,z.realpathSync)(n)}catch{}let s=(0,k.dirname)(n);return s===n?n:(0,k.join)(Pe(s,t+1),(0,k.basename)(n))}function he(e){try{return(0,z.realpathSync)(e)}catch{return(0,k.normalize)(e)}}var us,cs=()=>us??=(0,hn.createRequire)(__continuityModuleUrl)("node:os").homedir();function ge(e,t){if(!/\.(md|markdown|json)$/i.test(e))return!1;if(e.split(/[\\/]/).pop()===".tdd-progress.md")return!0;let n=(0,_.relative)(t,e).split(_.sep).join("/");if(!n.startsWith("..")&&!(0,_.isAbsolute)(n)&&/^docs\/(superpowers\/)?plans\//.test(n))return!0;let s=(0,_.relative)(`${cs()}/.claude/plans`,e);return!s.startsWith("..")&&!(0,_.isAbsolute)(s)}function Q(e,t){let n=e.file_path??e.notebook_path??e.path;return typeof n!="string"||!n?null:(0,_.isAbsolute)(n)?n:`${t}/${n}`}function yt(e,t,n,s){let r=(0,_.normalize)(e);if(n(r))return mn(t,r);let i=Pe(r),o=he(t);return s(i)?mn(o,i):null}function mn(e,t){let n=(0,_.relative)(e,t);return n.startsWith("..")||(0,_.isAbsolute)(n)?t:n.split(_.sep).join("/")}var ye=new Set(["Write","Edit","MultiEdit","NotebookEdit"]);var O=require("node:path"),Fe=require("node:fs");var ps=String.raw`^[ \t]*(?:>[ \t]*)*(?:[-*+][ \t]+)?`;function gn(e){return new RegExp(String.raw`${ps}(?:\*\*|__)?${e}(?:\*\*|__)?[ \t]*:(?:\*\*|__)?[ \t]*(.*)$`,"i")}var da=gn("status"),Et=gn("approved");function Ee(e){let t=e.split(/\r?\n/),n=ds(t),s=[],r=!1;for(let i=0;i<n;i++)/^\s*(```|~~~)/.test(t[i])&&(r=!r),!r&&Et.test(t[i])&&s.push(t[i].trim());return s}function ds(e){let t=e.findIndex(n=>/^#{1,6}\s+(slice|step)\s+\d/i.test(n));return t<0?e.length:t}function ee(e){return e.replace(/(['"`])\s*\+?\s*(['"`])/g,"").replace(/['"`\\]/g,"")}function yn(e){let t=new Set,n=new Set;for(let s of e){let r=s.trim().replace(/^(\.\/)+/,"").replace(/(\/\*\*)+$/,"").replace(/\/+$/,"").toLowerCase();if(!r)continue;let i=r.split("/").filter(Boolean);r.includes("*")||t.add(r);let o=i[i.length-1],a=i.slice(0,-1).some(l=>l===".git"||l==="git");o&&!o.includes("*")&&!a&&t.add(o);for(let l of i.slice(0,-1))!l.includes("*")&&l!=="."&&l!==".."&&l!=="git"&&n.add(l)}return{names:[...t],dirSegments:[...n]}}var En=/base64|b64decode|atob\b|\bxxd\b|\bod\b|uudecode|\bopenssl\b|\\x[0-9a-f]{2}|\\[0-7]{3}|\\u[0-9a-f]{4}|\$'|\brev\b|\btr\b|rot13|fromhex|unhexlify|fromcharcode|\bchr\s*\(|\bpack\s*\(|\bzcat\b|gzip\s+-d|\bgunzip\b/i,vn=/\bchr\s*\(|\bchar\s*\(|['"]\s*\|\||\|\|\s*['"]|fromcharcode|\\x[0-9a-f]{2}|\\u[0-9a-f]{4}|\\[0-7]{3}|base64|b64decode|\batob\b|fromhex|unhexlify|\bcodecs\b|rot13|\[::-1\]|\breverse\b|\.join\s*\(|\bjoin\s*\(|\blistdir\b|\bscandir\b|\bos\.walk\b|\bwalk\s*\(|\breaddir|\bglob\b|\biterdir\b|\brglob\b|\benviron\b|process\.env|\bgetenv\b|\bENV\b|\$ENV|\bsys\.argv\b|process\.argv|\bARGV\b|\$ARGV|\bsprintf\b|\bformat\s*\(|%\s*\(|\bf['"]|\$\{|\+\s*['"]|['"]\s*\+|\.\.\s*['"]|['"]\s*\.\.|\bconcat\b/i;var bn=["tee","sponge","dd","cp","mv","install","ln","rm","rmdir","rimraf","del-cli","trash","unlink","truncate","touch","shred","mkdir","mkfifo","fallocate","mktemp","chmod","chown","chgrp","chattr","setfacl","uniq","sed","gsed","perl","ruby","awk","gawk","mawk","nawk","ex","vi","vim","nvim","gvim","view","ed","red","emacs","nano","pico","micro","kak","hx","helix","joe","vis","prettier","mdformat","markdownlint","markdownlint-cli2","dprint","dos2unix","unix2dos","eslint","black","ruff","gofmt","goimports","rustfmt","clang-format","shfmt","biome","yq","patch","sqlite3","sqlite","tar","gtar","bsdtar","unzip","7z","7za","zip","gzip","gunzip","bzip2","bunzip2","xz","unxz","lzma","unlzma","rsync","curl","wget","bash","sh","zsh","dash","ksh","mksh","ash","fish","eval","python","python2","python3","pypy","pypy3","node","nodejs","deno","bun","php","perl6","lua","luajit","Rscript","osascript","pwsh","powershell","tclsh","sudo","sudoedit","su","runuser","script","watch","flock","xargs","find","npm","pnpm","yarn"];var kn=["then","do","else","elif","exec","command","builtin","nice","nohup","setsid","time","timeout","env","sudo","doas","xargs","npx","bunx","busybox","stdbuf","unbuffer","!"];var _n=new Set(bn.map(e=>e.toLowerCase())),fs=Math.max(...[..._n].map(e=>e.length)),wn=/\s/,ms=e=>wn.test(e)||";&|(){}!`/".includes(e),hs=e=>wn.test(e)||";&|()<>".includes(e),gs=e=>e>="0"&&e<="9"||e===".",ys=e=>/[\w.^~-]/.test(e);function Sn(e){let t=e.length,n=new Uint8Array(t+1),s=new Uint8Array(t+1),r=new Uint8Array(t+1);n[t]=s[t]=1;for(let i=t-1;i>=0;i--){let o=e[i];n[i]=hs(o)?1:0,s[i]=n[i]||gs(o)&&s[i+1]?1:0,r[i]=ys(o)&&(n[i+1]||r[i+1])?1:0}for(let i=0;i<t;i++)if(!(i>0&&!ms(e[i-1])))for(let o=1;o<=fs&&i+o<=t;o++){let a=i+o;if(_n.has(e.slice(i,a))&&(s[a]||e[a]==="@"&&(n[a+1]||r[a+1])))return!0}return!1}var Es=e=>e.replace(/[.*+?^${}()|[\]\\]/g,"\\$&"),vs=/\bgit\b(?:\s+(?:-c\s+\S+|-C\s+\S+|--?[\w-]+(?:=\S+)?))*\s+(?:checkout|restore|rm|mv|clean|apply|am|archive)\b/,bs=/(?:^|\s)(?:-o|-O|--output(?:-file|-document)?|--outfile|--out|-out|--log-file)(?=[\s=]|$)/,ks=new RegExp(`(?:^|[;&|({\\n]|\\b(?:${kn.filter(e=>e!=="!").join("|")})\\s+(?:-\\S+\\s+)*|!\\s*)\\s*[^\\s;&|()<>]*[$\`]`),_s=/\d*[<>]&(?:\d+-?|-)(?![\w./])|[&\d]*>>?\s*\/dev\/(?:null|stdout|stderr|tty|fd\/\d+)\b|[=-]>|>=/g,ws=/\bgit\b[^;&|]*(?:\s-c\s*|\bconfig\b[^;&|]*)(?:alias\.|core\.(?:editor|pager|sshcommand|fsmonitor|askpass|hookspath)|sequence\.editor|pager\.|diff\.|merge\.|filter\.|credential\.|gpg\.)|\bgit\b[^;&|]*\s--config-env\b/,Ss=[["ssh-keygen",/\bssh-keygen\b/],["|",/\|&?\s*(?:sudo\s+|env\s+|command\s+|exec\s+)*(?:\S*\/)?(?:ba|z|da|k|mk|a)?sh\b/],["<(",/(?:\bsource|(?:^|[\s;&|(])\.|\b(?:ba|z|da|k|mk|a)?sh)\s+<\(/],[null,/\b(?:tar|gtar|bsdtar|unzip|7za?|xargs|parallel|flock)\b/],["find",/\bfind\b[^;&|]*\s-(?:delete|exec|execdir|ok|okdir|fprint0?|fprintf|fls)\b/],["git",/\bgit\b[^;&|]*\bclean\b/]];function Ts(e){return Ss.some(([t,n])=>(t===null||e.includes(t))&&n.test(e))}var As=/[$`*?[\]{}~]|\beval\b/,Rs=/\bgit\b[^;&|]*\s(?:config|remote\s+(?:add|set-url|rename|remove|rm|set-branches)|branch\b[^;&|]*\s(?:-u|--set-upstream-to|--unset-upstream|-t|--track|--edit-description)|push\b[^;&|]*\s(?:-u|--set-upstream)|submodule|init|lfs\s+(?:install|update))(?=[\s=;&|)]|$)/,Ns=/\b(?:npm|pnpm|yarn|bun)\b[^;&|]*\s(?:ci|clean-install|ic|install-clean|isntall-clean|prune|dedupe|ddp|autoclean|rebuild|update|up|upgrade|udpate|install|i|in|add|a|link|ln|remove|rm|r|un|uninstall|unlink)(?=[\s=;&|)]|$)|\byarn\s*(?=$|[;&|)])/,xs=/(?:^|[\s=:;&|(])(?:\.\.?\/?|\/)(?=$|[\s;&|)])|\.\.|(?:^|[\s=;&|(])\/(?!dev\/|tmp\/|var\/tmp\/|private\/tmp\/|proc\/)|(?:^|[;&|(]\s*|\s)cd\s*(?=$|[;&|)])|(?:^|\s):(?:\/|\()/,Tn=e=>e.includes("git"),Is=e=>e.includes("npm")||e.includes("yarn")||e.includes("bun");function Os(e){if(Sn(e)||Tn(e)&&vs.test(e)||(e.includes("$")||e.includes("`"))&&ks.test(e))return!0;let t=e.replace(/\bset\s+[-+]o\s+\w+/g,"");return(t.includes("-o")||t.includes("--log-file"))&&bs.test(t)?!0:e.replace(_s,"").includes(">")}function An(e,t){if(!e.trim())return!1;if(t.length===0)return!0;let n=ee(e),s=n.toLowerCase(),{names:r,dirSegments:i}=yn(t);return r.some(o=>s.includes(o))||Ts(s)||Tn(s)&&(ws.test(s)||Rs.test(s))||Is(s)&&Ns.test(s)?!0:Os(s)?As.test(e)||En.test(e)||vn.test(e)||i.some(o=>new RegExp(`(?:^|[^\\w.-])${Es(o)}(?:$|[^\\w.-])`).test(s))?!0:xs.test(n):!1}var Me=require("node:path");function w(e,t){let n=Me.posix.normalize(e),s=t.filter(i=>i.startsWith("/")).map(i=>Rn(Me.posix.normalize(i))),r=t.filter(i=>!i.startsWith("/")).map(i=>Rn(i.replace(/^(\.\/)+/,"")));return i=>{let o=Me.posix.normalize(i);if(s.some(l=>l(o)))return!0;if(!o.startsWith(n+"/"))return!1;let a=o.slice(n.length+1);return r.some(l=>l(a))}}var Ls=/[\n\r\u2028\u2029]/;function Rn(e){let t=r=>!/[*?]/.test(r);if(t(e))return r=>r===e;let n=e.endsWith("/**")?e.slice(0,-3):"";if(n!==""&&t(n))return r=>r===n||r.startsWith(`${n}/`)&&!Ls.test(r.slice(n.length));let s=Ds(e);return r=>s.test(r)}function Ds(e){let t="";for(let n=0;n<e.length;n++){let s=e[n];s==="*"&&e[n+1]==="*"?(t+=".*",n++):s==="*"?t+="[^/]*":s==="?"?t+="[^/]":t+=s.replace(/[.+^${}()|[\]\\]/g,"\\$&")}return t=t.replace(/\/\.\*$/,"(?:/.*)?"),new RegExp(`^${t}$`)}function je(e){let t=new Set;for(let n of e){let s=o=>o.slice(o.length>=3&&o[o.length-2]==="git"?-3:-2).join("/"),r=(n.startsWith("/")?s(n.replace(/(\/\*\*)+$/,"").split("/")):n.replace(/^(\.\/)+/,"")).replace(/(\/\*\*)+$/,"");t.add(r),n.startsWith("/")&&n.endsWith("/**")&&t.add(n.replace(/(\/\*\*)+$/,""));let i=r.split("/").pop();i&&!i.includes("*")&&!/(^|\/)\.?git\//.test(r)&&t.add(i)}return[...t]}var We=require("node:fs"),te=require("node:path");var vt=200,$s=new Set([".git","node_modules",".continuity"]);function bt(e,t){let n=new Set;for(let s of t){let r=te.posix.normalize(s.replace(/^(\.\/)+/,"")).replace(/\/+$/,"");if(!r||r==="."||r.startsWith(".."))continue;let i=r.startsWith("/")?"":e,o=r.split("/"),a=o.findIndex(c=>/[*?[]/.test(c));if(a===-1){Cs((0,te.join)(i,r))?Nn(i,r,()=>!0,n):n.add(r);continue}let l=o.slice(0,a).join("/"),u=w(e,[r]),p=/(^|\/)\.git\/(.*\/)?hooks$/.test(l);Nn(i,l,c=>u(c)&&!(p&&c.endsWith(".sample")),n)}return[...n].sort().slice(0,vt)}function Nn(e,t,n,s){let r=[t];for(;r.length&&s.size<vt;){let i=r.pop(),o;try{o=(0,We.readdirSync)((0,te.join)(e,i),{withFileTypes:!0})}catch{continue}for(let a of o){let l=i?`${i}/${a.name}`:a.name;if(a.isDirectory()?$s.has(a.name)||r.push(l):(a.isFile()||a.isSymbolicLink())&&n(e?te.posix.join(e.split("\\").join("/"),l):l)&&s.add(l),s.size>=vt)return}}}function Cs(e){try{return(0,We.statSync)(e).isDirectory()}catch{return!1}}var Ps=[".continuity",".tdd-progress.md","progress.md"],Ms=/^[ \t>*_-]*(\*\*|__)?approved(\*\*|__)?[ \t]*:/im,js=new Set(["Read","Glob","Grep","LS","WebFetch","WebSearch","TodoWrite","TodoRead","AskUserQuestion","ExitPlanMode","EnterPlanMode","Agent","Task","BashOutput","KillShell","KillBash","ListMcpResourcesTool","ReadMcpResourceTool","Skill","SlashCommand"]);function xn(e){let t=[e.content,e.new_string,e.new_source];if(Array.isArray(e.edits))for(let n of e.edits)t.push(n?.new_string);return t.filter(n=>typeof n=="string").join(`
`)}function In(e,t,n){let s=e.cwd??n;if(ye.has(e.tool_name)){let r=Q(e.tool_input,s);if(!r)return!1;if(!t)return!0;let i=[...t.protectGlobs,...F(n),...$(),...V(process.env)];return yt(r,n,w(n,i),w(he(n),i))!==null?!0:!!(t.plan&&r===(0,O.join)(n,t.plan.path)||ge(r,n))&&Ms.test(xn(e.tool_input))}if(e.tool_name==="Bash"){let r=typeof e.tool_input.command=="string"?e.tool_input.command:"",i=[...t?.guardedNames??Ps,...je([...F(n),...$(),...V(process.env)])];return t?.plan&&/approved/i.test(r)&&i.push((0,O.basename)(t.plan.path)),An(r,i)}return!1}function On(e,t,n){if(js.has(e.tool_name))return!1;if(!t)return(0,Fe.existsSync)((0,O.join)(n,".continuity","ledger.db"));if(t.ledgerStamp!==void 0&&ce((0,O.join)(n,".continuity"))!==t.ledgerStamp)return!0;for(let i of t.guarded)if(nn((0,O.isAbsolute)(i.path)?i.path:(0,O.join)(n,i.path),i)!==i.hash)return!0;if(st(n).length)return!0;let s=new Set(ft(process.env).filter(i=>!dt.includes(i))),r=t.protectGlobs.filter(i=>/[*?[]/.test(i)&&!i.startsWith(".continuity/")&&!s.has(i));if(r.length){let i=new Set(t.guarded.map(o=>o.path));if(bt(n,r).some(o=>!i.has(o)))return!0}if(t.plan){let i=Ws((0,O.join)(n,t.plan.path));if(i!==null&&!Ln(Ee(i),t.plan.approvedLine))return!0}return!1}function Ln(e,t){return t===null?e.length===0:e.length===1&&e[0]===t}function Ws(e){try{return(0,Fe.readFileSync)(e,"utf8")}catch{return null}}var Fs=/(?:^|[\s/;&|(`$=])pi\s+(install|remove|uninstall|update|config)(?=$|[\s;&|)])/i;function Dn(e){return Fs.test(ee(e))}var Us=new Set(["plugins","gateway","openclaw","automations","cron","terminal","computer","nodes","exec"]);function $n(e){return e.tool_name==="Bash"?typeof e.tool_input?.command=="string"&&(/openclaw/i.test(ee(e.tool_input.command))||Dn(e.tool_input.command)):Us.has(e.tool_name)}var Hs=/(?<![&>|<])&(?![&>])\s*['"`]\s*[),;]|\bstart_new_session\s*=\s*True\b|\bos\.(?:fork|forkpty|setsid|daemon)\b|\bsetsid\b|\bdetached\s*:\s*true\b|\.unref\s*\(\s*\)|\bProcess\.(?:detach|daemon)\b|\bfork\s*\(|\bnohup\b|\bdisown\b|\bcreationflags\s*=.*DETACHED_PROCESS|\bdaemon(?:ize)?\s*\(/;function Pn(e){return qs.test(e)||Gs.test(e)||Hs.test(e)}var Gs=/(?<![&>|<])&(?![&>])/,qs=/\b(?:nohup|setsid|disown|daemonize|daemon|at|batch|systemd-run|dtach|abduco|crontab|tmux|screen|start-stop-daemon|systemctl|loginctl|launchctl|coproc)\b/;var Ue=[{name:"guard-before",wants:In},{name:"client-control",wants:$n},{name:"detach-guard",wants:e=>e.tool_name==="Bash"&&typeof e.tool_input.command=="string"&&Pn(e.tool_input.command)}],Mn=[{name:"guard-after",wants:On},{name:"register-plan",wants:(e,t,n)=>ye.has(e.tool_name)&&ge(Q(e.tool_input,e.cwd??n)??"",n)},{name:"approval-answer",wants:e=>e.tool_name==="AskUserQuestion"||e.tool_name==="ExitPlanMode"}];Ue.push(pn);Mn.push(dn,fn);var qn=require("node:path");var He,Bs={lang:void 0,message:void 0,abortEarly:void 0,abortPipeEarly:void 0};function jn(e){return!e&&!He?Bs:{lang:e?.lang??He?.lang,message:e?.message,abortEarly:e?.abortEarly??He?.abortEarly,abortPipeEarly:e?.abortPipeEarly??He?.abortPipeEarly}}var Vs;function Xs(e){return Vs?.get(e)}var zs;function Ks(e){return zs?.get(e)}var Ys;function Js(e,t){return Ys?.get(e)?.get(t)}function ne(e){let t=typeof e;return t==="string"?`"${e}"`:t==="number"||t==="bigint"||t==="boolean"?`${e}`:t==="object"||t==="function"?(e&&Object.getPrototypeOf(e)?.constructor?.name)??"null":t}function T(e,t,n,s,r){let i=r&&"input"in r?r.input:n.value,o=r?.expected??e.expects??null,a=r?.received??ne(i),l={kind:e.kind,type:e.type,input:i,expected:o,received:a,message:`Invalid ${t}: ${o?`Expected ${o} but r`:"R"}eceived ${a}`,requirement:e.requirement,path:r?.path,issues:r?.issues,lang:s.lang,abortEarly:s.abortEarly,abortPipeEarly:s.abortPipeEarly},u=e.kind==="schema",p=r?.message??e.message??Js(e.reference,l.lang)??(u?Ks(l.lang):null)??s.message??Xs(l.lang);p!==void 0&&(l.message=typeof p=="function"?p(l):p),u&&(n.typed=!1),n.issues?n.issues.push(l):n.issues=[l]}function Zs(e,t){return Object.prototype.hasOwnProperty.call(e,t)&&t!=="__proto__"&&t!=="prototype"&&t!=="constructor"}function Qs(e,t){let n=[...new Set(e)];return n.length>1?`(${n.join(` ${t} `)})`:n[0]??"never"}function H(e){return e["~standard"]={version:1,vendor:"valibot",validate:t=>e["~run"]({value:t},jn())},e}var ei=class extends Error{constructor(e){super(e[0].message),this.name="ValiError",this.issues=e}};var tl=new RegExp("^(?:[\\u{1F1E6}-\\u{1F1FF}]{2}|\\u{1F3F4}[\\u{E0061}-\\u{E007A}]{2}[\\u{E0030}-\\u{E0039}\\u{E0061}-\\u{E007A}]{1,3}\\u{E007F}|(?:\\p{Emoji}\\uFE0F\\u20E3?|\\p{Emoji_Modifier_Base}\\p{Emoji_Modifier}?|(?![\\p{Emoji_Modifier_Base}\\u{1F1E6}-\\u{1F1FF}])\\p{Emoji_Presentation})(?:\\u200D(?:\\p{Emoji}\\uFE0F\\u20E3?|\\p{Emoji_Modifier_Base}\\p{Emoji_Modifier}?|(?![\\p{Emoji_Modifier_Base}\\u{1F1E6}-\\u{1F1FF}])\\p{Emoji_Presentation}))*)+$","u");function ve(e){return{kind:"validation",type:"integer",reference:ve,async:!1,expects:null,requirement:Number.isInteger,message:e,"~run"(t,n){return t.typed&&!this.requirement(t.value)&&T(this,"integer",t,n),t}}}function kt(e,t){return{kind:"validation",type:"max_value",reference:kt,async:!1,expects:`<=${e instanceof Date?e.toJSON():ne(e)}`,requirement:e,message:t,"~run"(n,s){return n.typed&&!(n.value<=this.requirement)&&T(this,"value",n,s,{received:n.value instanceof Date?n.value.toJSON():ne(n.value)}),n}}}function C(e,t){return{kind:"validation",type:"min_length",reference:C,async:!1,expects:`>=${e}`,requirement:e,message:t,"~run"(n,s){return n.typed&&n.value.length<this.requirement&&T(this,"length",n,s,{received:`${n.value.length}`}),n}}}function be(e,t){return{kind:"validation",type:"min_value",reference:be,async:!1,expects:`>=${e instanceof Date?e.toJSON():ne(e)}`,requirement:e,message:t,"~run"(n,s){return n.typed&&!(n.value>=this.requirement)&&T(this,"value",n,s,{received:n.value instanceof Date?n.value.toJSON():ne(n.value)}),n}}}function ti(e,t,n){return typeof e.fallback=="function"?e.fallback(t,n):e.fallback}function Wn(e,t,n){return typeof e.default=="function"?e.default(t,n):e.default}function re(e,t){return H({kind:"schema",type:"array",reference:re,expects:"Array",async:!1,item:e,message:t,"~run"(n,s){let r=n.value;if(Array.isArray(r)){n.typed=!0,n.value=[];for(let i=0;i<r.length;i++){let o=r[i],a=this.item["~run"]({value:o},s);if(a.issues){let l={type:"array",origin:"value",input:r,key:i,value:o};for(let u of a.issues)u.path?u.path.unshift(l):u.path=[l],n.issues?.push(u);if(n.issues||(n.issues=a.issues),s.abortEarly){n.typed=!1;break}}a.typed||(n.typed=!1),n.value.push(a.value)}}else T(this,"type",n,s);return n}})}function ke(e){return H({kind:"schema",type:"number",reference:ke,expects:"number",async:!1,message:e,"~run"(t,n){return typeof t.value=="number"&&!isNaN(t.value)?t.typed=!0:T(this,"type",t,n),t}})}function m(e,t){return H({kind:"schema",type:"optional",reference:m,expects:`(${e.expects} | undefined)`,async:!1,wrapped:e,default:t,"~run"(n,s){return n.value===void 0&&(this.default!==void 0&&(n.value=Wn(this,n,s)),n.value===void 0)?(n.typed=!0,n):this.wrapped["~run"](n,s)}})}function _t(e,t){return H({kind:"schema",type:"picklist",reference:_t,expects:Qs(e.map(ne),"|"),async:!1,options:e,message:t,"~run"(n,s){return this.options.includes(n.value)?n.typed=!0:T(this,"type",n,s),n}})}function wt(e,t,n){return H({kind:"schema",type:"record",reference:wt,expects:"Object",async:!1,key:e,value:t,message:n,"~run"(s,r){let i=s.value;if(i&&typeof i=="object"){s.typed=!0,s.value={};for(let o in i)if(Zs(i,o)){let a=i[o],l=this.key["~run"]({value:o},r);if(l.issues){let p={type:"object",origin:"key",input:i,key:o,value:a};for(let c of l.issues)c.path=[p],s.issues?.push(c);if(s.issues||(s.issues=l.issues),r.abortEarly){s.typed=!1;break}}let u=this.value["~run"]({value:a},r);if(u.issues){let p={type:"object",origin:"value",input:i,key:o,value:a};for(let c of u.issues)c.path?c.path.unshift(p):c.path=[p],s.issues?.push(c);if(s.issues||(s.issues=u.issues),r.abortEarly){s.typed=!1;break}}(!l.typed||!u.typed)&&(s.typed=!1),l.typed&&(s.value[l.value]=u.value)}}else T(this,"type",s,r);return s}})}function P(e,t){return H({kind:"schema",type:"strict_object",reference:P,expects:"Object",async:!1,entries:e,message:t,"~run"(n,s){let r=n.value;if(r&&typeof r=="object"){n.typed=!0,n.value={};for(let i in this.entries){let o=this.entries[i];if(i in r||(o.type==="exact_optional"||o.type==="optional"||o.type==="nullish")&&o.default!==void 0){let a=i in r?r[i]:Wn(o),l=o["~run"]({value:a},s);if(l.issues){let u={type:"object",origin:"value",input:r,key:i,value:a};for(let p of l.issues)p.path?p.path.unshift(u):p.path=[u],n.issues?.push(p);if(n.issues||(n.issues=l.issues),s.abortEarly){n.typed=!1;break}}l.typed||(n.typed=!1),n.value[i]=l.value}else if(o.fallback!==void 0)n.value[i]=ti(o);else if(o.type!=="exact_optional"&&o.type!=="optional"&&o.type!=="nullish"&&(T(this,"key",n,s,{input:void 0,expected:`"${i}"`,path:[{type:"object",origin:"key",input:r,key:i,value:r[i]}]}),s.abortEarly))break}if(!n.issues||!s.abortEarly){for(let i in r)if(!Object.prototype.hasOwnProperty.call(this.entries,i)){T(this,"key",n,s,{input:i,expected:"never",path:[{type:"object",origin:"key",input:r,key:i,value:r[i]}]});break}}}else T(this,"type",n,s);return n}})}function R(e){return H({kind:"schema",type:"string",reference:R,expects:"string",async:!1,message:e,"~run"(t,n){return typeof t.value=="string"?t.typed=!0:T(this,"type",t,n),t}})}function Fn(e,t,n){let s=e["~run"]({value:t},jn(n));if(s.issues)throw new ei(s.issues);return s.value}function N(...e){return H({...e[0],pipe:e,"~run"(t,n){for(let s of e)if(s.kind!=="metadata"){if(t.issues&&(s.kind==="schema"||s.kind==="transformation")){t.typed=!1;break}(!t.issues||!n.abortEarly&&!n.abortPipeEarly)&&(t=s["~run"](t,n))}return t}})}var _e={ok:0,failure:1,invalidInput:2,io:3,config:4,ledger:5,refused:6,internal:70},Un=Symbol.for("continuity.CliError"),G=class extends Error{constructor(n,s=_e.invalidInput){super(n);this.exitCode=s;this.name="CliError"}exitCode;[Un]=!0;static[Symbol.hasInstance](n){return typeof n=="object"&&n!==null&&n[Un]===!0}};var we=N(ke(),ve(),be(1)),Hn=N(ke(),ve(),be(0)),Gn=P({$schema:m(R()),stopGate:m(P({maxConsecutiveBlocks:m(we,3)}),{}),watchdog:m(P({slaSeconds:m(we,900),forwardGraceSeconds:m(Hn,30),attemptTimeoutSeconds:m(we,300),slaSecondsByAgentType:m(wt(R(),we),{})}),{}),protect:m(re(N(R(),C(1))),[]),approval:m(P({phrases:m(re(N(R(),C(1))),["approve","approved","/approve"]),signingKey:m(N(R(),C(1)))}),{}),summaries:m(P({paths:m(re(N(R(),C(1))),[".superpowers/sdd/{plan}/task-{task}-summary.md","docs/plans/{plan}/task-{task}-summary.md"])}),{}),sandbox:m(P({mode:m(_t(["required","preferred","off"]),"required")}),{}),shared:m(P({host:N(R(),C(1)),port:m(N(ke(),ve(),be(1),kt(65535)),5432),database:N(R(),C(1)),pullWaitMs:m(Hn,300),idleSeconds:m(we,30)})),highRiskStops:m(re(N(R(),C(1))),[])}),ri=Fn(Gn,{});var ii=(0,qn.join)(E,J);var se=['{"tool_name":"','"tool_input":{"','"tool_use_id":"toolu_01','"tool_use_id":"',',"tool_response":{"','{"$sha256":"','","bytes":',',"head":"','{"$same":"tool_input.','file_path":"','filePath":"','content":','structuredPatch":','originalFile":','old_string":"','new_string":"','command":"','description":"','stdout":"','stderr":"'],qe=[1,2,3,4,5,6,7,8,11,12,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31];if(se.length>qe.length)throw new Error("more pack words than codes");var Bn=e=>`'${e.replace(/'/g,"''")}'`;function Vn(e){return`(${e} NOT GLOB '*[' || char(${qe.slice(0,se.length).join(", ")}) || ']*')`}var Ge=5;function Xn(e){let t=e;for(let n=0;n<se.length;n+=Ge)t=`(SELECT ${se.slice(n,n+Ge).reduce((r,i,o)=>`replace(${r}, ${Bn(i)}, char(${qe[n+o]}))`,"v")} FROM (SELECT ${t} AS v))`;return t}function zn(e){let t=e;for(let n=0;n<se.length;n+=Ge)t=`(SELECT ${se.slice(n,n+Ge).reduce((r,i,o)=>`replace(${r}, char(${qe[n+o]}), ${Bn(i)})`,"v")} FROM (SELECT ${t} AS v))`;return t}var Yn='{"action":"none","output":null}',Kn=1,oi="'[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9].[0-9][0-9][0-9]Z'";function At(e){return`CASE WHEN typeof(${e}) = 'integer' THEN strftime('%Y-%m-%dT%H:%M:%S', ${e} / 1000, 'unixepoch') || '.' || substr(1000 + ${e} % 1000, 2) || 'Z' ELSE ${e} END`}function ai(e){return`(CAST(strftime('%s', ${e}) AS INTEGER) * 1000 + CAST(substr(${e}, 21, 3) AS INTEGER))`}function Ve(e){let t=ai(e);return`CASE WHEN typeof(${e}) = 'text' AND ${e} GLOB ${oi} AND ${t} >= 0 AND (${At(t)}) = ${e} THEN ${t} ELSE ${e} END`}function Xe(e){return`CASE WHEN ${e} = '${Yn}' THEN 0 ELSE ${e} END`}function Jn(e){return`CASE WHEN typeof(${e}) = 'integer' THEN '${Yn}' ELSE ${e} END`}var g=e=>`(SELECT id FROM event_names WHERE name = ${e})`;function ze(e){return`INSERT OR IGNORE INTO event_names (name) SELECT v FROM (SELECT ${e}source AS v UNION ALL SELECT ${e}kind UNION ALL SELECT ${e}session_id UNION ALL SELECT ${e}client) WHERE v IS NOT NULL;`}var Zn=32,li=`
  SELECT p.id AS pre, CASE WHEN substr(NEW.input, 1, length(p.input) - 1) = substr(p.input, 1, length(p.input) - 1) THEN length(p.input) - 1
         WHEN instr(p.input, t.v) > 0
           AND substr(NEW.input, 1, instr(p.input, t.v) + length(t.v) - 1) = substr(p.input, 1, instr(p.input, t.v) + length(t.v) - 1)
         THEN instr(p.input, t.v) + length(t.v) - 1 END AS len
    FROM (SELECT '"tool_input":' || json_extract(NEW.input, '$.tool_input') AS v, json_extract(NEW.input, '$.tool_use_id') AS tid
           WHERE NEW.session_id IS NOT NULL AND json_valid(NEW.input)) t
    JOIN event_rows p ON t.tid IS NOT NULL AND t.v IS NOT NULL AND p.id = (
      SELECT r.id FROM event_rows r
       WHERE r.session = ${g("NEW.session_id")} AND r.id > (SELECT max(id) FROM event_rows) - ${Zn} AND r.pre IS NULL
         AND json_valid(r.input) AND json_extract(r.input, '$.tool_use_id') = t.tid
       ORDER BY r.id DESC LIMIT 1)`,Tt="CASE WHEN e.pre IS NULL THEN e.input ELSE (SELECT substr(p.input, 1, e.pre_len) FROM event_rows p WHERE p.id = e.pre) || e.input END",ui=`
  CREATE VIEW events (id, at, source, kind, session_id, input, decision, spool_id, client) AS
    SELECT e.id, ${At("e.at")}, src.name, k.name, s.name, ${Tt}, ${Jn("e.decision")},
           CASE WHEN e.spooled THEN 'spool' END, c.name
      FROM event_rows e
      JOIN event_names src ON src.id = e.source
      JOIN event_names k ON k.id = e.kind
      LEFT JOIN event_names s ON s.id = e.session
      LEFT JOIN event_names c ON c.id = e.client;
  -- Written as the table was: an insert's names are interned, its time and decision encoded, its input kept as the rest after its tool call's earlier event.
  CREATE TRIGGER events_insert INSTEAD OF INSERT ON events BEGIN
    ${ze("NEW.")}
    INSERT INTO event_rows (id, at, source, kind, session, input, decision, spooled, client, pre, pre_len)
      SELECT NEW.id, ${Ve("NEW.at")}, ${g("NEW.source")}, ${g("NEW.kind")}, ${g("NEW.session_id")},
             CASE WHEN m.len > 0 THEN substr(NEW.input, m.len + 1) ELSE NEW.input END,
             ${Xe("NEW.decision")}, CASE WHEN NEW.spool_id IS NOT NULL THEN 1 END, ${g("NEW.client")},
             CASE WHEN m.len > 0 THEN m.pre END, CASE WHEN m.len > 0 THEN m.len END
        FROM (SELECT 1) LEFT JOIN (${li}) m;
  END;
  CREATE TRIGGER events_update INSTEAD OF UPDATE ON events BEGIN
    ${ze("NEW.")}
    UPDATE event_rows SET id = NEW.id, at = ${Ve("NEW.at")}, source = ${g("NEW.source")}, kind = ${g("NEW.kind")},
      session = ${g("NEW.session_id")}, input = NEW.input, pre = NULL, pre_len = NULL, decision = ${Xe("NEW.decision")},
      spooled = CASE WHEN NEW.spool_id IS NOT NULL THEN 1 END, client = ${g("NEW.client")}
      WHERE id = OLD.id;
  END;
  CREATE TRIGGER events_delete INSTEAD OF DELETE ON events BEGIN
    DELETE FROM event_rows WHERE id = OLD.id;
  END;
`,Qn=`
  ALTER TABLE events RENAME TO events_old;
  CREATE TABLE event_names (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
  INSERT INTO event_names (id, name) VALUES (${Kn}, 'Stop');
  INSERT OR IGNORE INTO event_names (name) SELECT v FROM (SELECT source AS v FROM events_old UNION SELECT kind FROM events_old UNION SELECT session_id FROM events_old UNION SELECT client FROM events_old) WHERE v IS NOT NULL;
  CREATE TABLE event_rows (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    at        NOT NULL,              -- ms since 1970, or the text (see src/ledger/event-rows.ts)
    source    INTEGER NOT NULL,      -- event_names
    kind      INTEGER NOT NULL,      -- event_names
    session   INTEGER,               -- event_names
    input     TEXT NOT NULL,         -- JSON: what was decided on
    decision,                        -- 0: NONE_DECISION, else JSON: what was decided
    spooled   INTEGER,               -- 1: taken in from the spool
    client    INTEGER,               -- event_names
    pre       INTEGER,               -- the earlier event whose input this one continues
    pre_len   INTEGER                -- how much of that input this one begins with
  );
  ${ui}
  INSERT INTO events (id, at, source, kind, session_id, input, decision, spool_id, client)
    SELECT id, at, source, kind, session_id, input, decision, spool_id, client FROM events_old ORDER BY id;
  INSERT INTO sqlite_sequence (name, seq) SELECT 'event_rows', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'event_rows');
  UPDATE sqlite_sequence SET seq = max(seq, coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'events_old'), 0)) WHERE name = 'event_rows';
  DROP TABLE events_old;
  DELETE FROM sqlite_sequence WHERE name = 'events_old';
  -- The spool files taken in lately, so that two processes never take one twice (src/ledger/spool.ts).
  CREATE TABLE spool_taken (name TEXT PRIMARY KEY) WITHOUT ROWID;
  CREATE INDEX event_rows_session ON event_rows (session, id);
  CREATE INDEX event_rows_kind_at ON event_rows (kind, at);
  CREATE INDEX event_rows_stop_blocks ON event_rows (id) WHERE kind = ${Kn} AND json_extract(decision, '$.action') IN ('block', 'allow_after_limit');
  CREATE TRIGGER events_counted AFTER INSERT ON event_rows BEGIN UPDATE event_count SET n = n + 1; END;
  CREATE TRIGGER events_uncounted AFTER DELETE ON event_rows BEGIN UPDATE event_count SET n = n - 1; END;
`;var St=1,Ke=2,Rt=Vn("NEW.input"),Be=e=>`CASE WHEN ${Rt} THEN ${Xn(e)} ELSE ${e} END`,ci=`
  SELECT p.id AS pre, CASE WHEN substr(t.n, 1, length(p.input) - 1) = substr(p.input, 1, length(p.input) - 1) THEN length(p.input) - 1
         WHEN instr(p.input, t.v) > 0
           AND substr(t.n, 1, instr(p.input, t.v) + length(t.v) - 1) = substr(p.input, 1, instr(p.input, t.v) + length(t.v) - 1)
         THEN instr(p.input, t.v) + length(t.v) - 1 END AS len
    FROM (SELECT ${Be("NEW.input")} AS n, ${Be(`'"tool_input":' || json_extract(NEW.input, '$.tool_input')`)} AS v,
                 ${Be(`'"tool_use_id":' || json_quote(json_extract(NEW.input, '$.tool_use_id'))`)} AS tid,
                 CASE WHEN ${Rt} THEN ${Ke} ELSE 0 END AS packed
           WHERE NEW.session_id IS NOT NULL AND json_valid(NEW.input) AND json_extract(NEW.input, '$.tool_use_id') IS NOT NULL LIMIT 1) t
    JOIN event_rows p ON t.v IS NOT NULL AND p.id = (
      SELECT r.id FROM event_rows r
       WHERE r.session = ${g("NEW.session_id")} AND r.id > (SELECT max(id) FROM event_rows) - ${Zn} AND r.pre IS NULL
         AND coalesce(r.flags, 0) & ${Ke} = t.packed AND instr(r.input, t.tid) > 0
       ORDER BY r.id DESC LIMIT 1)`,pi=`
  CREATE VIEW events (id, at, source, kind, session_id, input, decision, spool_id, client) AS
    SELECT e.id, ${At("e.at")}, src.name, k.name, s.name,
           CASE WHEN e.flags & ${Ke} THEN ${zn(Tt)} ELSE ${Tt} END, ${Jn("e.decision")},
           CASE WHEN e.flags & ${St} THEN 'spool' END, c.name
      FROM event_rows e
      JOIN event_names src ON src.id = e.source
      JOIN event_names k ON k.id = e.kind
      LEFT JOIN event_names s ON s.id = e.session
      LEFT JOIN event_names c ON c.id = e.client;
  -- Written as the table was: an insert's names are interned, its time and decision encoded, its input packed and kept as the rest after its tool call's earlier event.
  CREATE TRIGGER events_insert INSTEAD OF INSERT ON events BEGIN
    ${ze("NEW.")}
    INSERT INTO event_rows (id, at, source, kind, session, input, decision, flags, client, pre, pre_len)
      SELECT NEW.id, ${Ve("NEW.at")}, ${g("NEW.source")}, ${g("NEW.kind")}, ${g("NEW.session_id")},
             CASE WHEN m.len > 0 THEN substr(x.v, m.len + 1) ELSE x.v END,
             ${Xe("NEW.decision")},
             nullif(CASE WHEN NEW.spool_id IS NOT NULL THEN ${St} ELSE 0 END | CASE WHEN ${Rt} THEN ${Ke} ELSE 0 END, 0),
             ${g("NEW.client")}, CASE WHEN m.len > 0 THEN m.pre END, CASE WHEN m.len > 0 THEN m.len END
        FROM (SELECT ${Be("NEW.input")} AS v LIMIT 1) x LEFT JOIN (${ci}) m;
  END;
  CREATE TRIGGER events_update INSTEAD OF UPDATE ON events BEGIN
    ${ze("NEW.")}
    UPDATE event_rows SET id = NEW.id, at = ${Ve("NEW.at")}, source = ${g("NEW.source")}, kind = ${g("NEW.kind")},
      session = ${g("NEW.session_id")}, input = NEW.input, pre = NULL, pre_len = NULL, decision = ${Xe("NEW.decision")},
      flags = CASE WHEN NEW.spool_id IS NOT NULL THEN ${St} END, client = ${g("NEW.client")}
      WHERE id = OLD.id;
  END;
  CREATE TRIGGER events_delete INSTEAD OF DELETE ON events BEGIN
    DELETE FROM event_rows WHERE id = OLD.id;
  END;
`,er=`
  DROP VIEW events;
  ALTER TABLE event_rows RENAME COLUMN spooled TO flags;
  ${pi}
`;var Ye="session = OLD.session AND source = OLD.source AND client = coalesce(OLD.client, 0)",tr=`
  CREATE TABLE session_tally (
    session   INTEGER NOT NULL,      -- event_names
    source    INTEGER NOT NULL,      -- event_names
    client    INTEGER NOT NULL,      -- event_names, 0: none recorded
    first_at  NOT NULL,
    last_at   NOT NULL,
    n         INTEGER NOT NULL,
    PRIMARY KEY (session, source, client)
  ) WITHOUT ROWID;
  INSERT INTO session_tally (session, source, client, first_at, last_at, n)
    SELECT session, source, coalesce(client, 0), min(at), max(at), count(*) FROM event_rows WHERE session IS NOT NULL GROUP BY 1, 2, 3;
  CREATE TRIGGER session_tally_insert AFTER INSERT ON event_rows WHEN NEW.session IS NOT NULL BEGIN
    INSERT INTO session_tally (session, source, client, first_at, last_at, n) VALUES (NEW.session, NEW.source, coalesce(NEW.client, 0), NEW.at, NEW.at, 1)
      ON CONFLICT (session, source, client) DO UPDATE SET first_at = min(first_at, excluded.first_at), last_at = max(last_at, excluded.last_at), n = n + 1;
  END;
  CREATE TRIGGER session_tally_delete AFTER DELETE ON event_rows WHEN OLD.session IS NOT NULL BEGIN
    UPDATE session_tally SET n = n - 1 WHERE ${Ye};
    DELETE FROM session_tally WHERE ${Ye} AND n <= 0;
  END;
  -- An event moved to another session, source, client or time: out of the old tally, into the new (a tally's times only widen).
  CREATE TRIGGER session_tally_update_old AFTER UPDATE OF session, source, client, at ON event_rows WHEN OLD.session IS NOT NULL BEGIN
    UPDATE session_tally SET n = n - 1 WHERE ${Ye};
    DELETE FROM session_tally WHERE ${Ye} AND n <= 0;
  END;
  CREATE TRIGGER session_tally_update_new AFTER UPDATE OF session, source, client, at ON event_rows WHEN NEW.session IS NOT NULL BEGIN
    INSERT INTO session_tally (session, source, client, first_at, last_at, n) VALUES (NEW.session, NEW.source, coalesce(NEW.client, 0), NEW.at, NEW.at, 1)
      ON CONFLICT (session, source, client) DO UPDATE SET first_at = min(first_at, excluded.first_at), last_at = max(last_at, excluded.last_at), n = n + 1;
  END;
`;var nr=`
  CREATE TABLE signed_approvals (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    plan_path   TEXT NOT NULL,
    action      TEXT NOT NULL CHECK (action IN ('approve', 'revoke')),
    at          TEXT NOT NULL,                      -- the statement's time
    statement   TEXT NOT NULL,                      -- the exact bytes signed
    signature   TEXT NOT NULL,                      -- ssh-keygen -Y sign's armored output
    signer      TEXT NOT NULL,                      -- the allowed signer it verified as
    event_id    INTEGER                             -- the approve/revoke event
  );
  CREATE INDEX signed_approvals_plan ON signed_approvals (plan_path, id);
  CREATE TRIGGER signed_approvals_no_update BEFORE UPDATE ON signed_approvals BEGIN SELECT RAISE(ABORT, 'signed approvals are append-only'); END;
  CREATE TRIGGER signed_approvals_no_delete BEFORE DELETE ON signed_approvals BEGIN SELECT RAISE(ABORT, 'signed approvals are append-only'); END;
`;var rr=[`
  CREATE TABLE events (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    at          TEXT    NOT NULL,
    source      TEXT    NOT NULL,           -- 'hook:claude-code', 'cli', \u2026
    kind        TEXT    NOT NULL,           -- hook event name or CLI action
    session_id  TEXT,
    input       TEXT    NOT NULL,           -- JSON: what was decided on
    decision    TEXT                        -- JSON: what was decided
  );
  CREATE INDEX events_session ON events (session_id, id);
  CREATE INDEX events_kind ON events (kind, id);

  CREATE TABLE plans (
    id              TEXT PRIMARY KEY,
    path            TEXT NOT NULL UNIQUE,   -- relative to the project root, '/' separated
    dialect         TEXT NOT NULL,
    title           TEXT,
    structure_hash  TEXT NOT NULL,
    state           TEXT NOT NULL CHECK (state IN ('draft', 'approved', 'stale', 'complete')),
    approved_hash   TEXT,                   -- structure hash the approval is bound to
    approved_at     TEXT,
    approved_via    TEXT,
    content_hash    TEXT NOT NULL,
    file_size       INTEGER NOT NULL,
    file_mtime_ms   REAL NOT NULL,
    active          INTEGER NOT NULL DEFAULT 0,
    imported_at     TEXT NOT NULL,
    updated_at      TEXT NOT NULL
  );
  CREATE UNIQUE INDEX plans_one_active ON plans (active) WHERE active = 1;

  CREATE TABLE tasks (
    plan_id         TEXT NOT NULL REFERENCES plans (id) ON DELETE CASCADE,
    id              TEXT NOT NULL,
    ordinal         INTEGER NOT NULL,
    title           TEXT NOT NULL,
    file_state      TEXT NOT NULL,
    high_risk_stop  INTEGER NOT NULL DEFAULT 0,
    group_title     TEXT,
    line            INTEGER NOT NULL,
    PRIMARY KEY (plan_id, id)
  );
  CREATE INDEX tasks_order ON tasks (plan_id, ordinal);
  `,`
  CREATE TABLE task_status (
    plan_id      TEXT NOT NULL,
    task_id      TEXT NOT NULL,
    state        TEXT NOT NULL CHECK (state IN ('pending', 'in_progress', 'complete', 'blocked')),
    changed_at   TEXT NOT NULL,
    event_id     INTEGER NOT NULL,        -- orders changes made at the same instant
    source       TEXT NOT NULL,           -- 'cli', 'sdd-ledger', 'plan-file', \u2026
    evidence     TEXT,
    summary_path TEXT,
    PRIMARY KEY (plan_id, task_id)
  );

  CREATE TABLE receipts (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    plan_id       TEXT NOT NULL,
    from_task_id  TEXT NOT NULL,
    next_task_id  TEXT NOT NULL,
    dispatched_at TEXT NOT NULL,
    channel       TEXT NOT NULL,          -- 'stop-hook', 'agent-tool', 'cli', \u2026
    evidence      TEXT NOT NULL,
    session_id    TEXT,
    event_id      INTEGER NOT NULL
  );
  CREATE INDEX receipts_boundary ON receipts (plan_id, from_task_id, next_task_id, session_id);

  CREATE TABLE closures (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id  TEXT,                     -- NULL: the next stop in any session
    state       TEXT NOT NULL CHECK (state IN ('waiting_user', 'blocked', 'pending_verification')),
    reason      TEXT NOT NULL,
    declared_at TEXT NOT NULL,
    source      TEXT NOT NULL,
    event_id    INTEGER NOT NULL
  );
  CREATE INDEX closures_recent ON closures (declared_at);

  CREATE TABLE sessions (
    session_id     TEXT PRIMARY KEY,
    suspended      INTEGER NOT NULL DEFAULT 0,   -- the user said stop/pause
    last_prompt_at TEXT,
    boundary       TEXT,                         -- the task boundary the Stop gate last blocked at
    blocks         INTEGER NOT NULL DEFAULT 0,   -- consecutive blocks at that boundary
    updated_at     TEXT NOT NULL
  );

  CREATE TABLE violations (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    at         TEXT NOT NULL,
    session_id TEXT,
    kind       TEXT NOT NULL,
    summary    TEXT NOT NULL,
    event_id   INTEGER NOT NULL
  );

  CREATE TABLE watched_files (
    path         TEXT PRIMARY KEY,       -- relative to the project root
    size         INTEGER NOT NULL,
    mtime_ms     REAL NOT NULL,
    content_hash TEXT NOT NULL
  );
  `,`
  ALTER TABLE events ADD COLUMN spool_id TEXT;
  CREATE UNIQUE INDEX events_spool ON events (spool_id) WHERE spool_id IS NOT NULL;
  `,`
  CREATE TABLE pending_actions (
    id             TEXT PRIMARY KEY,      -- stable: plan, task and text
    plan_id        TEXT NOT NULL,
    task_id        TEXT NOT NULL,         -- the task whose summary raised it
    text           TEXT NOT NULL,
    state          TEXT NOT NULL CHECK (state IN ('open', 'absorbed', 'dropped', 'done')),
    raised_at      TEXT NOT NULL,
    source         TEXT NOT NULL,         -- how the summary arrived: 'cli', 'summary-file', \u2026
    summary_path   TEXT,
    absorbed_into  TEXT,                  -- the task a replan mapped it to
    drop_reason    TEXT,
    replan_id      INTEGER,
    resolved_at    TEXT,
    event_id       INTEGER NOT NULL
  );
  CREATE INDEX pending_actions_task ON pending_actions (plan_id, task_id, state);

  CREATE TABLE replans (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    plan_id       TEXT NOT NULL,
    from_task_id  TEXT NOT NULL,          -- loop protection is keyed to this task
    at            TEXT NOT NULL,
    event_id      INTEGER NOT NULL
  );
  CREATE INDEX replans_task ON replans (plan_id, from_task_id);

  CREATE TABLE ingested_summaries (
    plan_id      TEXT NOT NULL,
    task_id      TEXT NOT NULL,
    path         TEXT NOT NULL,
    content_hash TEXT NOT NULL,
    PRIMARY KEY (plan_id, task_id, path)
  );
  `,`
  ALTER TABLE plans ADD COLUMN approved_line TEXT;
  CREATE TABLE guard_snapshots (
    path      TEXT PRIMARY KEY,       -- relative to the project root
    content   BLOB,                   -- NULL: the file must not exist
    hash      TEXT,
    taken_at  TEXT NOT NULL
  );
  `,`
  CREATE TABLE runs (
    id                     INTEGER PRIMARY KEY AUTOINCREMENT,
    run_id                 TEXT NOT NULL UNIQUE,    -- 'r-<id>' for a Claude Code dispatch; the orchestrator's runId otherwise
    session_id             TEXT,                    -- the main conversation the result is due in
    source                 TEXT NOT NULL,           -- 'claude-code', 'cli'
    tool_use_id            TEXT,                    -- the Agent/Task tool call that dispatched it
    child_session_key      TEXT,                    -- Claude Code: the subagent's agentId
    agent_type             TEXT,
    description            TEXT,
    brief                  TEXT,                    -- the prompt: what a respawn dispatches again
    background             INTEGER NOT NULL DEFAULT 0,
    launched               INTEGER NOT NULL DEFAULT 0, -- 0: a dispatch intent with no sign yet that the child exists
    dispatch_at            TEXT NOT NULL,
    expected_by            TEXT NOT NULL,
    started_at             TEXT,
    child_done             INTEGER NOT NULL DEFAULT 0,
    child_done_at          TEXT,
    captured_result        TEXT,                    -- the child's final message, when captured
    child_transcript_path  TEXT,
    completion_received_at TEXT,
    forwarded_to_main      INTEGER,
    result_source          TEXT,
    respawn_of             TEXT,                    -- the run whose respawn this run is
    notified               TEXT,                    -- what the user was last told (a notice key)
    closed_as              TEXT CHECK (closed_as IN ('completed', 'recovered', 'blocked')),
    attention              INTEGER NOT NULL DEFAULT 1, -- open, or closed with a notice still owed to the user
    updated_at             TEXT NOT NULL
  );
  CREATE INDEX runs_tool_use ON runs (tool_use_id);
  CREATE INDEX runs_child ON runs (child_session_key);
  CREATE INDEX runs_attention ON runs (session_id, attention);
  CREATE INDEX runs_open ON runs (closed_as, launched);

  CREATE TABLE run_attempts (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    run_id       TEXT NOT NULL,
    action       TEXT NOT NULL CHECK (action IN ('fetch_history', 'respawn', 'escalate')),
    at           TEXT NOT NULL,
    outcome      TEXT NOT NULL CHECK (outcome IN ('delivered', 'failed', 'pending')),
    resolved_at  TEXT,
    channel      TEXT NOT NULL,                     -- the hook point or command that acted: 'Stop', 'UserPromptSubmit', 'PostToolUse', 'cli'
    detail       TEXT,
    event_id     INTEGER                            -- the audit event of the hook call that acted
  );
  CREATE INDEX run_attempts_run ON run_attempts (run_id, id);
  `,`
  CREATE TABLE notices (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    at            TEXT NOT NULL,
    kind          TEXT NOT NULL,
    text          TEXT NOT NULL,
    event_id      INTEGER,                          -- the event that owes the notice
    announced_at  TEXT,                             -- when a hook told the person (NULL: still owed)
    announced_by  INTEGER                           -- the hook call's event
  );
  CREATE INDEX notices_owed ON notices (announced_at);
  `,`
  CREATE INDEX events_kind_at ON events (kind, at);
  CREATE INDEX events_stop_blocks ON events (id) WHERE kind = 'Stop' AND json_extract(decision, '$.action') IN ('block', 'allow_after_limit');
  -- How many events there are, kept by triggers: the check against the recovery head at every opening reads one row, not an index of every event.
  CREATE TABLE event_count (one INTEGER PRIMARY KEY CHECK (one = 1), n INTEGER NOT NULL);
  INSERT INTO event_count (one, n) SELECT 1, count(*) FROM events;
  CREATE TRIGGER events_counted AFTER INSERT ON events BEGIN UPDATE event_count SET n = n + 1; END;
  CREATE TRIGGER events_uncounted AFTER DELETE ON events BEGIN UPDATE event_count SET n = n - 1; END;
  `,`
  ALTER TABLE events ADD COLUMN client TEXT;
  `,Qn,er,tr,nr],di=rr.length;var fi=/^\[redacted:[a-z-]+:hmac=[0-9a-f]{16}\]$/;function sr(e){return fi.test(e)}function xt(e,t,n){return`[redacted:${e}:hmac=${en(n,t).slice(0,16)}]`}function Se(e){return e===""||/^(?:\$|%|\{|<|\[redacted:|process\.env|os\.environ|env\.)/.test(e)}var L="(?<![A-Za-z0-9_-])",y=(...e)=>t=>e.some(n=>t.includes(n)),mi=y("key","token","secret","passw","passphrase","credential"),ir="[A-Za-z0-9_-]*?(?:[_-]KEY|APIKEY|ACCESSKEY|SECRETKEY|PRIVATEKEY|TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|CREDENTIALS?)[A-Za-z0-9_-]*",_l=new RegExp(`^${ir}$`,"i"),hi=/(?:[_-](?:file|path|dir|id|name|type|url|uri|env|length|len|size|count|ttl|expiry|expires|expires[_-]at|header|field|param|limit|stdin|prefix)|tokens|tokenizer|tokenize)$/i,gi=/^(?:string|number|boolean|bool|any|unknown|object|null|nil|none|undefined|true|false|yes|no|str|int|bytes|optional|required)[;,]?$/i;var yi=[{kind:"private-key",hint:y("-----begin"),re:/(?<s>-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|$))/g},{kind:"anthropic",hint:y("sk-ant-"),re:new RegExp(`${L}(?<s>sk-ant-[A-Za-z0-9_-]{20,})`,"g")},{kind:"openai",hint:y("sk-"),re:new RegExp(`${L}(?<s>sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,})`,"g")},{kind:"stripe",hint:y("k_live_","k_test_"),re:new RegExp(`${L}(?<s>(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{16,})`,"g")},{kind:"github",hint:y("ghp_","gho_","ghu_","ghs_","ghr_","github_pat_"),re:new RegExp(`${L}(?<s>gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})`,"g")},{kind:"gitlab",hint:y("glpat-"),re:new RegExp(`${L}(?<s>glpat-[A-Za-z0-9_-]{20,})`,"g")},{kind:"slack",hint:y("xox"),re:new RegExp(`${L}(?<s>xox[abprs]-[A-Za-z0-9-]{10,})`,"g")},{kind:"aws",hint:y("akia","asia"),re:/(?<![A-Za-z0-9])(?<s>(?:AKIA|ASIA)[A-Z0-9]{16})(?![A-Za-z0-9])/g},{kind:"google",hint:y("aiza"),re:new RegExp(`${L}(?<s>AIza[0-9A-Za-z_-]{35})`,"g")},{kind:"npm",hint:y("npm_"),re:new RegExp(`${L}(?<s>npm_[A-Za-z0-9]{36})`,"g")},{kind:"huggingface",hint:y("hf_"),re:new RegExp(`${L}(?<s>hf_[A-Za-z0-9]{30,})`,"g")},{kind:"jwt",hint:y("eyj"),re:new RegExp(`${L}(?<s>eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]*)`,"g")},{kind:"authorization",hint:y("authorization"),re:/(?<pre>\b(?:Proxy-)?Authorization["']?\s*[:=]\s*["']?(?:(?:Bearer|Basic|Token|Bot|Negotiate|Digest)\s+)?)(?<s>[^\s'"\\]+)/gi,keep:Se},{kind:"bearer",hint:y("bearer"),re:/(?<pre>\bBearer\s+)(?<s>[A-Za-z0-9._~+/-]{16,}=*)/g,keep:e=>!/\d/.test(e)},{kind:"password",hint:y("-u","--user","--proxy-user"),re:/(?<pre>(?:^|[\s"'])(?:-u\s*|--(?:proxy-)?user(?:\s+|=))["']?[^\s:'"]*:)(?<s>[^\s'"]+)/g,keep:Se},{kind:"flag",hint:e=>e.includes("--")&&y("pass","token","secret","api-key","apikey","access-key")(e),re:/(?<pre>(?:^|[\s"'])--(?:[A-Za-z0-9]+-)*(?:password|passwd|pass|token|secret|api-key|apikey|access-key|secret-key|client-secret|auth-token)(?:\s+|=)["']?)(?<s>[^\s'"]+)/gi,keep:e=>Se(e)||e.startsWith("-")},{kind:"url-password",hint:e=>e.includes("://")&&e.includes("@"),re:/(?<pre>\b[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s/@:'"[]*:)(?<s>[^\s/@'"]+)(?=@)/g,keep:Se},{kind:"secret",hint:mi,re:new RegExp(`(?<pre>(?<![A-Za-z0-9_-]|\\[redacted:)["']?(?<name>${ir})["']?\\s*(?::(?!:)|=(?![=>]))\\s*)(?:"(?<dq>[^"\\n]*)"|'(?<sq>[^'\\n]*)'|(?<s>[^\\s'",;&|)}\\]]+))`,"gi"),keep:(e,t)=>hi.test(t.name)||Se(e)||gi.test(e)||e.includes("(")}];function K(e,t){if(e.length<4||sr(e))return e;let n=vi(e,t),s=e.toLowerCase();for(let r of yi)r.hint(s)&&(r.re.lastIndex=0,n=n.replace(r.re,(i,...o)=>{let a=o[o.length-1],l=a.dq!==void 0?'"':a.sq!==void 0?"'":"",u=a.s??a.dq??a.sq??"";return u===""||r.keep&&r.keep(u,a)?i:`${a.pre??""}${l}${xt(r.kind,u,t)}${l}`}));return n}function Nt(e){let t=e.replace(/\\/g,"/"),n=t.slice(t.lastIndexOf("/")+1).toLowerCase();return n===".env"||n.endsWith(".env")?!0:n.startsWith(".env.")?!/^\.env\.(?:example|sample|template|dist|defaults)$/.test(n):/\.(?:pem|key|p12|pfx|jks|keystore|ppk)$/.test(n)||/^id_[a-z0-9_]+$/.test(n)||[".npmrc",".netrc","_netrc",".pypirc",".git-credentials",".pgpass"].includes(n)?!0:n==="credentials"&&t.toLowerCase().endsWith(".aws/credentials")}var Ei=/^(?:\*\*\* (?:Add|Update|Delete) File: (?<a>.+)|\*\*\* Move to: (?<m>.+)|diff --git a\/\S+ b\/(?<g>\S+)|\+\+\+ (?:b\/)?(?<u>\S+).*|--- (?:a\/)?(?<o>\S+).*|\*\*\* (?:Begin|End) Patch)$/;function vi(e,t){if(!/^(?:\*\*\* |diff --git |\+\+\+ )/m.test(e))return e;let n=e.split(`
`),s=[],r=!1,i=[],o=()=>{i.length&&s.push(xt("secret-file",i.join(`
`),t)),i=[]};for(let a of n){let l=Ei.exec(a);if(l){o();let u=l.groups,p=u.a??u.m??u.g??u.u??u.o;u.u!==void 0?r=r||Nt(p):r=p!==void 0&&Nt(p),s.push(a)}else r?i.push(a):s.push(a)}return o(),s.join(`
`)}function _i(e=""){let t=e?`${e}.`:"";return`coalesce(${t}client, CASE WHEN ${t}source LIKE 'hook:%' THEN substr(${t}source, 6) END, 'unknown')`}var wi=_i();function M(e,t){e.run("INSERT INTO violations (at, session_id, kind, summary, event_id) VALUES (?, ?, ?, ?, ?)",t.at,t.sessionId,t.kind,K(t.summary,D(e)),t.eventId)}var au=1024*1024;var lu=16*1024*1024;var yu=typeof process<"u"?process.env.CONTINUITY_STAGES:void 0,Si=Symbol.for("continuity.stage-marks"),Eu=globalThis[Si]??=[];var ie=require("node:path");function Je(e){let t=(0,ie.basename)(e.path);return(0,ie.join)(".superpowers","sdd",t.slice(0,t.length-(0,ie.extname)(t).length),"progress.md").split("\\").join("/")}var Y=require("node:fs"),oe=require("node:path");var Ri=8;function Ni(e){let t=`${e}/.git`,n=(0,Y.lstatSync)(t,{throwIfNoEntry:!1}),s=n?n.isDirectory()?"dir":"file":"absent",r={dotGit:s},i=t;if(s==="file"){let c=/^gitdir:\s*(.+?)\s*$/m.exec(Te(t)??"");if(!c)return r;i=It(e,c[1]),r.gitdir=i}if(s==="absent")return r;let o=Te(`${i}/commondir`)?.trim(),a=o?It(i,o):i;o&&(r.commondir=a);let l=Zt(Te(`${a}/config`),Te(`${a}/config.worktree`),i===a?null:Te(`${i}/config.worktree`));l&&(r.hooksPath=l.startsWith("~/")?`${process.env.HOME??""}/${l.slice(2)}`:It(e,l));let u=Ot(`${a}/modules`,0);u.length&&(r.modules=u);let p=ar(`${a}/worktrees`).map(c=>`${a}/worktrees/${c}`);return p.length&&(r.worktrees=p),r}function Ze(e,t=process.env){let{files:n,dirs:s}=Jt(e,Ni(e)),r=i=>i.startsWith(`${e}/`)?i.slice(e.length+1):i;return[...new Set([...n.map(r),...s.map(i=>`${r(i)}/**`),...$(t)])]}function Ot(e,t){if(t>Ri)return[];let n=[];for(let s of ar(e)){let r=`${e}/${s}`;(0,Y.lstatSync)(`${r}/HEAD`,{throwIfNoEntry:!1})?(n.push(r),n.push(...Ot(`${r}/modules`,t+1))):n.push(...Ot(r,t+1))}return n}function ar(e){try{return(0,Y.readdirSync)(e,{withFileTypes:!0}).filter(t=>t.isDirectory()).map(t=>t.name).sort()}catch{return[]}}function It(e,t){return oe.posix.normalize((0,oe.isAbsolute)(t)?t:(0,oe.resolve)(e,t))}function Te(e){try{return(0,Y.readFileSync)(e,"utf8")}catch{return null}}var Lt=".continuity-signers";var v=require("node:path");var lr="ssh-keygen -Y sign -n continuity\u2026";var Li="git runs what it holds (a hook, or a command its config names) at the person's next git command, outside the agent's hooks; a person changes it at their own terminal (`git remote add`, `git branch -u`), and `continuity config accept` records a change made while the agent works",Di="it lists who may sign the approvals of this repository's plans: a key added there would sign for the person; it changes through the team's review (a commit pulled), or the person's own edit at their terminal",$i="it runs later as the person, outside the agent's hooks: git reads it at the person's next git command in any repository, a shell when it starts; a person changes it at their own terminal, where nothing is to be accepted";async function $t(e,t,n){let{root:s,cwd:r,plan:i}=t,o=w(s,t.patterns),a=i?(0,v.isAbsolute)(i.path)?i.path:(0,v.join)(s,i.path):null,l=/approved/i.test(e)&&a!==null,u=[...je(t.patterns),...l?[(0,v.basename)(a)]:[]],p=S=>o(S)||l&&S===a,c;try{let{analyzeCommand:S}=await Promise.resolve().then(()=>Mr(require("./analyze.cjs"),1));c=await S(e,{cwd:r,projectRoot:s,isProtected:p,protectedNames:u})}catch(S){return Ae(n,u[0]??".continuity",`the command could not be analysed (${S.message.split(`
`)[0]}) and names a guarded path`,"Bash")}if(c.verdict==="allow")return cr(c.reason);let d=c.writes.find(S=>S.via.includes(lr));if(d)return Pi(n,d.via);let f=c.writes[0];if(l&&f&&f.path===a)return Ae(n,Re(s,f.path),"only continuity writes the Approved line of a plan, when a person approves it",`Bash (${f.via})`);if(f&&!p(f.path)&&!f.path.includes("${")){let S=x=>(0,v.isAbsolute)(x)?x:(0,v.join)(s,x),xr=x=>S(x).startsWith(`${f.path.replace(/\/+$/,"")}/`),jt=u.find(x=>xr(x)&&o(S(x)))??u.find(x=>o(S(x)))??u[0]??E,Ir=Re(s,f.path)||"the project folder";return Ae(n,Ir,`it holds ${jt}, which is guarded: ${Dt(jt,i,s)}`,`Bash (${f.via})`)}let Mt=f?Re(s,f.path)||".":u[0]??"";return Ae(n,Mt,Dt(Mt,i,s),f?`Bash (${f.via})`:"Bash")}function Dt(e,t,n){if(e===E||e.startsWith(`${E}/`))return"continuity's ledger and config are written only by continuity";if(w(n,F(n))((0,v.isAbsolute)(e)?e:(0,v.join)(n,e)))return"it is part of what runs the agent's hooks (continuity's program, or the client's config that loads it): changed or removed, no hook would decide anything after it";if(e===Lt)return Di;let s=(0,v.isAbsolute)(e)?Re(n,e):e,r=de.includes(s)||ht(process.env).includes(s);return!r&&/(^|\/)\.pi\/(agent\/)?extensions\//.test(e)?"pi runs every file in its extensions folder in its own process, as the person: a person adds one, outside the agent":!r&&cn(s,process.env)?Ci:X(e)?"it wires the agent's hooks and sandbox: a person edits it, outside the agent, and `continuity config accept` records the edit":t&&t.state!=="approved"&&t.state!=="complete"&&(e===t.path||e===Je(t))?`it is the progress tracker of plan ${t.id}, which is ${t.state==="stale"?"stale (changed after approval)":"not approved"}; its execution has not been authorised`:(0,v.isAbsolute)(e)&&w(n,$())(e)?$i:w(n,Ze(n))((0,v.isAbsolute)(e)?e:(0,v.join)(n,e))?Li:"it is listed in the config's protect list"}var Ci="the agent's client loads code and the servers it starts from this folder, as the person and outside every wall (pi's extensions and packages, OpenCode's plugins and tools, Copilot CLI's hooks and extensions): a person adds one, outside the agent",ur="approval_signing_refused",Ct="guarded_write_denied";function Ae(e,t,n,s){return{output:{hookSpecificOutput:{hookEventName:"PreToolUse",permissionDecision:"deny",permissionDecisionReason:`continuity: ${t} is guarded: ${n}. The write (${s}) was not made.`}},decision:{action:"deny",path:t,via:s,why:n},persist:(i,o)=>M(i,{at:e.now,sessionId:e.payload.session_id,kind:Ct,summary:Pt(t,n,s),eventId:o})}}function Pi(e,t){let n="a signature in continuity's namespace is a person's approval or revocation, made by `continuity approve` or `continuity revoke` at their own terminal";return{output:{hookSpecificOutput:{hookEventName:"PreToolUse",permissionDecision:"deny",permissionDecisionReason:`continuity: ${t} is refused: ${n}. The command was not run.`}},decision:{action:"deny",path:"ssh-keygen -Y sign",via:t,why:n,violation:{kind:ur,summary:`${t} refused: ${n}`}},persist:(r,i)=>M(r,{at:e.now,sessionId:e.payload.session_id,kind:ur,summary:`${t} refused: ${n}`,eventId:i})}}function Pt(e,t,n){return`${n} to ${e} denied: ${t}`}function cr(e){return{output:null,decision:{action:"allow",why:e}}}function Re(e,t){let n=(0,v.relative)(e,t);return n.startsWith("..")?t:n}var pr;(function(e){e[e.lineFeed=10]="lineFeed",e[e.carriageReturn=13]="carriageReturn",e[e.space=32]="space",e[e._0=48]="_0",e[e._1=49]="_1",e[e._2=50]="_2",e[e._3=51]="_3",e[e._4=52]="_4",e[e._5=53]="_5",e[e._6=54]="_6",e[e._7=55]="_7",e[e._8=56]="_8",e[e._9=57]="_9",e[e.a=97]="a",e[e.b=98]="b",e[e.c=99]="c",e[e.d=100]="d",e[e.e=101]="e",e[e.f=102]="f",e[e.g=103]="g",e[e.h=104]="h",e[e.i=105]="i",e[e.j=106]="j",e[e.k=107]="k",e[e.l=108]="l",e[e.m=109]="m",e[e.n=110]="n",e[e.o=111]="o",e[e.p=112]="p",e[e.q=113]="q",e[e.r=114]="r",e[e.s=115]="s",e[e.t=116]="t",e[e.u=117]="u",e[e.v=118]="v",e[e.w=119]="w",e[e.x=120]="x",e[e.y=121]="y",e[e.z=122]="z",e[e.A=65]="A",e[e.B=66]="B",e[e.C=67]="C",e[e.D=68]="D",e[e.E=69]="E",e[e.F=70]="F",e[e.G=71]="G",e[e.H=72]="H",e[e.I=73]="I",e[e.J=74]="J",e[e.K=75]="K",e[e.L=76]="L",e[e.M=77]="M",e[e.N=78]="N",e[e.O=79]="O",e[e.P=80]="P",e[e.Q=81]="Q",e[e.R=82]="R",e[e.S=83]="S",e[e.T=84]="T",e[e.U=85]="U",e[e.V=86]="V",e[e.W=87]="W",e[e.X=88]="X",e[e.Y=89]="Y",e[e.Z=90]="Z",e[e.asterisk=42]="asterisk",e[e.backslash=92]="backslash",e[e.closeBrace=125]="closeBrace",e[e.closeBracket=93]="closeBracket",e[e.colon=58]="colon",e[e.comma=44]="comma",e[e.dot=46]="dot",e[e.doubleQuote=34]="doubleQuote",e[e.minus=45]="minus",e[e.openBrace=123]="openBrace",e[e.openBracket=91]="openBracket",e[e.plus=43]="plus",e[e.slash=47]="slash",e[e.formFeed=12]="formFeed",e[e.tab=9]="tab"})(pr||(pr={}));var ji=new Array(20).fill(0).map((e,t)=>" ".repeat(t)),ae=200,Wi={" ":{"\n":new Array(ae).fill(0).map((e,t)=>`
`+" ".repeat(t)),"\r":new Array(ae).fill(0).map((e,t)=>"\r"+" ".repeat(t)),"\r\n":new Array(ae).fill(0).map((e,t)=>`\r
`+" ".repeat(t))},"	":{"\n":new Array(ae).fill(0).map((e,t)=>`
`+"	".repeat(t)),"\r":new Array(ae).fill(0).map((e,t)=>"\r"+"	".repeat(t)),"\r\n":new Array(ae).fill(0).map((e,t)=>`\r
`+"	".repeat(t))}};var fr;(function(e){e.DEFAULT={allowTrailingComma:!1}})(fr||(fr={}));var mr;(function(e){e[e.None=0]="None",e[e.UnexpectedEndOfComment=1]="UnexpectedEndOfComment",e[e.UnexpectedEndOfString=2]="UnexpectedEndOfString",e[e.UnexpectedEndOfNumber=3]="UnexpectedEndOfNumber",e[e.InvalidUnicode=4]="InvalidUnicode",e[e.InvalidEscapeCharacter=5]="InvalidEscapeCharacter",e[e.InvalidCharacter=6]="InvalidCharacter"})(mr||(mr={}));var hr;(function(e){e[e.OpenBraceToken=1]="OpenBraceToken",e[e.CloseBraceToken=2]="CloseBraceToken",e[e.OpenBracketToken=3]="OpenBracketToken",e[e.CloseBracketToken=4]="CloseBracketToken",e[e.CommaToken=5]="CommaToken",e[e.ColonToken=6]="ColonToken",e[e.NullKeyword=7]="NullKeyword",e[e.TrueKeyword=8]="TrueKeyword",e[e.FalseKeyword=9]="FalseKeyword",e[e.StringLiteral=10]="StringLiteral",e[e.NumericLiteral=11]="NumericLiteral",e[e.LineCommentTrivia=12]="LineCommentTrivia",e[e.BlockCommentTrivia=13]="BlockCommentTrivia",e[e.LineBreakTrivia=14]="LineBreakTrivia",e[e.Trivia=15]="Trivia",e[e.Unknown=16]="Unknown",e[e.EOF=17]="EOF"})(hr||(hr={}));var gr;(function(e){e[e.InvalidSymbol=1]="InvalidSymbol",e[e.InvalidNumberFormat=2]="InvalidNumberFormat",e[e.PropertyNameExpected=3]="PropertyNameExpected",e[e.ValueExpected=4]="ValueExpected",e[e.ColonExpected=5]="ColonExpected",e[e.CommaExpected=6]="CommaExpected",e[e.CloseBraceExpected=7]="CloseBraceExpected",e[e.CloseBracketExpected=8]="CloseBracketExpected",e[e.EndOfFileExpected=9]="EndOfFileExpected",e[e.InvalidCommentToken=10]="InvalidCommentToken",e[e.UnexpectedEndOfComment=11]="UnexpectedEndOfComment",e[e.UnexpectedEndOfString=12]="UnexpectedEndOfString",e[e.UnexpectedEndOfNumber=13]="UnexpectedEndOfNumber",e[e.InvalidUnicode=14]="InvalidUnicode",e[e.InvalidEscapeCharacter=15]="InvalidEscapeCharacter",e[e.InvalidCharacter=16]="InvalidCharacter"})(gr||(gr={}));var Td=!!"".isWellFormed;var j=require("node:path"),Gd=(0,j.join)("dist","bin","continuity"),qd=(0,j.join)("dist","cli.cjs"),Bd=(0,j.join)("dist","launcher","continuity"),Vd=(0,j.join)("dist","bin","built-on-first-use");var kf=new Set(["CLAUDE_CONFIG_DIR","CODEX_HOME",...$e]);var Mm=11*6e4;var Ym=256*1024,Jm=8*1024*1024;var th=8*1024*1024;var sh=512*1024;var uo={runId:"run_id",sessionId:"session_id",source:"source",toolUseId:"tool_use_id",childSessionKey:"child_session_key",agentType:"agent_type",description:"description",brief:"brief",background:"background",launched:"launched",dispatchAt:"dispatch_at",expectedBy:"expected_by",startedAt:"started_at",childDone:"child_done",childDoneAt:"child_done_at",capturedResult:"captured_result",childTranscriptPath:"child_transcript_path",completionReceivedAt:"completion_received_at",forwardedToMain:"forwarded_to_main",resultSource:"result_source",respawnOf:"respawn_of",notified:"notified",closedAs:"closed_as",attention:"attention",updatedAt:"updated_at"};var ng=`SELECT id, ${Object.values(uo).join(", ")} FROM runs`;var Hg=8*1024*1024;function Ar(e,t){let n=t.map(c=>c.result.output).filter(c=>c!==null),s=n.map(c=>c.hookSpecificOutput??{}),r=s.filter(c=>c.permissionDecision==="deny"),i=n.filter(c=>c.decision==="block"),o=tt(s.map(c=>c.additionalContext)),a=tt(n.map(c=>c.systemMessage)),l={};r.length&&(l.permissionDecision="deny",l.permissionDecisionReason=tt(r.map(c=>c.permissionDecisionReason))),o&&(l.additionalContext=o);let u={};i.length&&(u.decision="block",u.reason=tt(i.map(c=>c.reason))),Object.keys(l).length&&(u.hookSpecificOutput={hookEventName:e,...l}),a&&(u.systemMessage=a);let p=t.map(c=>c.result.persist).filter(c=>!!c);return{output:Object.keys(u).length?u:null,decision:{action:r.length?"deny":i.length?"block":o||a?"context":"none",rules:Object.fromEntries(t.map(c=>[c.name,c.result.decision]))},...p.length?{persist:(c,d)=>p.forEach(f=>f(c,d))}:{}}}function tt(e){return e.filter(t=>typeof t=="string"&&t.length>0).join(`

`)}async function go(e,t,n,s){if(e.tool_name!=="Bash"||!t||t.plan&&!t.approval||!yo(t,n)||Ue.some(u=>u.name!=="guard-before"&&u.wants(e,t,n)))return null;let r=t.plan&&t.approval?{id:t.approval.planId,state:t.approval.state,path:t.plan.path}:null,i=typeof e.tool_input.command=="string"?e.tool_input.command:"",o=await $t(i,{root:n,cwd:e.cwd??n,patterns:[...t.protectGlobs,...F(n),...$(),...V(process.env)],plan:r},{now:s,payload:e}),a=o.decision,l=a.action==="deny"?[a.violation??{kind:Ct,summary:Pt(a.path,a.why,a.via)}]:[];return{result:Ar("PreToolUse",[{name:"guard-before",result:o}]),violations:l}}function yo(e,t){let n=(0,nt.join)(t,E);if(e.ledgerStamp===void 0||ce(n)!==e.ledgerStamp)return!1;let s=Rr((0,nt.join)(n,Vt)),r=Rr((0,nt.join)(n,J));return s!==null&&(r===null||r<s)}function Rr(e){try{return(0,Nr.statSync)(e).mtimeMs}catch{return null}}0&&(module.exports={guardFromHotState});
