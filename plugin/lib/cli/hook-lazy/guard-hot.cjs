const __continuityModuleUrl = require("node:url").pathToFileURL(__filename).href;
"use strict";var Xn=Object.create;var me=Object.defineProperty;var Kn=Object.getOwnPropertyDescriptor;var Yn=Object.getOwnPropertyNames;var Jn=Object.getPrototypeOf,Zn=Object.prototype.hasOwnProperty;var Qn=(e,t)=>{for(var n in t)me(e,n,{get:t[n],enumerable:!0})},Et=(e,t,n,s)=>{if(t&&typeof t=="object"||typeof t=="function")for(let r of Yn(t))!Zn.call(e,r)&&r!==n&&me(e,r,{get:()=>t[r],enumerable:!(s=Kn(t,r))||s.enumerable});return e};var er=(e,t,n)=>(n=e!=null?Xn(Jn(e)):{},Et(t||!e||!e.__esModule?me(n,"default",{value:e,enumerable:!0}):n,e)),tr=e=>Et(me({},"__esModule",{value:!0}),e);var pi={};Qn(pi,{guardFromHotState:()=>ui});module.exports=tr(pi);var Bn=require("node:fs"),ze=require("node:path");var M=require("node:fs"),wt=require("node:path");var x=require("node:fs"),Xe=require("node:path"),he="redaction.key",nr=/^[0-9a-f]{64}$/,vt=new Map,rr=Symbol.for("continuity.redaction-dir");function bt(e){try{let t=(0,x.readFileSync)(e,"utf8").trim();return nr.test(t)?t:null}catch{return null}}function kt(e){let t=vt.get(e);if(t!==void 0)return t;let n=(0,Xe.join)(e,he),s=bt(n);if(s===null){let r=new Uint8Array(32);globalThis.crypto.getRandomValues(r);let i=Array.from(r,a=>a.toString(16).padStart(2,"0")).join(""),o=(0,Xe.join)(e,`.${he}.${process.pid}`);try{(0,x.writeFileSync)(o,`${i}
`,{mode:384});try{(0,x.linkSync)(o,n)}catch(a){if(a.code!=="EEXIST")throw a}finally{(0,x.unlinkSync)(o)}s=bt(n)}catch{s=null}}return vt.set(e,s??""),s??""}function N(e){let t=e[rr];return t===void 0?"":kt(t)}var _t="runs-later.json";var y=".continuity",ge="ledger.db",G="config.json";function sr(e){return ir.has(e)||/^ledger\.db(?:-wal|-shm|-journal|\.restoring|\.damaged-[\w-]+)$/.test(e)||/^\.state\.json\.\d+$/.test(e)||/^\.redaction\.key\.\d+$/.test(e)||/^\.runs-later\.json\.\d+$/.test(e)}var ir=new Set([ge,"state.json","spool",G,"init-record.json","replaced",he,_t]);function Ke(e){try{return(0,M.readdirSync)((0,wt.join)(e,y)).filter(t=>!sr(t))}catch{return[]}}var te=require("node:fs"),Tt=require("node:path"),St="state.json";function ne(e){let t=0;for(let n of["ledger.db","ledger.db-wal"])try{t=Math.max(t,(0,te.statSync)((0,Tt.join)(e,n)).mtimeMs)}catch{}return t}var It=require("node:fs"),d=require("node:path");var At=require("node:url");function Rt(e){let t=(0,At.fileURLToPath)(e);return t.startsWith("/$bunfs/")||/^[A-Z]:[\\/]~BUN[\\/]/i.test(t)}var or=[];function ar(e=process.env,t=process.argv[1]){let n=[...or],s=!0;if(s)for(let r of[e.CONTINUITY_PLUGIN_ROOT,e.CLAUDE_PLUGIN_DATA])r&&(0,d.isAbsolute)(r)&&n.push({path:(0,d.resolve)(r),folder:!0});if(Rt(__continuityModuleUrl)){let r=Nt(process.execPath),i=r&&(0,d.basename)((0,d.dirname)(r))==="bin"&&(0,d.basename)((0,d.dirname)((0,d.dirname)(r)))==="dist";r&&n.push(i?{path:(0,d.dirname)((0,d.dirname)(r)),folder:!0}:{path:r,folder:!1})}else if(t&&!s){let r=Nt(t);r&&/^cli\.[cm]js$/.test((0,d.basename)(r))&&(0,d.basename)((0,d.dirname)(r))==="dist"&&n.push({path:(0,d.dirname)(r),folder:!0})}return n.filter((r,i)=>n.findIndex(o=>o.path===r.path)===i)}function lr(e,t){return t.map(({path:n,folder:s})=>{let r=(0,d.relative)(e,n),i=r&&!r.startsWith("..")&&!(0,d.isAbsolute)(r)?r.split("\\").join("/"):n;return s?`${i}/**`:i})}function O(e,t=process.env){return lr(e,ar(t))}function Nt(e){try{return(0,It.realpathSync)(e)}catch{return null}}var re=new Set(["Agent","Task"]),Ye=new Set(["TaskOutput","AgentOutputTool"]);function se(e){let t=e.agent_id;return typeof t=="string"&&t!==""}var xt={name:"watchdog-dispatch",wants:e=>re.has(e.tool_name)&&!se(e)},Ot={name:"watchdog-result",wants:e=>(re.has(e.tool_name)||Ye.has(e.tool_name))&&!se(e)},Lt={name:"watchdog-delivery",wants:(e,t)=>!re.has(e.tool_name)&&!Ye.has(e.tool_name)&&!se(e)&&(t===null||t.openRuns>0)};var $t=require("node:module"),v=require("node:path");var W=require("node:fs"),E=require("node:path");function ye(e,t=0){let n=(0,E.normalize)(e);if(t>40)return n;try{if((0,W.lstatSync)(n).isSymbolicLink()){let r=(0,W.readlinkSync)(n);return ye((0,E.isAbsolute)(r)?r:(0,E.resolve)((0,E.dirname)(n),r),t+1)}return(0,W.realpathSync)(n)}catch{}let s=(0,E.dirname)(n);return s===n?n:(0,E.join)(ye(s,t+1),(0,E.basename)(n))}function ie(e){try{return(0,W.realpathSync)(e)}catch{return(0,E.normalize)(e)}}var ur,cr=()=>ur??=(0,$t.createRequire)(__continuityModuleUrl)("node:os").homedir();function oe(e,t){if(!/\.(md|markdown|json)$/i.test(e))return!1;if(e.split(/[\\/]/).pop()===".tdd-progress.md")return!0;let n=(0,v.relative)(t,e).split(v.sep).join("/");if(!n.startsWith("..")&&!(0,v.isAbsolute)(n)&&/^docs\/(superpowers\/)?plans\//.test(n))return!0;let s=(0,v.relative)(`${cr()}/.claude/plans`,e);return!s.startsWith("..")&&!(0,v.isAbsolute)(s)}function B(e,t){let n=e.file_path??e.notebook_path??e.path;return typeof n!="string"||!n?null:(0,v.isAbsolute)(n)?n:`${t}/${n}`}function Je(e,t,n,s){let r=(0,v.normalize)(e);if(n(r))return Dt(t,r);let i=ye(r),o=ie(t);return s(i)?Dt(o,i):null}function Dt(e,t){let n=(0,v.relative)(e,t);return n.startsWith("..")||(0,v.isAbsolute)(n)?t:n.split(v.sep).join("/")}var ae=new Set(["Write","Edit","MultiEdit","NotebookEdit"]);var A=require("node:path"),z=require("node:fs");var pr=String.raw`^[ \t]*(?:>[ \t]*)*(?:[-*+][ \t]+)?`;function Pt(e){return new RegExp(String.raw`${pr}(?:\*\*|__)?${e}(?:\*\*|__)?[ \t]*:(?:\*\*|__)?[ \t]*(.*)$`,"i")}var Ni=Pt("status"),Ze=Pt("approved");function le(e){let t=e.split(/\r?\n/),n=dr(t),s=[],r=!1;for(let i=0;i<n;i++)/^\s*(```|~~~)/.test(t[i])&&(r=!r),!r&&Ze.test(t[i])&&s.push(t[i].trim());return s}function dr(e){let t=e.findIndex(n=>/^#{1,6}\s+(slice|step)\s+\d/i.test(n));return t<0?e.length:t}function Ee(e){return e.replace(/(['"`])\s*\+?\s*(['"`])/g,"").replace(/['"`\\]/g,"")}function Ct(e){let t=new Set,n=new Set;for(let s of e){let r=s.trim().replace(/^(\.\/)+/,"").replace(/(\/\*\*)+$/,"").replace(/\/+$/,"").toLowerCase();if(!r)continue;let i=r.split("/").filter(Boolean);r.includes("*")||t.add(r);let o=i[i.length-1];o&&!o.includes("*")&&!i.slice(0,-1).includes(".git")&&t.add(o);for(let a of i.slice(0,-1))!a.includes("*")&&a!=="."&&a!==".."&&n.add(a)}return{names:[...t],dirSegments:[...n]}}var jt=/base64|b64decode|atob\b|\bxxd\b|\bod\b|uudecode|\bopenssl\b|\\x[0-9a-f]{2}|\\[0-7]{3}|\\u[0-9a-f]{4}|\$'|\brev\b|\btr\b|rot13|fromhex|unhexlify|fromcharcode|\bchr\s*\(|\bpack\s*\(|\bzcat\b|gzip\s+-d|\bgunzip\b/i,Mt=/\bchr\s*\(|\bchar\s*\(|['"]\s*\|\||\|\|\s*['"]|fromcharcode|\\x[0-9a-f]{2}|\\u[0-9a-f]{4}|\\[0-7]{3}|base64|b64decode|\batob\b|fromhex|unhexlify|\bcodecs\b|rot13|\[::-1\]|\breverse\b|\.join\s*\(|\bjoin\s*\(|\blistdir\b|\bscandir\b|\bos\.walk\b|\bwalk\s*\(|\breaddir|\bglob\b|\biterdir\b|\brglob\b|\benviron\b|process\.env|\bgetenv\b|\bENV\b|\$ENV|\bsys\.argv\b|process\.argv|\bARGV\b|\$ARGV|\bsprintf\b|\bformat\s*\(|%\s*\(|\bf['"]|\$\{|\+\s*['"]|['"]\s*\+|\.\.\s*['"]|['"]\s*\.\.|\bconcat\b/i;var Wt=["tee","sponge","dd","cp","mv","install","ln","rm","rmdir","rimraf","del-cli","trash","unlink","truncate","touch","shred","mkdir","mkfifo","fallocate","mktemp","chmod","chown","chgrp","chattr","setfacl","uniq","sed","gsed","perl","ruby","awk","gawk","mawk","nawk","ex","vi","vim","nvim","gvim","view","ed","red","emacs","nano","pico","micro","kak","hx","helix","joe","vis","prettier","mdformat","markdownlint","markdownlint-cli2","dprint","dos2unix","unix2dos","eslint","black","ruff","gofmt","goimports","rustfmt","clang-format","shfmt","biome","yq","patch","sqlite3","sqlite","tar","gtar","bsdtar","unzip","7z","7za","zip","gzip","gunzip","bzip2","bunzip2","xz","unxz","lzma","unlzma","rsync","curl","wget","bash","sh","zsh","dash","ksh","mksh","ash","fish","eval","python","python2","python3","pypy","pypy3","node","nodejs","deno","bun","php","perl6","lua","luajit","Rscript","osascript","pwsh","powershell","tclsh","sudo","sudoedit","su","runuser","script","watch","flock","xargs","find","npm","pnpm","yarn"];var Ut=["then","do","else","elif","exec","command","builtin","nice","nohup","setsid","time","timeout","env","sudo","doas","xargs","npx","bunx","busybox","stdbuf","unbuffer","!"];var Ft=new Set(Wt.map(e=>e.toLowerCase())),fr=Math.max(...[...Ft].map(e=>e.length)),Ht=/\s/,mr=e=>Ht.test(e)||";&|(){}!`/".includes(e),hr=e=>Ht.test(e)||";&|()<>".includes(e),gr=e=>e>="0"&&e<="9"||e===".",yr=e=>/[\w.^~-]/.test(e);function qt(e){let t=e.length,n=new Uint8Array(t+1),s=new Uint8Array(t+1),r=new Uint8Array(t+1);n[t]=s[t]=1;for(let i=t-1;i>=0;i--){let o=e[i];n[i]=hr(o)?1:0,s[i]=n[i]||gr(o)&&s[i+1]?1:0,r[i]=yr(o)&&(n[i+1]||r[i+1])?1:0}for(let i=0;i<t;i++)if(!(i>0&&!mr(e[i-1])))for(let o=1;o<=fr&&i+o<=t;o++){let a=i+o;if(Ft.has(e.slice(i,a))&&(s[a]||e[a]==="@"&&(n[a+1]||r[a+1])))return!0}return!1}var Er=e=>e.replace(/[.*+?^${}()|[\]\\]/g,"\\$&"),vr=/\bgit\b(?:\s+(?:-c\s+\S+|-C\s+\S+|--?[\w-]+(?:=\S+)?))*\s+(?:checkout|restore|rm|mv|clean|apply|am|archive)\b/,br=/(?:^|\s)(?:-o|-O|--output(?:-file|-document)?|--outfile|--out|-out|--log-file)(?=[\s=]|$)/,kr=new RegExp(`(?:^|[;&|({\\n]|\\b(?:${Ut.filter(e=>e!=="!").join("|")})\\s+(?:-\\S+\\s+)*|!\\s*)\\s*[^\\s;&|()<>]*[$\`]`),_r=/\d*[<>]&(?:\d+-?|-)(?![\w./])|[&\d]*>>?\s*\/dev\/(?:null|stdout|stderr|tty|fd\/\d+)\b|[=-]>|>=/g,wr=/\bgit\b[^;&|]*(?:\s-c\s*|\bconfig\b[^;&|]*)(?:alias\.|core\.(?:editor|pager|sshcommand|fsmonitor|askpass|hookspath)|sequence\.editor|pager\.|diff\.|merge\.|filter\.|credential\.|gpg\.)|\bgit\b[^;&|]*\s--config-env\b/,Tr=/\|&?\s*(?:sudo\s+|env\s+|command\s+|exec\s+)*(?:\S*\/)?(?:ba|z|da|k|mk|a)?sh\b|(?:\bsource|(?:^|[\s;&|(])\.|\b(?:ba|z|da|k|mk|a)?sh)\s+<\(|\b(?:tar|gtar|bsdtar|unzip|7za?|xargs|parallel|flock)\b|\bfind\b[^;&|]*\s-(?:delete|exec|execdir|ok|okdir|fprint0?|fprintf|fls)\b|\bgit\b[^;&|]*\bclean\b/,Sr=/[$`*?[\]{}~]|\beval\b/,Ar=/\bgit\b[^;&|]*\s(?:config|remote\s+(?:add|set-url|rename|remove|rm|set-branches)|branch\b[^;&|]*\s(?:-u|--set-upstream-to|--unset-upstream|-t|--track|--edit-description)|push\b[^;&|]*\s(?:-u|--set-upstream)|submodule|init|lfs\s+(?:install|update))(?=[\s=;&|)]|$)/,Rr=/\b(?:npm|pnpm|yarn|bun)\b[^;&|]*\s(?:ci|clean-install|ic|install-clean|isntall-clean|prune|dedupe|ddp|autoclean|rebuild|update|up|upgrade|udpate|install|i|in|add|a|link|ln|remove|rm|r|un|uninstall|unlink)(?=[\s=;&|)]|$)|\byarn\s*(?=$|[;&|)])/,Nr=/(?:^|[\s=:;&|(])(?:\.\.?\/?|\/)(?=$|[\s;&|)])|\.\.|(?:^|[\s=;&|(])\/(?!dev\/|tmp\/|var\/tmp\/|private\/tmp\/|proc\/)|(?:^|[;&|(]\s*|\s)cd\s*(?=$|[;&|)])|(?:^|\s):(?:\/|\()/;function Ir(e){return qt(e)||vr.test(e)||kr.test(e)||br.test(e.replace(/\bset\s+[-+]o\s+\w+/g,""))?!0:e.replace(_r,"").includes(">")}function Gt(e,t){if(!e.trim())return!1;if(t.length===0)return!0;let n=Ee(e),s=n.toLowerCase(),{names:r,dirSegments:i}=Ct(t);return r.some(o=>s.includes(o))||Tr.test(s)||wr.test(s)||Ar.test(s)||Rr.test(s)?!0:Ir(s)?Sr.test(e)||jt.test(e)||Mt.test(e)||i.some(o=>new RegExp(`(?:^|[^\\w.-])${Er(o)}(?:$|[^\\w.-])`).test(s))?!0:Nr.test(n):!1}var ve=require("node:path");function k(e,t){let n=ve.posix.normalize(e),s=t.filter(i=>i.startsWith("/")).map(i=>Bt(ve.posix.normalize(i))),r=t.filter(i=>!i.startsWith("/")).map(i=>Bt(i.replace(/^(\.\/)+/,"")));return i=>{let o=ve.posix.normalize(i);if(s.some(l=>l.test(o)))return!0;if(!o.startsWith(n+"/"))return!1;let a=o.slice(n.length+1);return r.some(l=>l.test(a))}}function Bt(e){let t="";for(let n=0;n<e.length;n++){let s=e[n];s==="*"&&e[n+1]==="*"?(t+=".*",n++):s==="*"?t+="[^/]*":s==="?"?t+="[^/]":t+=s.replace(/[.+^${}()|[\]\\]/g,"\\$&")}return t=t.replace(/\/\.\*$/,"(?:/.*)?"),new RegExp(`^${t}$`)}function be(e){let t=new Set;for(let n of e){let s=(n.startsWith("/")?n.replace(/(\/\*\*)+$/,"").split("/").slice(-2).join("/"):n.replace(/^(\.\/)+/,"")).replace(/(\/\*\*)+$/,"");t.add(s),n.startsWith("/")&&n.endsWith("/**")&&t.add(n.replace(/(\/\*\*)+$/,""));let r=s.split("/").pop();r&&!r.includes("*")&&!/(^|\/)\.git\//.test(s)&&t.add(r)}return[...t]}var Qe=require("node:module"),ke,_e=globalThis.Bun?.CryptoHasher;function S(e){let t;if(_e?t=new _e("sha256"):(ke??=(0,Qe.createRequire)(__continuityModuleUrl)("node:crypto"),t=ke.createHash("sha256")),typeof e=="string")t.update(e);else for(let n of e)t.update(n);return t.digest("hex")}function Vt(e,t){if(_e){let n=new _e("sha256",e);return n.update(t),n.digest("hex")}return ke??=(0,Qe.createRequire)(__continuityModuleUrl)("node:crypto"),ke.createHmac("sha256",e).update(t).digest("hex")}var we=require("node:fs"),V=require("node:path");var et=200,xr=new Set([".git","node_modules",".continuity"]);function tt(e,t){let n=new Set;for(let s of t){let r=V.posix.normalize(s.replace(/^(\.\/)+/,"")).replace(/\/+$/,"");if(!r||r==="."||r.startsWith(".."))continue;let i=r.startsWith("/")?"":e,o=r.split("/"),a=o.findIndex(c=>/[*?[]/.test(c));if(a===-1){Or((0,V.join)(i,r))?zt(i,r,()=>!0,n):n.add(r);continue}let l=o.slice(0,a).join("/"),u=k(e,[r]),p=/(^|\/)\.git\/(.*\/)?hooks$/.test(l);zt(i,l,c=>u(c)&&!(p&&c.endsWith(".sample")),n)}return[...n].sort().slice(0,et)}function zt(e,t,n,s){let r=[t];for(;r.length&&s.size<et;){let i=r.pop(),o;try{o=(0,we.readdirSync)((0,V.join)(e,i),{withFileTypes:!0})}catch{continue}for(let a of o){let l=i?`${i}/${a.name}`:a.name;if(a.isDirectory()?xr.has(a.name)||r.push(l):(a.isFile()||a.isSymbolicLink())&&n(e?V.posix.join(e.split("\\").join("/"),l):l)&&s.add(l),s.size>=et)return}}}function Or(e){try{return(0,we.statSync)(e).isDirectory()}catch{return!1}}var Te=["GEMINI_CLI_SYSTEM_SETTINGS_PATH","GEMINI_CLI_SYSTEM_DEFAULTS_PATH","GEMINI_CLI_HOME","GEMINI_CLI_TRUSTED_FOLDERS_PATH"];var nt=[".claude/settings.json",".claude/settings.local.json",".codex/hooks.json",".codex/config.toml",".gemini/settings.json",".cursor/hooks.json"];var Xt=[".gemini/.env",".env"];function Se(e){if(!e.startsWith("/")&&!nt.includes(e)&&!Xt.includes(e))return null;let t=e.slice(e.lastIndexOf("/")+1);return t===".env"?"env":t==="hooks.json"?"hooks-json":t.endsWith(".toml")?"codex-toml":t==="trustedFolders.json"||e.startsWith("/")&&/trust/i.test(t)&&t.endsWith(".json")?"gemini-trust":t.endsWith(".json")?"settings-json":null}function U(e){return Se(e)!==null}var Lr=[".continuity",".tdd-progress.md","progress.md"],Dr=/^[ \t>*_-]*(\*\*|__)?approved(\*\*|__)?[ \t]*:/im,$r=new Set(["Read","Glob","Grep","LS","WebFetch","WebSearch","TodoWrite","TodoRead","AskUserQuestion","ExitPlanMode","EnterPlanMode","Agent","Task","BashOutput","KillShell","KillBash","ListMcpResourcesTool","ReadMcpResourceTool","Skill","SlashCommand"]);function Kt(e){let t=[e.content,e.new_string,e.new_source];if(Array.isArray(e.edits))for(let n of e.edits)t.push(n?.new_string);return t.filter(n=>typeof n=="string").join(`
`)}function Yt(e,t,n){let s=e.cwd??n;if(ae.has(e.tool_name)){let r=B(e.tool_input,s);if(!r)return!1;if(!t)return!0;let i=[...t.protectGlobs,...O(n)];return Je(r,n,k(n,i),k(ie(n),i))!==null?!0:!!(t.plan&&r===(0,A.join)(n,t.plan.path)||oe(r,n))&&Dr.test(Kt(e.tool_input))}if(e.tool_name==="Bash"){let r=typeof e.tool_input.command=="string"?e.tool_input.command:"",i=[...t?.guardedNames??Lr,...be(O(n))];return t?.plan&&/approved/i.test(r)&&i.push((0,A.basename)(t.plan.path)),Gt(r,i)}return!1}function Jt(e,t,n){if($r.has(e.tool_name))return!1;if(!t)return(0,z.existsSync)((0,A.join)(n,".continuity","ledger.db"));if(t.ledgerStamp!==void 0&&ne((0,A.join)(n,".continuity"))!==t.ledgerStamp)return!0;for(let r of t.guarded)if(Pr((0,A.isAbsolute)(r.path)?r.path:(0,A.join)(n,r.path))!==r.hash)return!0;if(Ke(n).length)return!0;let s=t.protectGlobs.filter(r=>/[*?[]/.test(r)&&!r.startsWith(".continuity/"));if(s.length){let r=new Set(t.guarded.map(i=>i.path));if(tt(n,s).some(i=>!r.has(i)))return!0}if(t.plan){let r=Qt((0,A.join)(n,t.plan.path));if(r!==null&&!Zt(le(r),t.plan.approvedLine))return!0}return!1}function Zt(e,t){return t===null?e.length===0:e.length===1&&e[0]===t}function Pr(e){if((0,z.statSync)(e,{throwIfNoEntry:!1})===void 0)return null;let t=Qt(e);return t===null?null:S(t)}function Qt(e){try{return(0,z.readFileSync)(e,"utf8")}catch{return null}}var Cr=new Set(["plugins","gateway","openclaw","automations","cron","terminal","computer","nodes","exec"]);function en(e){return e.tool_name==="Bash"?typeof e.tool_input?.command=="string"&&/openclaw/i.test(Ee(e.tool_input.command)):Cr.has(e.tool_name)}var jr=/(?<![&>|<])&(?![&>])\s*['"`]\s*[),;]|\bstart_new_session\s*=\s*True\b|\bos\.(?:fork|forkpty|setsid|daemon)\b|\bsetsid\b|\bdetached\s*:\s*true\b|\.unref\s*\(\s*\)|\bProcess\.(?:detach|daemon)\b|\bfork\s*\(|\bnohup\b|\bdisown\b|\bcreationflags\s*=.*DETACHED_PROCESS|\bdaemon(?:ize)?\s*\(/;function tn(e){return Wr.test(e)||Mr.test(e)||jr.test(e)}var Mr=/(?<![&>|<])&(?![&>])/,Wr=/\b(?:nohup|setsid|disown|daemonize|daemon|at|batch|systemd-run|dtach|abduco|crontab|tmux|screen|start-stop-daemon|systemctl|loginctl|launchctl|coproc)\b/;var Ae=[{name:"guard-before",wants:Yt},{name:"client-control",wants:en},{name:"detach-guard",wants:e=>e.tool_name==="Bash"&&typeof e.tool_input.command=="string"&&tn(e.tool_input.command)}],nn=[{name:"guard-after",wants:Jt},{name:"register-plan",wants:(e,t,n)=>ae.has(e.tool_name)&&oe(B(e.tool_input,e.cwd??n)??"",n)},{name:"approval-answer",wants:e=>e.tool_name==="AskUserQuestion"||e.tool_name==="ExitPlanMode"}];Ae.push(xt);nn.push(Ot,Lt);var un=require("node:path");var Re,Ur={lang:void 0,message:void 0,abortEarly:void 0,abortPipeEarly:void 0};function rn(e){return!e&&!Re?Ur:{lang:e?.lang??Re?.lang,message:e?.message,abortEarly:e?.abortEarly??Re?.abortEarly,abortPipeEarly:e?.abortPipeEarly??Re?.abortPipeEarly}}var Fr;function Hr(e){return Fr?.get(e)}var qr;function Gr(e){return qr?.get(e)}var Br;function Vr(e,t){return Br?.get(e)?.get(t)}function Ne(e){let t=typeof e;return t==="string"?`"${e}"`:t==="number"||t==="bigint"||t==="boolean"?`${e}`:t==="object"||t==="function"?(e&&Object.getPrototypeOf(e)?.constructor?.name)??"null":t}function _(e,t,n,s,r){let i=r&&"input"in r?r.input:n.value,o=r?.expected??e.expects??null,a=r?.received??Ne(i),l={kind:e.kind,type:e.type,input:i,expected:o,received:a,message:`Invalid ${t}: ${o?`Expected ${o} but r`:"R"}eceived ${a}`,requirement:e.requirement,path:r?.path,issues:r?.issues,lang:s.lang,abortEarly:s.abortEarly,abortPipeEarly:s.abortPipeEarly},u=e.kind==="schema",p=r?.message??e.message??Vr(e.reference,l.lang)??(u?Gr(l.lang):null)??s.message??Hr(l.lang);p!==void 0&&(l.message=typeof p=="function"?p(l):p),u&&(n.typed=!1),n.issues?n.issues.push(l):n.issues=[l]}function zr(e,t){return Object.prototype.hasOwnProperty.call(e,t)&&t!=="__proto__"&&t!=="prototype"&&t!=="constructor"}function Xr(e,t){let n=[...new Set(e)];return n.length>1?`(${n.join(` ${t} `)})`:n[0]??"never"}function L(e){return e["~standard"]={version:1,vendor:"valibot",validate:t=>e["~run"]({value:t},rn())},e}var Kr=class extends Error{constructor(e){super(e[0].message),this.name="ValiError",this.issues=e}};var Eo=new RegExp("^(?:[\\u{1F1E6}-\\u{1F1FF}]{2}|\\u{1F3F4}[\\u{E0061}-\\u{E007A}]{2}[\\u{E0030}-\\u{E0039}\\u{E0061}-\\u{E007A}]{1,3}\\u{E007F}|(?:\\p{Emoji}\\uFE0F\\u20E3?|\\p{Emoji_Modifier_Base}\\p{Emoji_Modifier}?|(?![\\p{Emoji_Modifier_Base}\\u{1F1E6}-\\u{1F1FF}])\\p{Emoji_Presentation})(?:\\u200D(?:\\p{Emoji}\\uFE0F\\u20E3?|\\p{Emoji_Modifier_Base}\\p{Emoji_Modifier}?|(?![\\p{Emoji_Modifier_Base}\\u{1F1E6}-\\u{1F1FF}])\\p{Emoji_Presentation}))*)+$","u");function Ie(e){return{kind:"validation",type:"integer",reference:Ie,async:!1,expects:null,requirement:Number.isInteger,message:e,"~run"(t,n){return t.typed&&!this.requirement(t.value)&&_(this,"integer",t,n),t}}}function X(e,t){return{kind:"validation",type:"min_length",reference:X,async:!1,expects:`>=${e}`,requirement:e,message:t,"~run"(n,s){return n.typed&&n.value.length<this.requirement&&_(this,"length",n,s,{received:`${n.value.length}`}),n}}}function xe(e,t){return{kind:"validation",type:"min_value",reference:xe,async:!1,expects:`>=${e instanceof Date?e.toJSON():Ne(e)}`,requirement:e,message:t,"~run"(n,s){return n.typed&&!(n.value>=this.requirement)&&_(this,"value",n,s,{received:n.value instanceof Date?n.value.toJSON():Ne(n.value)}),n}}}function Yr(e,t,n){return typeof e.fallback=="function"?e.fallback(t,n):e.fallback}function sn(e,t,n){return typeof e.default=="function"?e.default(t,n):e.default}function K(e,t){return L({kind:"schema",type:"array",reference:K,expects:"Array",async:!1,item:e,message:t,"~run"(n,s){let r=n.value;if(Array.isArray(r)){n.typed=!0,n.value=[];for(let i=0;i<r.length;i++){let o=r[i],a=this.item["~run"]({value:o},s);if(a.issues){let l={type:"array",origin:"value",input:r,key:i,value:o};for(let u of a.issues)u.path?u.path.unshift(l):u.path=[l],n.issues?.push(u);if(n.issues||(n.issues=a.issues),s.abortEarly){n.typed=!1;break}}a.typed||(n.typed=!1),n.value.push(a.value)}}else _(this,"type",n,s);return n}})}function Oe(e){return L({kind:"schema",type:"number",reference:Oe,expects:"number",async:!1,message:e,"~run"(t,n){return typeof t.value=="number"&&!isNaN(t.value)?t.typed=!0:_(this,"type",t,n),t}})}function f(e,t){return L({kind:"schema",type:"optional",reference:f,expects:`(${e.expects} | undefined)`,async:!1,wrapped:e,default:t,"~run"(n,s){return n.value===void 0&&(this.default!==void 0&&(n.value=sn(this,n,s)),n.value===void 0)?(n.typed=!0,n):this.wrapped["~run"](n,s)}})}function rt(e,t){return L({kind:"schema",type:"picklist",reference:rt,expects:Xr(e.map(Ne),"|"),async:!1,options:e,message:t,"~run"(n,s){return this.options.includes(n.value)?n.typed=!0:_(this,"type",n,s),n}})}function st(e,t,n){return L({kind:"schema",type:"record",reference:st,expects:"Object",async:!1,key:e,value:t,message:n,"~run"(s,r){let i=s.value;if(i&&typeof i=="object"){s.typed=!0,s.value={};for(let o in i)if(zr(i,o)){let a=i[o],l=this.key["~run"]({value:o},r);if(l.issues){let p={type:"object",origin:"key",input:i,key:o,value:a};for(let c of l.issues)c.path=[p],s.issues?.push(c);if(s.issues||(s.issues=l.issues),r.abortEarly){s.typed=!1;break}}let u=this.value["~run"]({value:a},r);if(u.issues){let p={type:"object",origin:"value",input:i,key:o,value:a};for(let c of u.issues)c.path?c.path.unshift(p):c.path=[p],s.issues?.push(c);if(s.issues||(s.issues=u.issues),r.abortEarly){s.typed=!1;break}}(!l.typed||!u.typed)&&(s.typed=!1),l.typed&&(s.value[l.value]=u.value)}}else _(this,"type",s,r);return s}})}function D(e,t){return L({kind:"schema",type:"strict_object",reference:D,expects:"Object",async:!1,entries:e,message:t,"~run"(n,s){let r=n.value;if(r&&typeof r=="object"){n.typed=!0,n.value={};for(let i in this.entries){let o=this.entries[i];if(i in r||(o.type==="exact_optional"||o.type==="optional"||o.type==="nullish")&&o.default!==void 0){let a=i in r?r[i]:sn(o),l=o["~run"]({value:a},s);if(l.issues){let u={type:"object",origin:"value",input:r,key:i,value:a};for(let p of l.issues)p.path?p.path.unshift(u):p.path=[u],n.issues?.push(p);if(n.issues||(n.issues=l.issues),s.abortEarly){n.typed=!1;break}}l.typed||(n.typed=!1),n.value[i]=l.value}else if(o.fallback!==void 0)n.value[i]=Yr(o);else if(o.type!=="exact_optional"&&o.type!=="optional"&&o.type!=="nullish"&&(_(this,"key",n,s,{input:void 0,expected:`"${i}"`,path:[{type:"object",origin:"key",input:r,key:i,value:r[i]}]}),s.abortEarly))break}if(!n.issues||!s.abortEarly){for(let i in r)if(!Object.prototype.hasOwnProperty.call(this.entries,i)){_(this,"key",n,s,{input:i,expected:"never",path:[{type:"object",origin:"key",input:r,key:i,value:r[i]}]});break}}}else _(this,"type",n,s);return n}})}function $(e){return L({kind:"schema",type:"string",reference:$,expects:"string",async:!1,message:e,"~run"(t,n){return typeof t.value=="string"?t.typed=!0:_(this,"type",t,n),t}})}function on(e,t,n){let s=e["~run"]({value:t},rn(n));if(s.issues)throw new Kr(s.issues);return s.value}function F(...e){return L({...e[0],pipe:e,"~run"(t,n){for(let s of e)if(s.kind!=="metadata"){if(t.issues&&(s.kind==="schema"||s.kind==="transformation")){t.typed=!1;break}(!t.issues||!n.abortEarly&&!n.abortPipeEarly)&&(t=s["~run"](t,n))}return t}})}var ue={ok:0,failure:1,invalidInput:2,io:3,config:4,ledger:5,refused:6,internal:70},an=Symbol.for("continuity.CliError"),P=class extends Error{constructor(n,s=ue.invalidInput){super(n);this.exitCode=s;this.name="CliError"}exitCode;[an]=!0;static[Symbol.hasInstance](n){return typeof n=="object"&&n!==null&&n[an]===!0}};var Le=F(Oe(),Ie(),xe(1)),Zr=F(Oe(),Ie(),xe(0)),ln=D({$schema:f($()),stopGate:f(D({maxConsecutiveBlocks:f(Le,3)}),{}),watchdog:f(D({slaSeconds:f(Le,900),forwardGraceSeconds:f(Zr,30),attemptTimeoutSeconds:f(Le,300),slaSecondsByAgentType:f(st($(),Le),{})}),{}),protect:f(K(F($(),X(1))),[]),approval:f(D({phrases:f(K(F($(),X(1))),["approve","approved","/approve"])}),{}),summaries:f(D({paths:f(K(F($(),X(1))),[".superpowers/sdd/{plan}/task-{task}-summary.md","docs/plans/{plan}/task-{task}-summary.md"])}),{}),sandbox:f(D({mode:f(rt(["required","preferred","off"]),"required")}),{}),highRiskStops:f(K(F($(),X(1))),[])}),Qr=on(ln,{});var ts=(0,un.join)(y,G);var Y=['{"tool_name":"','"tool_input":{"','"tool_use_id":"toolu_01','"tool_use_id":"',',"tool_response":{"','{"$sha256":"','","bytes":',',"head":"','{"$same":"tool_input.','file_path":"','filePath":"','content":','structuredPatch":','originalFile":','old_string":"','new_string":"','command":"','description":"','stdout":"','stderr":"'],$e=[1,2,3,4,5,6,7,8,11,12,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31];if(Y.length>$e.length)throw new Error("more pack words than codes");var cn=e=>`'${e.replace(/'/g,"''")}'`;function pn(e){return`(${e} NOT GLOB '*[' || char(${$e.slice(0,Y.length).join(", ")}) || ']*')`}var De=5;function dn(e){let t=e;for(let n=0;n<Y.length;n+=De)t=`(SELECT ${Y.slice(n,n+De).reduce((r,i,o)=>`replace(${r}, ${cn(i)}, char(${$e[n+o]}))`,"v")} FROM (SELECT ${t} AS v))`;return t}function fn(e){let t=e;for(let n=0;n<Y.length;n+=De)t=`(SELECT ${Y.slice(n,n+De).reduce((r,i,o)=>`replace(${r}, char(${$e[n+o]}), ${cn(i)})`,"v")} FROM (SELECT ${t} AS v))`;return t}var hn='{"action":"none","output":null}',mn=1,ns="'[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9].[0-9][0-9][0-9]Z'";function at(e){return`CASE WHEN typeof(${e}) = 'integer' THEN strftime('%Y-%m-%dT%H:%M:%S', ${e} / 1000, 'unixepoch') || '.' || substr(1000 + ${e} % 1000, 2) || 'Z' ELSE ${e} END`}function rs(e){return`(CAST(strftime('%s', ${e}) AS INTEGER) * 1000 + CAST(substr(${e}, 21, 3) AS INTEGER))`}function Ce(e){let t=rs(e);return`CASE WHEN typeof(${e}) = 'text' AND ${e} GLOB ${ns} AND ${t} >= 0 AND (${at(t)}) = ${e} THEN ${t} ELSE ${e} END`}function je(e){return`CASE WHEN ${e} = '${hn}' THEN 0 ELSE ${e} END`}function gn(e){return`CASE WHEN typeof(${e}) = 'integer' THEN '${hn}' ELSE ${e} END`}var m=e=>`(SELECT id FROM event_names WHERE name = ${e})`;function Me(e){return`INSERT OR IGNORE INTO event_names (name) SELECT v FROM (SELECT ${e}source AS v UNION ALL SELECT ${e}kind UNION ALL SELECT ${e}session_id UNION ALL SELECT ${e}client) WHERE v IS NOT NULL;`}var yn=32,ss=`
  SELECT p.id AS pre, CASE WHEN substr(NEW.input, 1, length(p.input) - 1) = substr(p.input, 1, length(p.input) - 1) THEN length(p.input) - 1
         WHEN instr(p.input, t.v) > 0
           AND substr(NEW.input, 1, instr(p.input, t.v) + length(t.v) - 1) = substr(p.input, 1, instr(p.input, t.v) + length(t.v) - 1)
         THEN instr(p.input, t.v) + length(t.v) - 1 END AS len
    FROM (SELECT '"tool_input":' || json_extract(NEW.input, '$.tool_input') AS v, json_extract(NEW.input, '$.tool_use_id') AS tid
           WHERE NEW.session_id IS NOT NULL AND json_valid(NEW.input)) t
    JOIN event_rows p ON t.tid IS NOT NULL AND t.v IS NOT NULL AND p.id = (
      SELECT r.id FROM event_rows r
       WHERE r.session = ${m("NEW.session_id")} AND r.id > (SELECT max(id) FROM event_rows) - ${yn} AND r.pre IS NULL
         AND json_valid(r.input) AND json_extract(r.input, '$.tool_use_id') = t.tid
       ORDER BY r.id DESC LIMIT 1)`,ot="CASE WHEN e.pre IS NULL THEN e.input ELSE (SELECT substr(p.input, 1, e.pre_len) FROM event_rows p WHERE p.id = e.pre) || e.input END",is=`
  CREATE VIEW events (id, at, source, kind, session_id, input, decision, spool_id, client) AS
    SELECT e.id, ${at("e.at")}, src.name, k.name, s.name, ${ot}, ${gn("e.decision")},
           CASE WHEN e.spooled THEN 'spool' END, c.name
      FROM event_rows e
      JOIN event_names src ON src.id = e.source
      JOIN event_names k ON k.id = e.kind
      LEFT JOIN event_names s ON s.id = e.session
      LEFT JOIN event_names c ON c.id = e.client;
  -- Written as the table was: an insert's names are interned, its time and decision encoded, its input kept as the rest after its tool call's earlier event.
  CREATE TRIGGER events_insert INSTEAD OF INSERT ON events BEGIN
    ${Me("NEW.")}
    INSERT INTO event_rows (id, at, source, kind, session, input, decision, spooled, client, pre, pre_len)
      SELECT NEW.id, ${Ce("NEW.at")}, ${m("NEW.source")}, ${m("NEW.kind")}, ${m("NEW.session_id")},
             CASE WHEN m.len > 0 THEN substr(NEW.input, m.len + 1) ELSE NEW.input END,
             ${je("NEW.decision")}, CASE WHEN NEW.spool_id IS NOT NULL THEN 1 END, ${m("NEW.client")},
             CASE WHEN m.len > 0 THEN m.pre END, CASE WHEN m.len > 0 THEN m.len END
        FROM (SELECT 1) LEFT JOIN (${ss}) m;
  END;
  CREATE TRIGGER events_update INSTEAD OF UPDATE ON events BEGIN
    ${Me("NEW.")}
    UPDATE event_rows SET id = NEW.id, at = ${Ce("NEW.at")}, source = ${m("NEW.source")}, kind = ${m("NEW.kind")},
      session = ${m("NEW.session_id")}, input = NEW.input, pre = NULL, pre_len = NULL, decision = ${je("NEW.decision")},
      spooled = CASE WHEN NEW.spool_id IS NOT NULL THEN 1 END, client = ${m("NEW.client")}
      WHERE id = OLD.id;
  END;
  CREATE TRIGGER events_delete INSTEAD OF DELETE ON events BEGIN
    DELETE FROM event_rows WHERE id = OLD.id;
  END;
`,En=`
  ALTER TABLE events RENAME TO events_old;
  CREATE TABLE event_names (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
  INSERT INTO event_names (id, name) VALUES (${mn}, 'Stop');
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
  ${is}
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
  CREATE INDEX event_rows_stop_blocks ON event_rows (id) WHERE kind = ${mn} AND json_extract(decision, '$.action') IN ('block', 'allow_after_limit');
  CREATE TRIGGER events_counted AFTER INSERT ON event_rows BEGIN UPDATE event_count SET n = n + 1; END;
  CREATE TRIGGER events_uncounted AFTER DELETE ON event_rows BEGIN UPDATE event_count SET n = n - 1; END;
`;var it=1,We=2,lt=pn("NEW.input"),Pe=e=>`CASE WHEN ${lt} THEN ${dn(e)} ELSE ${e} END`,os=`
  SELECT p.id AS pre, CASE WHEN substr(t.n, 1, length(p.input) - 1) = substr(p.input, 1, length(p.input) - 1) THEN length(p.input) - 1
         WHEN instr(p.input, t.v) > 0
           AND substr(t.n, 1, instr(p.input, t.v) + length(t.v) - 1) = substr(p.input, 1, instr(p.input, t.v) + length(t.v) - 1)
         THEN instr(p.input, t.v) + length(t.v) - 1 END AS len
    FROM (SELECT ${Pe("NEW.input")} AS n, ${Pe(`'"tool_input":' || json_extract(NEW.input, '$.tool_input')`)} AS v,
                 ${Pe(`'"tool_use_id":' || json_quote(json_extract(NEW.input, '$.tool_use_id'))`)} AS tid,
                 CASE WHEN ${lt} THEN ${We} ELSE 0 END AS packed
           WHERE NEW.session_id IS NOT NULL AND json_valid(NEW.input) AND json_extract(NEW.input, '$.tool_use_id') IS NOT NULL LIMIT 1) t
    JOIN event_rows p ON t.v IS NOT NULL AND p.id = (
      SELECT r.id FROM event_rows r
       WHERE r.session = ${m("NEW.session_id")} AND r.id > (SELECT max(id) FROM event_rows) - ${yn} AND r.pre IS NULL
         AND coalesce(r.flags, 0) & ${We} = t.packed AND instr(r.input, t.tid) > 0
       ORDER BY r.id DESC LIMIT 1)`,as=`
  CREATE VIEW events (id, at, source, kind, session_id, input, decision, spool_id, client) AS
    SELECT e.id, ${at("e.at")}, src.name, k.name, s.name,
           CASE WHEN e.flags & ${We} THEN ${fn(ot)} ELSE ${ot} END, ${gn("e.decision")},
           CASE WHEN e.flags & ${it} THEN 'spool' END, c.name
      FROM event_rows e
      JOIN event_names src ON src.id = e.source
      JOIN event_names k ON k.id = e.kind
      LEFT JOIN event_names s ON s.id = e.session
      LEFT JOIN event_names c ON c.id = e.client;
  -- Written as the table was: an insert's names are interned, its time and decision encoded, its input packed and kept as the rest after its tool call's earlier event.
  CREATE TRIGGER events_insert INSTEAD OF INSERT ON events BEGIN
    ${Me("NEW.")}
    INSERT INTO event_rows (id, at, source, kind, session, input, decision, flags, client, pre, pre_len)
      SELECT NEW.id, ${Ce("NEW.at")}, ${m("NEW.source")}, ${m("NEW.kind")}, ${m("NEW.session_id")},
             CASE WHEN m.len > 0 THEN substr(x.v, m.len + 1) ELSE x.v END,
             ${je("NEW.decision")},
             nullif(CASE WHEN NEW.spool_id IS NOT NULL THEN ${it} ELSE 0 END | CASE WHEN ${lt} THEN ${We} ELSE 0 END, 0),
             ${m("NEW.client")}, CASE WHEN m.len > 0 THEN m.pre END, CASE WHEN m.len > 0 THEN m.len END
        FROM (SELECT ${Pe("NEW.input")} AS v LIMIT 1) x LEFT JOIN (${os}) m;
  END;
  CREATE TRIGGER events_update INSTEAD OF UPDATE ON events BEGIN
    ${Me("NEW.")}
    UPDATE event_rows SET id = NEW.id, at = ${Ce("NEW.at")}, source = ${m("NEW.source")}, kind = ${m("NEW.kind")},
      session = ${m("NEW.session_id")}, input = NEW.input, pre = NULL, pre_len = NULL, decision = ${je("NEW.decision")},
      flags = CASE WHEN NEW.spool_id IS NOT NULL THEN ${it} END, client = ${m("NEW.client")}
      WHERE id = OLD.id;
  END;
  CREATE TRIGGER events_delete INSTEAD OF DELETE ON events BEGIN
    DELETE FROM event_rows WHERE id = OLD.id;
  END;
`,vn=`
  DROP VIEW events;
  ALTER TABLE event_rows RENAME COLUMN spooled TO flags;
  ${as}
`;var Ue="session = OLD.session AND source = OLD.source AND client = coalesce(OLD.client, 0)",bn=`
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
    UPDATE session_tally SET n = n - 1 WHERE ${Ue};
    DELETE FROM session_tally WHERE ${Ue} AND n <= 0;
  END;
  -- An event moved to another session, source, client or time: out of the old tally, into the new (a tally's times only widen).
  CREATE TRIGGER session_tally_update_old AFTER UPDATE OF session, source, client, at ON event_rows WHEN OLD.session IS NOT NULL BEGIN
    UPDATE session_tally SET n = n - 1 WHERE ${Ue};
    DELETE FROM session_tally WHERE ${Ue} AND n <= 0;
  END;
  CREATE TRIGGER session_tally_update_new AFTER UPDATE OF session, source, client, at ON event_rows WHEN NEW.session IS NOT NULL BEGIN
    INSERT INTO session_tally (session, source, client, first_at, last_at, n) VALUES (NEW.session, NEW.source, coalesce(NEW.client, 0), NEW.at, NEW.at, 1)
      ON CONFLICT (session, source, client) DO UPDATE SET first_at = min(first_at, excluded.first_at), last_at = max(last_at, excluded.last_at), n = n + 1;
  END;
`;var kn=[`
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
  `,En,vn,bn],ls=kn.length;var us=/^\[redacted:[a-z-]+:hmac=[0-9a-f]{16}\]$/;function _n(e){return us.test(e)}function ct(e,t,n){return`[redacted:${e}:hmac=${Vt(n,t).slice(0,16)}]`}function ce(e){return e===""||/^(?:\$|%|\{|<|\[redacted:|process\.env|os\.environ|env\.)/.test(e)}var R="(?<![A-Za-z0-9_-])",h=(...e)=>t=>e.some(n=>t.includes(n)),cs=h("key","token","secret","passw","passphrase","credential"),wn="[A-Za-z0-9_-]*?(?:[_-]KEY|APIKEY|ACCESSKEY|SECRETKEY|PRIVATEKEY|TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|CREDENTIALS?)[A-Za-z0-9_-]*",jo=new RegExp(`^${wn}$`,"i"),ps=/(?:[_-](?:file|path|dir|id|name|type|url|uri|env|length|len|size|count|ttl|expiry|expires|expires[_-]at|header|field|param|limit|stdin|prefix)|tokens|tokenizer|tokenize)$/i,ds=/^(?:string|number|boolean|bool|any|unknown|object|null|nil|none|undefined|true|false|yes|no|str|int|bytes|optional|required)[;,]?$/i;var fs=[{kind:"private-key",hint:h("-----begin"),re:/(?<s>-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|$))/g},{kind:"anthropic",hint:h("sk-ant-"),re:new RegExp(`${R}(?<s>sk-ant-[A-Za-z0-9_-]{20,})`,"g")},{kind:"openai",hint:h("sk-"),re:new RegExp(`${R}(?<s>sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,})`,"g")},{kind:"stripe",hint:h("k_live_","k_test_"),re:new RegExp(`${R}(?<s>(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{16,})`,"g")},{kind:"github",hint:h("ghp_","gho_","ghu_","ghs_","ghr_","github_pat_"),re:new RegExp(`${R}(?<s>gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})`,"g")},{kind:"gitlab",hint:h("glpat-"),re:new RegExp(`${R}(?<s>glpat-[A-Za-z0-9_-]{20,})`,"g")},{kind:"slack",hint:h("xox"),re:new RegExp(`${R}(?<s>xox[abprs]-[A-Za-z0-9-]{10,})`,"g")},{kind:"aws",hint:h("akia","asia"),re:/(?<![A-Za-z0-9])(?<s>(?:AKIA|ASIA)[A-Z0-9]{16})(?![A-Za-z0-9])/g},{kind:"google",hint:h("aiza"),re:new RegExp(`${R}(?<s>AIza[0-9A-Za-z_-]{35})`,"g")},{kind:"npm",hint:h("npm_"),re:new RegExp(`${R}(?<s>npm_[A-Za-z0-9]{36})`,"g")},{kind:"huggingface",hint:h("hf_"),re:new RegExp(`${R}(?<s>hf_[A-Za-z0-9]{30,})`,"g")},{kind:"jwt",hint:h("eyj"),re:new RegExp(`${R}(?<s>eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]*)`,"g")},{kind:"authorization",hint:h("authorization"),re:/(?<pre>\b(?:Proxy-)?Authorization["']?\s*[:=]\s*["']?(?:(?:Bearer|Basic|Token|Bot|Negotiate|Digest)\s+)?)(?<s>[^\s'"\\]+)/gi,keep:ce},{kind:"bearer",hint:h("bearer"),re:/(?<pre>\bBearer\s+)(?<s>[A-Za-z0-9._~+/-]{16,}=*)/g,keep:e=>!/\d/.test(e)},{kind:"password",hint:h("-u","--user","--proxy-user"),re:/(?<pre>(?:^|[\s"'])(?:-u\s*|--(?:proxy-)?user(?:\s+|=))["']?[^\s:'"]*:)(?<s>[^\s'"]+)/g,keep:ce},{kind:"flag",hint:e=>e.includes("--")&&h("pass","token","secret","api-key","apikey","access-key")(e),re:/(?<pre>(?:^|[\s"'])--(?:[A-Za-z0-9]+-)*(?:password|passwd|pass|token|secret|api-key|apikey|access-key|secret-key|client-secret|auth-token)(?:\s+|=)["']?)(?<s>[^\s'"]+)/gi,keep:e=>ce(e)||e.startsWith("-")},{kind:"url-password",hint:e=>e.includes("://")&&e.includes("@"),re:/(?<pre>\b[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s/@:'"[]*:)(?<s>[^\s/@'"]+)(?=@)/g,keep:ce},{kind:"secret",hint:cs,re:new RegExp(`(?<pre>(?<![A-Za-z0-9_-]|\\[redacted:)["']?(?<name>${wn})["']?\\s*(?::(?!:)|=(?![=>]))\\s*)(?:"(?<dq>[^"\\n]*)"|'(?<sq>[^'\\n]*)'|(?<s>[^\\s'",;&|)}\\]]+))`,"gi"),keep:(e,t)=>ps.test(t.name)||ce(e)||ds.test(e)||e.includes("(")}];function H(e,t){if(e.length<4||_n(e))return e;let n=hs(e,t),s=e.toLowerCase();for(let r of fs)r.hint(s)&&(r.re.lastIndex=0,n=n.replace(r.re,(i,...o)=>{let a=o[o.length-1],l=a.dq!==void 0?'"':a.sq!==void 0?"'":"",u=a.s??a.dq??a.sq??"";return u===""||r.keep&&r.keep(u,a)?i:`${a.pre??""}${l}${ct(r.kind,u,t)}${l}`}));return n}function ut(e){let t=e.replace(/\\/g,"/"),n=t.slice(t.lastIndexOf("/")+1).toLowerCase();return n===".env"||n.endsWith(".env")?!0:n.startsWith(".env.")?!/^\.env\.(?:example|sample|template|dist|defaults)$/.test(n):/\.(?:pem|key|p12|pfx|jks|keystore|ppk)$/.test(n)||/^id_[a-z0-9_]+$/.test(n)||[".npmrc",".netrc","_netrc",".pypirc",".git-credentials",".pgpass"].includes(n)?!0:n==="credentials"&&t.toLowerCase().endsWith(".aws/credentials")}var ms=/^(?:\*\*\* (?:Add|Update|Delete) File: (?<a>.+)|\*\*\* Move to: (?<m>.+)|diff --git a\/\S+ b\/(?<g>\S+)|\+\+\+ (?:b\/)?(?<u>\S+).*|--- (?:a\/)?(?<o>\S+).*|\*\*\* (?:Begin|End) Patch)$/;function hs(e,t){if(!/^(?:\*\*\* |diff --git |\+\+\+ )/m.test(e))return e;let n=e.split(`
`),s=[],r=!1,i=[],o=()=>{i.length&&s.push(ct("secret-file",i.join(`
`),t)),i=[]};for(let a of n){let l=ms.exec(a);if(l){o();let u=l.groups,p=u.a??u.m??u.g??u.u??u.o;u.u!==void 0?r=r||ut(p):r=p!==void 0&&ut(p),s.push(a)}else r?i.push(a):s.push(a)}return o(),s.join(`
`)}function Es(e=""){let t=e?`${e}.`:"";return`coalesce(${t}client, CASE WHEN ${t}source LIKE 'hook:%' THEN substr(${t}source, 6) END, 'unknown')`}var vs=Es();function C(e,t){e.run("INSERT INTO violations (at, session_id, kind, summary, event_id) VALUES (?, ?, ?, ?, ?)",t.at,t.sessionId,t.kind,H(t.summary,N(e)),t.eventId)}var _a=1024*1024;var wa=16*1024*1024;var La=typeof process<"u"?process.env.CONTINUITY_STAGES:void 0,bs=Symbol.for("continuity.stage-marks"),Da=globalThis[bs]??=[];var J=require("node:path");function Fe(e){let t=(0,J.basename)(e.path);return(0,J.join)(".superpowers","sdd",t.slice(0,t.length-(0,J.extname)(t).length),"progress.md").split("\\").join("/")}var q=require("node:fs"),Z=require("node:path");var ws=["config","config.worktree","info/attributes"];function Sn(e,t){let n=j(e),s=new Set,r=new Set,i=l=>{for(let u of ws)s.add(`${l}/${u}`);r.add(`${l}/hooks`)};if(i(`${n}/.git`),t.dotGit==="file"&&(s.add(`${n}/.git`),t.gitdir)){let l=j(t.gitdir);i(l),s.add(`${l}/commondir`)}let o=j(t.commondir??(t.dotGit==="file"?t.gitdir??`${n}/.git`:`${n}/.git`));i(o);for(let l of t.worktrees??[])s.add(`${j(l)}/config.worktree`),s.add(`${j(l)}/commondir`);for(let l of t.modules??[])s.add(`${j(l)}/config`),r.add(`${j(l)}/hooks`);t.hooksPath&&r.add(j(t.hooksPath));let a=l=>[...r].some(u=>l.startsWith(`${u}/`));return{files:[...s].filter(l=>!a(l)).sort(),dirs:[...r].filter(l=>![...r].some(u=>u!==l&&l.startsWith(`${u}/`))).sort()}}function j(e){return e.length>1?e.replace(/\/+$/,""):e}function Ts(e){let t=[],n="";for(let s of e.split(/\r?\n/)){let r=s.trim();if(!r||r.startsWith("#")||r.startsWith(";"))continue;let i=/^\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\](.*)$/.exec(r);if(i){let a=i[2]!==void 0?`.${i[2].replace(/\\(.)/g,"$1")}`:"";if(n=`${i[1].toLowerCase()}${a}`,r=i[3].trim(),!r)continue}let o=/^([A-Za-z][A-Za-z0-9-]*)\s*(?:=\s*(.*))?$/.exec(r);!o||!n||t.push({key:`${n}.${o[1].toLowerCase()}`,value:Ss(o[2]??"true")})}return t}function Ss(e){let t="",n=!1;for(let s=0;s<e.length;s++){let r=e[s];if(r==='"')n=!n;else if(r==="\\"&&s+1<e.length)t+=e[++s]==="n"?`
`:e[s];else{if(!n&&(r==="#"||r===";"))break;t+=r}}return t.trim()}function An(...e){let t=null;for(let n of e)for(let s of Ts(n??""))s.key==="core.hookspath"&&s.value&&(t=s.value);return t}var As=8;function Rs(e){let t=`${e}/.git`,n=(0,q.lstatSync)(t,{throwIfNoEntry:!1}),s=n?n.isDirectory()?"dir":"file":"absent",r={dotGit:s},i=t;if(s==="file"){let c=/^gitdir:\s*(.+?)\s*$/m.exec(pe(t)??"");if(!c)return r;i=pt(e,c[1]),r.gitdir=i}if(s==="absent")return r;let o=pe(`${i}/commondir`)?.trim(),a=o?pt(i,o):i;o&&(r.commondir=a);let l=An(pe(`${a}/config`),pe(`${a}/config.worktree`),i===a?null:pe(`${i}/config.worktree`));l&&(r.hooksPath=l.startsWith("~/")?`${process.env.HOME??""}/${l.slice(2)}`:pt(e,l));let u=dt(`${a}/modules`,0);u.length&&(r.modules=u);let p=Rn(`${a}/worktrees`).map(c=>`${a}/worktrees/${c}`);return p.length&&(r.worktrees=p),r}function He(e){let{files:t,dirs:n}=Sn(e,Rs(e)),s=r=>r.startsWith(`${e}/`)?r.slice(e.length+1):r;return[...t.map(s),...n.map(r=>`${s(r)}/**`)]}function dt(e,t){if(t>As)return[];let n=[];for(let s of Rn(e)){let r=`${e}/${s}`;(0,q.lstatSync)(`${r}/HEAD`,{throwIfNoEntry:!1})?(n.push(r),n.push(...dt(`${r}/modules`,t+1))):n.push(...dt(r,t+1))}return n}function Rn(e){try{return(0,q.readdirSync)(e,{withFileTypes:!0}).filter(t=>t.isDirectory()).map(t=>t.name).sort()}catch{return[]}}function pt(e,t){return Z.posix.normalize((0,Z.isAbsolute)(t)?t:(0,Z.resolve)(e,t))}function pe(e){try{return(0,q.readFileSync)(e,"utf8")}catch{return null}}var b=require("node:path");var xs="git runs what it holds (a hook, or a command its config names) at the person's next git command, outside the agent's hooks; a person changes it at their own terminal (`git remote add`, `git branch -u`), and `continuity config accept` records a change made while the agent works";async function mt(e,t,n){let{root:s,cwd:r,plan:i}=t,o=k(s,t.patterns),a=i?(0,b.isAbsolute)(i.path)?i.path:(0,b.join)(s,i.path):null,l=/approved/i.test(e)&&a!==null,u=[...be(t.patterns),...l?[(0,b.basename)(a)]:[]],p=w=>o(w)||l&&w===a,c;try{let{analyzeCommand:w}=await Promise.resolve().then(()=>er(require("./analyze.cjs"),1));c=await w(e,{cwd:r,projectRoot:s,isProtected:p,protectedNames:u})}catch(w){return de(n,u[0]??".continuity",`the command could not be analysed (${w.message.split(`
`)[0]}) and names a guarded path`,"Bash")}if(c.verdict==="allow")return Nn(c.reason);let g=c.writes[0];if(l&&g&&g.path===a)return de(n,qe(s,g.path),"only continuity writes the Approved line of a plan, when a person approves it",`Bash (${g.via})`);if(g&&!p(g.path)&&!g.path.includes("${")){let w=T=>(0,b.isAbsolute)(T)?T:(0,b.join)(s,T),Vn=T=>w(T).startsWith(`${g.path.replace(/\/+$/,"")}/`),yt=u.find(T=>Vn(T)&&o(w(T)))??u.find(T=>o(w(T)))??u[0]??y,zn=qe(s,g.path)||"the project folder";return de(n,zn,`it holds ${yt}, which is guarded: ${ft(yt,i,s)}`,`Bash (${g.via})`)}let fe=g?qe(s,g.path)||".":u[0]??"";return de(n,fe,ft(fe,i,s),g?`Bash (${g.via})`:"Bash")}function ft(e,t,n){return e===y||e.startsWith(`${y}/`)?"continuity's ledger and config are written only by continuity":k(n,O(n))((0,b.isAbsolute)(e)?e:(0,b.join)(n,e))?"it is part of what runs the agent's hooks (continuity's program, or the client's config that loads it): changed or removed, no hook would decide anything after it":U(e)?"it wires the agent's hooks and sandbox: a person edits it, outside the agent, and `continuity config accept` records the edit":t&&t.state!=="approved"&&t.state!=="complete"&&(e===t.path||e===Fe(t))?`it is the progress tracker of plan ${t.id}, which is ${t.state==="stale"?"stale (changed after approval)":"not approved"}; its execution has not been authorised`:k(n,He(n))((0,b.isAbsolute)(e)?e:(0,b.join)(n,e))?xs:"it is listed in the config's protect list"}var ht="guarded_write_denied";function de(e,t,n,s){return{output:{hookSpecificOutput:{hookEventName:"PreToolUse",permissionDecision:"deny",permissionDecisionReason:`continuity: ${t} is guarded: ${n}. The write (${s}) was not made.`}},decision:{action:"deny",path:t,via:s,why:n},persist:(i,o)=>C(i,{at:e.now,sessionId:e.payload.session_id,kind:ht,summary:gt(t,n,s),eventId:o})}}function gt(e,t,n){return`${n} to ${e} denied: ${t}`}function Nn(e){return{output:null,decision:{action:"allow",why:e}}}function qe(e,t){let n=(0,b.relative)(e,t);return n.startsWith("..")?t:n}var In;(function(e){e[e.lineFeed=10]="lineFeed",e[e.carriageReturn=13]="carriageReturn",e[e.space=32]="space",e[e._0=48]="_0",e[e._1=49]="_1",e[e._2=50]="_2",e[e._3=51]="_3",e[e._4=52]="_4",e[e._5=53]="_5",e[e._6=54]="_6",e[e._7=55]="_7",e[e._8=56]="_8",e[e._9=57]="_9",e[e.a=97]="a",e[e.b=98]="b",e[e.c=99]="c",e[e.d=100]="d",e[e.e=101]="e",e[e.f=102]="f",e[e.g=103]="g",e[e.h=104]="h",e[e.i=105]="i",e[e.j=106]="j",e[e.k=107]="k",e[e.l=108]="l",e[e.m=109]="m",e[e.n=110]="n",e[e.o=111]="o",e[e.p=112]="p",e[e.q=113]="q",e[e.r=114]="r",e[e.s=115]="s",e[e.t=116]="t",e[e.u=117]="u",e[e.v=118]="v",e[e.w=119]="w",e[e.x=120]="x",e[e.y=121]="y",e[e.z=122]="z",e[e.A=65]="A",e[e.B=66]="B",e[e.C=67]="C",e[e.D=68]="D",e[e.E=69]="E",e[e.F=70]="F",e[e.G=71]="G",e[e.H=72]="H",e[e.I=73]="I",e[e.J=74]="J",e[e.K=75]="K",e[e.L=76]="L",e[e.M=77]="M",e[e.N=78]="N",e[e.O=79]="O",e[e.P=80]="P",e[e.Q=81]="Q",e[e.R=82]="R",e[e.S=83]="S",e[e.T=84]="T",e[e.U=85]="U",e[e.V=86]="V",e[e.W=87]="W",e[e.X=88]="X",e[e.Y=89]="Y",e[e.Z=90]="Z",e[e.asterisk=42]="asterisk",e[e.backslash=92]="backslash",e[e.closeBrace=125]="closeBrace",e[e.closeBracket=93]="closeBracket",e[e.colon=58]="colon",e[e.comma=44]="comma",e[e.dot=46]="dot",e[e.doubleQuote=34]="doubleQuote",e[e.minus=45]="minus",e[e.openBrace=123]="openBrace",e[e.openBracket=91]="openBracket",e[e.plus=43]="plus",e[e.slash=47]="slash",e[e.formFeed=12]="formFeed",e[e.tab=9]="tab"})(In||(In={}));var Ls=new Array(20).fill(0).map((e,t)=>" ".repeat(t)),Q=200,Ds={" ":{"\n":new Array(Q).fill(0).map((e,t)=>`
`+" ".repeat(t)),"\r":new Array(Q).fill(0).map((e,t)=>"\r"+" ".repeat(t)),"\r\n":new Array(Q).fill(0).map((e,t)=>`\r
`+" ".repeat(t))},"	":{"\n":new Array(Q).fill(0).map((e,t)=>`
`+"	".repeat(t)),"\r":new Array(Q).fill(0).map((e,t)=>"\r"+"	".repeat(t)),"\r\n":new Array(Q).fill(0).map((e,t)=>`\r
`+"	".repeat(t))}};var On;(function(e){e.DEFAULT={allowTrailingComma:!1}})(On||(On={}));var Ln;(function(e){e[e.None=0]="None",e[e.UnexpectedEndOfComment=1]="UnexpectedEndOfComment",e[e.UnexpectedEndOfString=2]="UnexpectedEndOfString",e[e.UnexpectedEndOfNumber=3]="UnexpectedEndOfNumber",e[e.InvalidUnicode=4]="InvalidUnicode",e[e.InvalidEscapeCharacter=5]="InvalidEscapeCharacter",e[e.InvalidCharacter=6]="InvalidCharacter"})(Ln||(Ln={}));var Dn;(function(e){e[e.OpenBraceToken=1]="OpenBraceToken",e[e.CloseBraceToken=2]="CloseBraceToken",e[e.OpenBracketToken=3]="OpenBracketToken",e[e.CloseBracketToken=4]="CloseBracketToken",e[e.CommaToken=5]="CommaToken",e[e.ColonToken=6]="ColonToken",e[e.NullKeyword=7]="NullKeyword",e[e.TrueKeyword=8]="TrueKeyword",e[e.FalseKeyword=9]="FalseKeyword",e[e.StringLiteral=10]="StringLiteral",e[e.NumericLiteral=11]="NumericLiteral",e[e.LineCommentTrivia=12]="LineCommentTrivia",e[e.BlockCommentTrivia=13]="BlockCommentTrivia",e[e.LineBreakTrivia=14]="LineBreakTrivia",e[e.Trivia=15]="Trivia",e[e.Unknown=16]="Unknown",e[e.EOF=17]="EOF"})(Dn||(Dn={}));var $n;(function(e){e[e.InvalidSymbol=1]="InvalidSymbol",e[e.InvalidNumberFormat=2]="InvalidNumberFormat",e[e.PropertyNameExpected=3]="PropertyNameExpected",e[e.ValueExpected=4]="ValueExpected",e[e.ColonExpected=5]="ColonExpected",e[e.CommaExpected=6]="CommaExpected",e[e.CloseBraceExpected=7]="CloseBraceExpected",e[e.CloseBracketExpected=8]="CloseBracketExpected",e[e.EndOfFileExpected=9]="EndOfFileExpected",e[e.InvalidCommentToken=10]="InvalidCommentToken",e[e.UnexpectedEndOfComment=11]="UnexpectedEndOfComment",e[e.UnexpectedEndOfString=12]="UnexpectedEndOfString",e[e.UnexpectedEndOfNumber=13]="UnexpectedEndOfNumber",e[e.InvalidUnicode=14]="InvalidUnicode",e[e.InvalidEscapeCharacter=15]="InvalidEscapeCharacter",e[e.InvalidCharacter=16]="InvalidCharacter"})($n||($n={}));var wc=!!"".isWellFormed;var I=require("node:path"),Fc=(0,I.join)("dist","bin","continuity"),Hc=(0,I.join)("dist","cli.cjs"),qc=(0,I.join)("dist","launcher","continuity"),Gc=(0,I.join)("dist","bin","built-on-first-use");var mp=new Set(["CLAUDE_CONFIG_DIR","CODEX_HOME",...Te]);var xd=11*6e4;var Fd=256*1024,Hd=8*1024*1024;var ri={runId:"run_id",sessionId:"session_id",source:"source",toolUseId:"tool_use_id",childSessionKey:"child_session_key",agentType:"agent_type",description:"description",brief:"brief",background:"background",launched:"launched",dispatchAt:"dispatch_at",expectedBy:"expected_by",startedAt:"started_at",childDone:"child_done",childDoneAt:"child_done_at",capturedResult:"captured_result",childTranscriptPath:"child_transcript_path",completionReceivedAt:"completion_received_at",forwardedToMain:"forwarded_to_main",resultSource:"result_source",respawnOf:"respawn_of",notified:"notified",closedAs:"closed_as",attention:"attention",updatedAt:"updated_at"};var Mf=`SELECT id, ${Object.values(ri).join(", ")} FROM runs`;var Tm=8*1024*1024;function qn(e,t){let n=t.map(c=>c.result.output).filter(c=>c!==null),s=n.map(c=>c.hookSpecificOutput??{}),r=s.filter(c=>c.permissionDecision==="deny"),i=n.filter(c=>c.decision==="block"),o=Ve(s.map(c=>c.additionalContext)),a=Ve(n.map(c=>c.systemMessage)),l={};r.length&&(l.permissionDecision="deny",l.permissionDecisionReason=Ve(r.map(c=>c.permissionDecisionReason))),o&&(l.additionalContext=o);let u={};i.length&&(u.decision="block",u.reason=Ve(i.map(c=>c.reason))),Object.keys(l).length&&(u.hookSpecificOutput={hookEventName:e,...l}),a&&(u.systemMessage=a);let p=t.map(c=>c.result.persist).filter(c=>!!c);return{output:Object.keys(u).length?u:null,decision:{action:r.length?"deny":i.length?"block":o||a?"context":"none",rules:Object.fromEntries(t.map(c=>[c.name,c.result.decision]))},...p.length?{persist:(c,g)=>p.forEach(fe=>fe(c,g))}:{}}}function Ve(e){return e.filter(t=>typeof t=="string"&&t.length>0).join(`

`)}async function ui(e,t,n,s){if(e.tool_name!=="Bash"||!t||t.plan&&!t.approval||!ci(t,n)||Ae.some(u=>u.name!=="guard-before"&&u.wants(e,t,n)))return null;let r=t.plan&&t.approval?{id:t.approval.planId,state:t.approval.state,path:t.plan.path}:null,i=typeof e.tool_input.command=="string"?e.tool_input.command:"",o=await mt(i,{root:n,cwd:e.cwd??n,patterns:[...t.protectGlobs,...O(n)],plan:r},{now:s,payload:e}),a=o.decision,l=a.action==="deny"?[{kind:ht,summary:gt(a.path,a.why,a.via)}]:[];return{result:qn("PreToolUse",[{name:"guard-before",result:o}]),violations:l}}function ci(e,t){let n=(0,ze.join)(t,y);if(e.ledgerStamp===void 0||ne(n)!==e.ledgerStamp)return!1;let s=Gn((0,ze.join)(n,St)),r=Gn((0,ze.join)(n,G));return s!==null&&(r===null||r<s)}function Gn(e){try{return(0,Bn.statSync)(e).mtimeMs}catch{return null}}0&&(module.exports={guardFromHotState});
