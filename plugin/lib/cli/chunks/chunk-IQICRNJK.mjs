import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
var a=`
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
`;function i(n,e){n.run("INSERT INTO signed_approvals (plan_path, action, at, statement, signature, signer, event_id) VALUES (?, ?, ?, ?, ?, ?, ?)",e.planPath,e.action,e.at,e.statement,e.signature,e.signer,e.eventId)}function s(n,e){let t=n.get("SELECT plan_path, action, at, statement, signature, signer, event_id FROM signed_approvals WHERE plan_path = ? ORDER BY id DESC LIMIT 1",e);return t?{planPath:t.plan_path,action:t.action,at:t.at,statement:t.statement,signature:t.signature,signer:t.signer,eventId:t.event_id===null?null:Number(t.event_id)}:null}export{a,i as b,s as c};
