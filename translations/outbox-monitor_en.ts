<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>CountWording</name>
    <message numerus="yes">
        <source>lower: %Ln row(s) deleted since the last refresh</source>
        <translation>
            <numerusform>lower: %Ln row deleted since the last refresh</numerusform>
            <numerusform>lower: %Ln rows deleted since the last refresh</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FailureGroupText</name>
    <message numerus="yes">
        <source>At least %n distinct failure(s) (%1 messages)</source>
        <translation>
            <numerusform>At least %n distinct failure (%1 messages)</numerusform>
            <numerusform>At least %n distinct failures (%1 messages)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n distinct failure(s) (%1 messages)</source>
        <translation>
            <numerusform>%n distinct failure (%1 messages)</numerusform>
            <numerusform>%n distinct failures (%1 messages)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>IndexAdvisor</name>
    <message numerus="yes">
        <source>Index missing: each refresh reads %1 sequentially %n time(s) (estimated cost %2). Apply the table&apos;s admin kit (outbox-monitor --print-kit --profile FILE), or create: %3</source>
        <translation>
            <numerusform>Index missing: each refresh reads %1 sequentially %n time (estimated cost %2). Apply the table&apos;s admin kit (outbox-monitor --print-kit --profile FILE), or create: %3</numerusform>
            <numerusform>Index missing: each refresh reads %1 sequentially %n times (estimated cost %2). Apply the table&apos;s admin kit (outbox-monitor --print-kit --profile FILE), or create: %3</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PasswordKeychain</name>
    <message numerus="yes">
        <source>The system keychain did not answer within %n second(s); it may be waiting for its unlock password.</source>
        <translation>
            <numerusform>The system keychain did not answer within %n second; it may be waiting for its unlock password.</numerusform>
            <numerusform>The system keychain did not answer within %n seconds; it may be waiting for its unlock password.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>om::ActionController</name>
    <message numerus="yes">
        <source>the %n message(s) selected in %1</source>
        <translation>
            <numerusform>the %n message selected in %1</numerusform>
            <numerusform>the %n messages selected in %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n message(s) in one transaction…</source>
        <translation>
            <numerusform>%1: %n message in one transaction…</numerusform>
            <numerusform>%1: %n messages in one transaction…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1@%2 (database user %3): %4 on %n message(s) of %5</source>
        <translation>
            <numerusform>%1@%2 (database user %3): %4 on %n message of %5</numerusform>
            <numerusform>%1@%2 (database user %3): %4 on %n messages of %5</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>om::BlockedKeysView</name>
    <message numerus="yes">
        <source>%n key(s) blocked</source>
        <translation>
            <numerusform>%n key blocked</numerusform>
            <numerusform>%n keys blocked</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n message(s) wait behind their heads</source>
        <translation>
            <numerusform>%n message waits behind its head</numerusform>
            <numerusform>%n messages wait behind their heads</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n second(s) after its holder&apos;s last heartbeat</source>
        <translation>
            <numerusform>%n second after its holder&apos;s last heartbeat</numerusform>
            <numerusform>%n seconds after its holder&apos;s last heartbeat</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n second(s) after it was taken</source>
        <translation>
            <numerusform>%n second after it was taken</numerusform>
            <numerusform>%n seconds after it was taken</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>by a holder without a heartbeat for %n second(s)</source>
        <translation>
            <numerusform>by a holder without a heartbeat for %n second</numerusform>
            <numerusform>by a holder without a heartbeat for %n seconds</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>for longer than %n second(s), when the library frees it itself</source>
        <translation>
            <numerusform>for longer than %n second, when the library frees it itself</numerusform>
            <numerusform>for longer than %n seconds, when the library frees it itself</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>om::ConnectionInfoDialog</name>
    <message numerus="yes">
        <source>%1: %2, server process %3, %n server connection(s) seen</source>
        <translation>
            <numerusform>%1: %2, server process %3, %n server connection seen</numerusform>
            <numerusform>%1: %2, server process %3, %n server connections seen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>om::CsvExport</name>
    <message numerus="yes">
        <source>%1 message(s) exported to %2, as read from %3 to %4; the table may have changed since.</source>
        <translation>
            <numerusform>%1 message exported to %2, as read from %3 to %4; the table may have changed since.</numerusform>
            <numerusform>%1 messages exported to %2, as read from %3 to %4; the table may have changed since.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>om::FailureGroupPanel</name>
    <message numerus="yes">
        <source>Failure groups are read every %n s, the tiles at every refresh: between two readings their totals can differ.</source>
        <translation>
            <numerusform>Failure groups are read every %n s, the tiles at every refresh: between two readings their totals can differ.</numerusform>
            <numerusform>Failure groups are read every %n s, the tiles at every refresh: between two readings their totals can differ.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>om::ProfileCheck</name>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 and %n more</numerusform>
            <numerusform>%1 and %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n error</numerusform>
            <numerusform>%n errors</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n warning</numerusform>
            <numerusform>%n warnings</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The profile does not fit %1 (%n problem(s)): %2: %3</source>
        <translation>
            <numerusform>The profile does not fit %1 (%n problem): %2: %3</numerusform>
            <numerusform>The profile does not fit %1 (%n problems): %2: %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The profile fits %1, with %n warning(s): %2: %3</source>
        <translation>
            <numerusform>The profile fits %1, with %n warning: %2: %3</numerusform>
            <numerusform>The profile fits %1, with %n warnings: %2: %3</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>om::ReasonDialog</name>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt; will change &lt;b&gt;%n message(s)&lt;/b&gt; of %2 and write one audit row (%3) for each.</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; will change &lt;b&gt;%n message&lt;/b&gt; of %2 and write one audit row (%3) for each.</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; will change &lt;b&gt;%n messages&lt;/b&gt; of %2 and write one audit row (%3) for each.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Why? (at least %n character(s); stored in the audit trail)</source>
        <translation>
            <numerusform>Why? (at least %n character; stored in the audit trail)</numerusform>
            <numerusform>Why? (at least %n characters; stored in the audit trail)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 %n message(s)</source>
        <translation>
            <numerusform>%1 %n message</numerusform>
            <numerusform>%1 %n messages</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>om::ReportDialog</name>
    <message numerus="yes">
        <source>(%n character(s) now)</source>
        <translation>
            <numerusform>(%n character now)</numerusform>
            <numerusform>(%n characters now)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>om::ResultDialog</name>
    <message numerus="yes">
        <source>%n message(s) not changed:</source>
        <translation>
            <numerusform>%n message not changed:</numerusform>
            <numerusform>%n messages not changed:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n message(s) changed to %1, each with its audit row (%2).</source>
        <translation>
            <numerusform>%n message changed to %1, with its audit row (%2).</numerusform>
            <numerusform>%n messages changed to %1, each with its audit row (%2).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>om::ScopeWords</name>
    <message numerus="yes">
        <source>older than %n min</source>
        <translation>
            <numerusform>older than %n min</numerusform>
            <numerusform>older than %n min</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>id = %1 and %n more</source>
        <translation>
            <numerusform>id = %1 and %n more</numerusform>
            <numerusform>id = %1 and %n more</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>om::ServiceImport</name>
    <message numerus="yes">
        <source>%n connection(s) imported</source>
        <translation>
            <numerusform>%n connection imported</numerusform>
            <numerusform>%n connections imported</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>om::StatusTiles</name>
    <message numerus="yes">
        <source>Stuck &gt; %n min</source>
        <translation>
            <numerusform>Stuck &gt; %n min</numerusform>
            <numerusform>Stuck &gt; %n min</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>behind %n blocked key head(s) · click for the keys</source>
        <translation>
            <numerusform>behind %n blocked key head · click for the keys</numerusform>
            <numerusform>behind %n blocked key heads · click for the keys</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Messages in flight longer than their own timeout; those without one count after %n min.</source>
        <translation>
            <numerusform>Messages in flight longer than their own timeout; those without one count after %n minute.</numerusform>
            <numerusform>Messages in flight longer than their own timeout; those without one count after %n minutes.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>without own timeout: &gt; %n min</source>
        <translation>
            <numerusform>without own timeout: &gt; %n min</numerusform>
            <numerusform>without own timeout: &gt; %n min</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>om::StuckRuleWords</name>
    <message numerus="yes">
        <source>%n s</source>
        <translation>
            <numerusform>%n s</numerusform>
            <numerusform>%n s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min</source>
        <translation>
            <numerusform>%n min</numerusform>
            <numerusform>%n min</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>om::TableHealthView</name>
    <message numerus="yes">
        <source>Indexes (%n)</source>
        <translation>
            <numerusform>Index (%n)</numerusform>
            <numerusform>Indexes (%n)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Finished more than %n day(s) ago (planner estimate)</source>
        <translation>
            <numerusform>Finished more than %n day ago (planner estimate)</numerusform>
            <numerusform>Finished more than %n days ago (planner estimate)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Partitions (%n)</source>
        <translation>
            <numerusform>Partition (%n)</numerusform>
            <numerusform>Partitions (%n)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>om::TriageView</name>
    <message numerus="yes">
        <source>%Ln row(s) shown · last page %1 ms</source>
        <translation>
            <numerusform>%Ln row shown · last page %1 ms</numerusform>
            <numerusform>%Ln rows shown · last page %1 ms</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) copied as tab-separated text.</source>
        <translation>
            <numerusform>%n row copied as tab-separated text.</numerusform>
            <numerusform>%n rows copied as tab-separated text.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) exported to %1.</source>
        <translation>
            <numerusform>%n row exported to %1.</numerusform>
            <numerusform>%n rows exported to %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Your %n selected message(s) changed and left this list; nothing is selected now.</source>
        <translation>
            <numerusform>Your %n selected message changed and left this list; nothing is selected now.</numerusform>
            <numerusform>Your %n selected messages changed and left this list; nothing is selected now.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n selected message(s) changed and left this list; still selected: %1.</source>
        <translation>
            <numerusform>%n selected message changed and left this list; still selected: %1.</numerusform>
            <numerusform>%n selected messages changed and left this list; still selected: %1.</numerusform>
        </translation>
    </message>
</context>
</TS>
