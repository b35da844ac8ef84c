<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
<context>
    <name>AuditFilter</name>
    <message>
        <source>The start of the time range must be before its end.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A filter text is longer than %1 characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A filter text contains a NUL character, which the database cannot store.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConnectionInfo</name>
    <message>
        <source>Enter a connection string or URI.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The connection string is longer than 4096 characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The connection string contains a line break or NUL character.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not a libpq connection string: use keyword=value pairs (host=... dbname=...) or a postgresql:// URI.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Gateway</name>
    <message>
        <source>Read-only session: nothing can be changed.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>IndexAdvisor</name>
    <message numerus="yes">
        <source>Index missing: each refresh reads %1 sequentially %n time(s) (estimated cost %2). Apply %3, or create: %4</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PayloadFormat</name>
    <message>
        <source>%1 at byte %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReasonRules</name>
    <message>
        <source>A reason is required.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The reason may not contain control characters (line breaks, tabs, ...).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The reason is too short: at least %1 characters, %2 so far.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The reason is too long: at most %1 characters, %2 now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The ticket may not contain control characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The ticket is too long: at most %1 characters.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Watch and recover transactional-outbox tables in PostgreSQL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>libpq connection string or URI (PG* environment, service files and .pgpass apply).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open read-only sessions (default_transaction_read_only): nothing can be changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Schema profile: a built-in id (app_outbox, batch_work_item, outbox) or a JSON file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds between dashboard refreshes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save a picture of the window to this PNG file after --screenshot-delay seconds, then quit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds to wait before --screenshot.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Index of the tab to show first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outbox Monitor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown profile &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>om</name>
    <message>
        <source>%1 h %2 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>om::ActionController</name>
    <message>
        <source>Actions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 the selected messages, or with nothing selected, every message matching the filter. Asks for a reason; writes one audit row per message.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recover stuck</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1@%2 (database user %3): %4 on %5 message(s) of %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>someone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None of these messages can be changed by &quot;%1&quot; now: they are not in %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 messages match: more than %2 in one action. Narrow the filter first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This changes %1 messages (more than the bulk limit of %2). Are you sure?</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1: %n message(s) in one transaction…</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Cancel (rolls back)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 failed; nothing was changed.

%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not count the messages: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>om::ActionPanel</name>
    <message>
        <source>Message ids (separated by spaces or commas). The actions count what they would change, ask for a reason and write one audit row per changed message.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. 1042, 1043 1050</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recover every stuck message…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read-only session: no action can be run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a message id.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n message(s) chosen.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>om::ActionRunner</name>
    <message>
        <source>The profile %1 has no action &quot;%2&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No messages were chosen.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read-only session: nothing can be changed.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>om::AuditCsvExport</name>
    <message>
        <source>An export is already running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export cancelled; no file was written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writing the file failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the audit trail failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saving the file failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>om::AuditModel</name>
    <message>
        <source>%1 (server time, UTC %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(message gone)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ticket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Database user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OS user@host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>App version</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>om::AuditView</name>
    <message>
        <source>From</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>any action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>operator (db or OS user)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>message key contains</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ticket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reason contains</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Incident report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 rows shown, newest first; scroll for more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 rows, newest first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read the audit trail: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 rows written…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exported %1 rows.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select an audit row first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export audit trail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exporting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Incident report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The start of the time range must be before its end.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Making the incident report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Incident report written to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read the report&apos;s data: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>om::ConnectionDialog</name>
    <message>
        <source>Read-only session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect to PostgreSQL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host=db.example port=5432 dbname=app user=ops   or   postgresql://ops@db.example/app</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Passwords are taken from ~/.pgpass, a service file (service=...) or PGPASSWORD; they are never stored by Outbox Monitor.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Table profile:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>om::CsvExport</name>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An export is already running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n message(s) exported to %1.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>The export stopped: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export cancelled; the partial file was removed.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>om::DashboardSettingsDialog</name>
    <message>
        <source>Dashboard settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time between two snapshots. A refresh never overlaps the previous one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A message in flight for longer than this counts as stuck.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sampling interval:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stuck timeout:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep history for:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tile thresholds (0 = off)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warning at</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Critical at</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>om::DashboardView</name>
    <message>
        <source>Open messages (exact)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finished messages (estimated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Age of the oldest waiting message (minutes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Destination</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Event type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>15 minutes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>6 hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>24 hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>7 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save charts as PNG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Window:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting by destination</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting by event type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Oldest waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stuck</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At or near max retries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>critical</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stuck</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>oldest waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save charts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not connected: %1 · retry %2 in %3 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>● Connection up · last refresh %1 (%2 s ago, %3 ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>● Connection down · data is %1 old (last refresh %2) · %3 · retry %4 in %5 s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>om::DetailPane</name>
    <message>
        <source>Column</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save to file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No error recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Payload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All columns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last error:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a message to see its details.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading message %1 …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not load the message: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message %1 no longer exists.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(null)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This table has no payload column.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showing the first %1 of %2 characters, as stored. Use &quot;Show all&quot; or &quot;Save to file…&quot; for the whole payload.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not valid JSON (%1): shown as stored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading the whole payload …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 characters: shown without colours.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not load the payload: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save payload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1 bytes to %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not save the payload: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>om::DetailQuery</name>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>om::FilterBar</name>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Destination</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Created from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Updated from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>any age</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only messages at least this old (server clock)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>contains</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>starts with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is exactly</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Min. age</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Values found among the open messages</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>om::HistoryChart</name>
    <message>
        <source>%1: %2
%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 (min %3, max %4 over %5 samples)
from %6</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>om::IncidentReport</name>
    <message>
        <source>Actions per %1 minutes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(status change)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No actions in this range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Messages per state at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>messages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (est.)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Incident report: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Range: %1 – %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tickets: all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ticket: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Made at %1 (server clock) from %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 audit rows for %2 messages in the range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Now: %1 waiting, %2 stuck past %3 min, %4 failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Oldest waiting message: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Actions taken</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No actions in this range.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ticket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Messages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First – last</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reasons</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State at the end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 oldest of %2:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Age</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Still stuck (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write to the folder of %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Incident report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The PDF could not be written to %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>om::ListQuery</name>
    <message>
        <source>Narrow the search by state, type or time range.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The key column has no trigram index, so the search reads the whole table: narrow it by state, type or time range, search by prefix, or ask the DBA to install resources/sql/kit/trigram_index.sql.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The &quot;contains&quot; search was stopped after %1 s. %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>om::ListenWorker</name>
    <message>
        <source>The listening connection was closed.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>om::MainWindow</name>
    <message>
        <source>Outbox Monitor — %1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dashboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>read-only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connecting to %1 …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Numbers as of %1 %2 (server clock), %3 ms round trip</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — retrying in %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected to %1 · updated %2 s ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not connected: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection lost; data is %1 s old: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Triage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Actions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checking privileges…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>om::MessageListModel</name>
    <message>
        <source>Id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Destination</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next run (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Locked by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stuck for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Age</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Created (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Updated (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last error</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>om::Privileges</name>
    <message>
        <source>operator: %1 may change messages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>read-only session requested</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>privileges could not be checked: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>privileges not checked yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server makes %1&apos;s transactions read-only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 lacks %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>read-only: this role cannot change messages (%1)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>om::ReasonDialog</name>
    <message>
        <source>%1 — reason required</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt; will change &lt;b&gt;%n message(s)&lt;/b&gt; of %2 and write one audit row (%3) for each.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1, … and %2 more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Messages: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Why? (at least %n character(s); stored in the audit trail)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>optional, e.g. INC-1234</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reason:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Ticket:</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 %n message(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1 / %2 characters</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>om::ResultDialog</name>
    <message>
        <source>%1 — result</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n message(s) changed, each with its audit row (%1).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n message(s) not changed:</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>(the first %1 are listed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Took %1 ms.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>om::SchemaProfile</name>
    <message>
        <source>The profile is not valid JSON (%1 at offset %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The profile must be a JSON object.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;id&quot; must be 1-64 letters, digits, &apos;_&apos;, &apos;-&apos; or &apos;.&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;schema&quot; and &quot;table&quot; must be names of at most 63 bytes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Column &quot;%1&quot; must name a column (at most 63 bytes).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;columns&quot; must map &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every state needs a &quot;name&quot; of at most 40 characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State %1: &quot;role&quot; must be one of %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State %1 needs exactly one of &quot;value&quot;, &quot;isNull&quot;, &quot;notNull&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State %1 matches a status value but &quot;columns&quot; has no &quot;status&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State %1 names the unknown column &quot;%2&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State %1 is defined twice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;states&quot; must list at least one state.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; names the unknown state &quot;%2&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; names the unknown column &quot;%2&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;stuck.defaultTimeoutMinutes&quot; must be between 1 and 10080.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;nearMaxRetry&quot; needs the &quot;retries&quot; and &quot;maxRetries&quot; columns.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown action &quot;%1&quot; (known: %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action %1 must say which states it applies to (&quot;from&quot;).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action %1: &quot;auditName&quot; must be 1-30 characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action %1: &quot;set.%2&quot; must be null, &quot;now&quot; or {&quot;text&quot;: &quot;...&quot;}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit column &quot;%1&quot; must name a column.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A profile with actions needs an &quot;audit.table&quot;: no change without its audit row.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;audit.columns&quot; must map &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;audit.reasonMaxLength&quot; must be between 10 and 100000.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The profile file %1 is larger than 1 MiB.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the profile file %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>om::SkippedModel</name>
    <message>
        <source>locked by a worker (skipped, not waited on)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>state changed since it was shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gone (no such message)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why not changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State now</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>om::StatusTiles</name>
    <message numerus="yes">
        <source>%n s</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>≈ %1 (estimated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Oldest waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Stuck &gt; %n min</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>At or near max retries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Estimated from the planner&apos;s statistics (pg_class, pg_stats): counting millions of finished rows exactly would scan the table.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exact count.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Critical: at or above %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warning: at or above %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>om::TriageView</name>
    <message>
        <source>Stuck</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Near max retry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All messages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved filters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save filter…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Everything matching the filter…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selected rows…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This column cannot be sorted on the server; sortable: id, retries, age, updated.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The list stops at %1 rows to keep memory bounded; narrow the filter or export to CSV for all of them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 rows shown · last page %2 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>counting …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>about %1 matching (estimated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>more than %1 matching</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 matching</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>count unavailable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read the filter choices: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved filters…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace the saved filter &quot;%1&quot;?</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) copied as tab-separated text.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Export to CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exporting messages …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exporting messages … %1 written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select rows to export first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export selection to CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) exported to %1.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>om::WaitingGroupModel</name>
    <message>
        <source>Waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Oldest</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
