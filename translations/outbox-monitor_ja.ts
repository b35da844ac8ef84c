<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
<context>
    <name>AuditFilter</name>
    <message>
        <source>The start of the time range must be before its end.</source>
        <translation>期間の開始は終了より前にしてください。</translation>
    </message>
    <message>
        <source>A filter text is longer than %1 characters.</source>
        <translation>フィルター文字列が %1 文字を超えています。</translation>
    </message>
    <message>
        <source>A filter text contains a NUL character, which the database cannot store.</source>
        <translation>フィルター文字列に NUL 文字が含まれています。データベースには保存できません。</translation>
    </message>
</context>
<context>
    <name>ConnectionInfo</name>
    <message>
        <source>Enter a connection string or URI.</source>
        <translation>接続文字列または URI を入力してください。</translation>
    </message>
    <message>
        <source>The connection string is longer than 4096 characters.</source>
        <translation>接続文字列が 4096 文字を超えています。</translation>
    </message>
    <message>
        <source>The connection string contains a line break or NUL character.</source>
        <translation>接続文字列に改行または NUL 文字が含まれています。</translation>
    </message>
    <message>
        <source>libpq could not parse it (out of memory).</source>
        <translation>libpq が解析できませんでした (メモリ不足)。</translation>
    </message>
    <message>
        <source>Not a libpq connection string (%1): use keyword=value pairs (host=... dbname=...) or a postgresql:// URI.</source>
        <translation>libpq の接続文字列ではありません (%1)。keyword=value の組 (host=... dbname=...) か postgresql:// URI で指定してください。</translation>
    </message>
</context>
<context>
    <name>CountWording</name>
    <message>
        <source>unknown</source>
        <translation>不明</translation>
    </message>
    <message>
        <source>≈ %1 (estimated)</source>
        <translation>≈ %1 (推定)</translation>
    </message>
    <message numerus="yes">
        <source>lower: %Ln row(s) deleted since the last refresh</source>
        <translation>
            <numerusform>減少: 前回の更新以降に %Ln 行が削除されました</numerusform>
        </translation>
    </message>
    <message>
        <source>lower: the table was emptied or rewritten (TRUNCATE, VACUUM FULL)</source>
        <translation>減少: テーブルが空にされたか書き直されました (TRUNCATE、VACUUM FULL)</translation>
    </message>
    <message>
        <source>lower: the server&apos;s table statistics were reset</source>
        <translation>減少: サーバーのテーブル統計がリセットされました</translation>
    </message>
    <message>
        <source>Exact count: a rare finished state, counted through its index while the statistics put it at %1 rows or fewer.</source>
        <translation>正確な件数: 件数の少ない完了状態で、統計上 %1 件以下の間はインデックスで数えています。</translation>
    </message>
    <message>
        <source>Exact count.</source>
        <translation>正確な件数。</translation>
    </message>
    <message>
        <source>Estimated from the table&apos;s statistics (live rows from pg_stat, less every exact count): counting millions of finished rows exactly would scan the table. It does not go down unless rows were deleted.</source>
        <translation>テーブルの統計による推定です (pg_stat の有効行数から正確に数えた件数を引いた値)。数百万件の完了行を正確に数えるとテーブル全体を読むことになります。行が削除されない限り、値は下がりません。</translation>
    </message>
    <message>
        <source>Last ANALYZE: %1</source>
        <translation>最後の ANALYZE: %1</translation>
    </message>
    <message>
        <source>not lowered: no rows were deleted, though the table&apos;s statistics of %1 say ≈ %2</source>
        <translation>下げていません: 行は削除されていません (%1 時点のテーブル統計では ≈ %2)</translation>
    </message>
    <message>
        <source>not lowered: no rows were deleted, though the table&apos;s statistics say ≈ %1</source>
        <translation>下げていません: 行は削除されていません (テーブル統計では ≈ %1)</translation>
    </message>
    <message>
        <source>estimated from the table&apos;s statistics of %1</source>
        <translation>%1 時点のテーブル統計による推定</translation>
    </message>
    <message>
        <source>estimated: the table&apos;s statistics were never gathered (ANALYZE)</source>
        <translation>推定: テーブル統計がまだ収集されていません (ANALYZE)</translation>
    </message>
    <message>
        <source>incl. ≈ %1 archived</source>
        <translation>アーカイブ分 ≈ %1 を含む</translation>
    </message>
    <message>
        <source>incl. %1 archived</source>
        <translation>アーカイブ分 %1 を含む</translation>
    </message>
    <message>
        <source>Includes ≈ %1 rows of the archive table, estimated from its statistics.</source>
        <translation>アーカイブテーブルの ≈ %1 行を含みます (その統計からの推定)。</translation>
    </message>
    <message>
        <source>Includes %1 rows of the archive table, counted.</source>
        <translation>アーカイブテーブルの %1 行を含みます (数えた値)。</translation>
    </message>
</context>
<context>
    <name>FailureGroupSection</name>
    <message>
        <source>Failure groups within the range: %1</source>
        <translation>範囲内の失敗グループ: %1</translation>
    </message>
    <message>
        <source>Messages failed now and last seen between %1 and %2, grouped by error code and error text with numbers, ids, hosts and quoted values masked, read from the table itself.</source>
        <translation>現在失敗中で、最後の発生が %1 から %2 の間のメッセージを、エラーコードと、数値・ID・ホスト・引用値を伏せたエラー文でまとめたものです (テーブルから直接読み取り)。</translation>
    </message>
    <message>
        <source>None.</source>
        <translation>なし。</translation>
    </message>
    <message>
        <source>The %1 largest groups are shown.</source>
        <translation>大きい順に %1 グループを表示しています。</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>コード</translation>
    </message>
    <message>
        <source>Error (masked)</source>
        <translation>エラー (可変部分を伏せ字)</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>メッセージ数</translation>
    </message>
    <message>
        <source>Destinations</source>
        <translation>宛先</translation>
    </message>
    <message>
        <source>First seen (%1)</source>
        <translation>初回発生 (%1)</translation>
    </message>
    <message>
        <source>Last seen</source>
        <translation>最終発生</translation>
    </message>
</context>
<context>
    <name>FailureGroupText</name>
    <message>
        <source>(no error text)</source>
        <translation>(エラー文なし)</translation>
    </message>
    <message>
        <source>(no code)</source>
        <translation>(コードなし)</translation>
    </message>
    <message>
        <source>failure group %1 · &apos;%2&apos;</source>
        <translation>失敗グループ %1 · &apos;%2&apos;</translation>
    </message>
    <message>
        <source>%1 (%2 messages)</source>
        <translation>%1 (%2 件)</translation>
    </message>
    <message>
        <source>No failures</source>
        <translation>失敗なし</translation>
    </message>
    <message>
        <source>%1 and %2 more</source>
        <translation>%1 ほか %2 件</translation>
    </message>
    <message numerus="yes">
        <source>At least %n distinct failure(s) (%1 messages)</source>
        <translation>
            <numerusform>少なくとも %n 種類の失敗 (%1 件)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n distinct failure(s) (%1 messages)</source>
        <translation>
            <numerusform>%n 種類の失敗 (%1 件)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Gateway</name>
    <message>
        <source>Read-only session: nothing can be changed.</source>
        <translation>読み取り専用セッション: 変更はできません。</translation>
    </message>
    <message>
        <source>server not answering (no reply in %1 s)</source>
        <translation>サーバーが応答しません (%1 秒間応答なし)</translation>
    </message>
    <message>
        <source>The primary cannot be reached, and changes are made only on the primary, never on the standby: %1</source>
        <translation>プライマリに接続できません。変更はプライマリでのみ行い、スタンバイでは決して行いません: %1</translation>
    </message>
    <message>
        <source>The standby is not a copy of the primary (system identifiers %1 and %2): nothing is read or changed until the connection is corrected.</source>
        <translation>スタンバイはプライマリの複製ではありません (システム識別子 %1 と %2)。接続が修正されるまで、読み取りも変更も行いません。</translation>
    </message>
    <message>
        <source>The server closed the connection while it was idle.</source>
        <translation>サーバーが、待機中の接続を閉じました。</translation>
    </message>
</context>
<context>
    <name>HelpMenu</name>
    <message>
        <source>&amp;Help</source>
        <translation>ヘルプ(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;User guide</source>
        <translation>ユーザーガイド(&amp;U)</translation>
    </message>
    <message>
        <source>User guide</source>
        <translation>ユーザーガイド</translation>
    </message>
    <message>
        <source>The user guide is not installed with this copy of Outbox Monitor. The package installs it as share/doc/outbox-monitor/user-guide.md; in the source it is docs/user-guide.md.</source>
        <translation>この Outbox Monitor にはユーザーガイドがインストールされていません。パッケージでは share/doc/outbox-monitor/user-guide.md に、ソースでは docs/user-guide.md にあります。</translation>
    </message>
    <message>
        <source>No program on this computer opened the user guide. It is a text file (Markdown) that any text editor or web browser shows:
%1</source>
        <translation>このコンピューターにはユーザーガイドを開くプログラムがありませんでした。ガイドはテキストファイル (Markdown) で、どのテキストエディターやウェブブラウザーでも表示できます:
%1</translation>
    </message>
</context>
<context>
    <name>IndexAdvisor</name>
    <message numerus="yes">
        <source>Index missing: each refresh reads %1 sequentially %n time(s) (estimated cost %2). Apply the table&apos;s admin kit (outbox-monitor --print-kit --profile FILE), or create: %3</source>
        <translation>
            <numerusform>インデックスがありません: 更新のたびに %1 を %n 回シーケンシャルスキャンします (推定コスト %2)。テーブルの管理キット (outbox-monitor --print-kit --profile FILE) を適用するか、次を作成してください: %3</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>KitSql</name>
    <message>
        <source>A role name may not be empty.</source>
        <translation>ロール名は空にできません。</translation>
    </message>
    <message>
        <source>The role name &quot;%1&quot; is not possible in PostgreSQL (at most 63 bytes, no NUL).</source>
        <translation>ロール名「%1」は PostgreSQL では使えません (63 バイト以内、NUL を含まないこと)。</translation>
    </message>
    <message>
        <source>The auditor and the operator role must be two different roles.</source>
        <translation>監査者ロールとオペレーターロールは別々のロールにしてください。</translation>
    </message>
    <message>
        <source>The profile&apos;s text &quot;%1&quot; contains &quot;$om_&quot;, which the kit&apos;s SQL cannot quote.</source>
        <translation>プロファイルのテキスト「%1」に「$om_」が含まれており、キットの SQL では引用できません。</translation>
    </message>
</context>
<context>
    <name>LinkFacts</name>
    <message>
        <source>This connection goes through a pooler in statement mode, which allows no transactions: an action changes messages and writes its audit rows in one transaction, so actions are not possible here. Monitoring goes on. To act, connect directly or through a session or transaction pool.</source>
        <translation>この接続はステートメントモードのプーラーを経由しており、トランザクションが使えません。操作はメッセージの変更と監査行の書き込みを 1 つのトランザクションで行うため、ここでは操作できません。監視は続きます。操作するには、直接、またはセッション／トランザクションプールを経由して接続してください。</translation>
    </message>
</context>
<context>
    <name>PasswordKeychain</name>
    <message>
        <source>Passwords come from ~/.pgpass (or PGPASSFILE), a service file or PGPASSWORD instead.</source>
        <translation>代わりに ~/.pgpass (または PGPASSFILE)、サービスファイル、PGPASSWORD のパスワードを使います。</translation>
    </message>
    <message>
        <source>This build of Outbox Monitor has no keychain support.</source>
        <translation>この Outbox Monitor はキーチェーンに対応せずにビルドされています。</translation>
    </message>
    <message>
        <source>No system keychain can be reached: this session has no D-Bus session bus (as over SSH, in a container or under cron).</source>
        <translation>システムのキーチェーンに接続できません: このセッションには D-Bus のセッションバスがありません (SSH 経由、コンテナー内、cron からの実行など)。</translation>
    </message>
    <message>
        <source>No system keychain can be reached: libsecret, through which the program talks to it, is not installed.</source>
        <translation>システムのキーチェーンに接続できません: キーチェーンとのやり取りに使う libsecret がインストールされていません。</translation>
    </message>
    <message>
        <source>No system keychain is running: the session bus has no secret service (such as GNOME Keyring).</source>
        <translation>システムのキーチェーンが動いていません: セッションバスにシークレットサービス (GNOME Keyring など) がありません。</translation>
    </message>
    <message>
        <source>The system keychain is locked, and it was not unlocked.</source>
        <translation>システムのキーチェーンはロックされており、ロックは解除されませんでした。</translation>
    </message>
    <message>
        <source>The system keychain refused this program access.</source>
        <translation>システムのキーチェーンがこのプログラムのアクセスを拒否しました。</translation>
    </message>
    <message numerus="yes">
        <source>The system keychain did not answer within %n second(s); it may be waiting for its unlock password.</source>
        <translation>
            <numerusform>システムのキーチェーンが %n 秒以内に応答しませんでした。ロック解除のパスワード入力を待っているのかもしれません。</numerusform>
        </translation>
    </message>
    <message>
        <source>The system keychain could not be used.</source>
        <translation>システムのキーチェーンを使えませんでした。</translation>
    </message>
    <message>
        <source>Details: %1</source>
        <translation>詳細: %1</translation>
    </message>
</context>
<context>
    <name>PayloadFormat</name>
    <message>
        <source>%1 at byte %2</source>
        <translation>%1 (バイト %2)</translation>
    </message>
</context>
<context>
    <name>PgServiceFile</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1, line %2: not &quot;[service]&quot; or keyword=value; skipped</source>
        <translation>%1、%2 行目: 「[service]」でも keyword=value でもないため読み飛ばしました</translation>
    </message>
</context>
<context>
    <name>PgSession</name>
    <message>
        <source>The connection to the server timed out: the server or the network stopped answering.</source>
        <translation>サーバーへの接続がタイムアウトしました: サーバーまたはネットワークが応答しなくなりました。</translation>
    </message>
    <message>
        <source>The connection to the server was lost: the server closed it (it stopped, restarted or failed over, or ended this session) or the network broke.</source>
        <translation>サーバーへの接続が失われました: サーバーが接続を閉じた (停止、再起動、フェイルオーバー、またはこのセッションの終了) か、ネットワークが切れました。</translation>
    </message>
</context>
<context>
    <name>QCommandLineParser</name>
    <message>
        <source>Usage: %1</source>
        <translation>使い方: %1</translation>
    </message>
    <message>
        <source>Options:</source>
        <translation>オプション:</translation>
    </message>
    <message>
        <source>Arguments:</source>
        <translation>引数:</translation>
    </message>
    <message>
        <source>[options]</source>
        <translation>[オプション]</translation>
    </message>
    <message>
        <source>Unknown option &apos;%1&apos;.</source>
        <translation>不明なオプション &apos;%1&apos; です。</translation>
    </message>
    <message>
        <source>Unknown options: %1.</source>
        <translation>不明なオプションです: %1。</translation>
    </message>
    <message>
        <source>Missing value after &apos;%1&apos;.</source>
        <translation>&apos;%1&apos; の後に値がありません。</translation>
    </message>
    <message>
        <source>Unexpected value after &apos;%1&apos;.</source>
        <translation>&apos;%1&apos; の後に予期しない値があります。</translation>
    </message>
</context>
<context>
    <name>ReasonRules</name>
    <message>
        <source>A reason is required.</source>
        <translation>理由は必須です。</translation>
    </message>
    <message>
        <source>The reason may not contain control characters (line breaks, tabs, ...).</source>
        <translation>理由に制御文字 (改行、タブなど) は使用できません。</translation>
    </message>
    <message>
        <source>The reason is too short: at least %1 characters, %2 so far.</source>
        <translation>理由が短すぎます: %1 文字以上必要です (現在 %2 文字)。</translation>
    </message>
    <message>
        <source>The reason is too long: at most %1 characters, %2 now.</source>
        <translation>理由が長すぎます: 最大 %1 文字です (現在 %2 文字)。</translation>
    </message>
    <message>
        <source>The ticket may not contain control characters.</source>
        <translation>チケットに制御文字は使用できません。</translation>
    </message>
    <message>
        <source>The ticket is too long: at most %1 characters.</source>
        <translation>チケットが長すぎます: 最大 %1 文字です。</translation>
    </message>
</context>
<context>
    <name>StandbyWords</name>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>reading a server that is not a standby (promoted?): its numbers are its own; changes still go to the primary</source>
        <translation>スタンバイではないサーバー (昇格済み?) を読んでいます: 数値はそのサーバー自身のものです。変更は引き続きプライマリに送られます</translation>
    </message>
    <message>
        <source>the standby is not streaming from the primary: how far behind it is cannot be told; these numbers may be stale</source>
        <translation>スタンバイがプライマリからストリーミングしていません: どれだけ遅れているか分かりません。この数値は古い可能性があります</translation>
    </message>
    <message>
        <source>the standby is %1 behind the primary (the bound is %2 s): these numbers are stale</source>
        <translation>スタンバイはプライマリより %1 遅れています (上限 %2 秒): この数値は古いものです</translation>
    </message>
    <message>
        <source>reading the standby · replay lag unknown (nothing replayed since it started)</source>
        <translation>スタンバイを読んでいます · 再生遅延は不明 (起動後まだ何も再生していません)</translation>
    </message>
    <message>
        <source>reading the standby · replay lag %1</source>
        <translation>スタンバイを読んでいます · 再生遅延 %1</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Watch and recover transactional-outbox tables in PostgreSQL.</source>
        <translation>PostgreSQL のトランザクショナルアウトボックス テーブルを監視・復旧します。</translation>
    </message>
    <message>
        <source>libpq connection string or URI (PG* environment, service files and .pgpass apply).</source>
        <translation>libpq 接続文字列または URI (PG* 環境変数、サービスファイル、.pgpass が適用されます)。</translation>
    </message>
    <message>
        <source>Open read-only sessions (default_transaction_read_only): nothing can be changed.</source>
        <translation>読み取り専用セッションで開きます (default_transaction_read_only): 変更はできません。</translation>
    </message>
    <message>
        <source>Schema profile: a built-in id (--list-profiles names them) or a JSON file.</source>
        <translation>スキーマプロファイル: 組み込み ID (--list-profiles で一覧表示) または JSON ファイル。</translation>
    </message>
    <message>
        <source>Save a picture of the window to this PNG file after --screenshot-delay seconds, then quit.</source>
        <translation>--screenshot-delay 秒後にウィンドウの画像をこの PNG ファイルに保存して終了します。</translation>
    </message>
    <message>
        <source>Seconds to wait before --screenshot.</source>
        <translation>--screenshot までの待機秒数。</translation>
    </message>
    <message>
        <source>Index of the tab to show first.</source>
        <translation>最初に表示するタブの番号。</translation>
    </message>
    <message>
        <source>Outbox Monitor</source>
        <translation>Outbox Monitor</translation>
    </message>
    <message>
        <source>Seconds between dashboard refreshes for this run (default: the connection&apos;s setting, 5 s).</source>
        <translation>今回の実行でのダッシュボード更新間隔 (秒)。既定は接続ごとの設定 (5 秒)。</translation>
    </message>
    <message>
        <source>Filter the Audit tab: action=, operator=, key=, ticket=, reason= pairs separated by &apos;;&apos;.</source>
        <translation>監査タブの絞り込み: action=、operator=、key=、ticket=、reason= を &apos;;&apos; で区切って指定します。</translation>
    </message>
    <message>
        <source>Hours before now that --report-pdf covers.</source>
        <translation>--report-pdf が対象とする、現在から遡る時間数。</translation>
    </message>
    <message>
        <source>Show this help and exit.</source>
        <translation>このヘルプを表示して終了します。</translation>
    </message>
    <message>
        <source>Show this help and the options every Qt program takes (-platform, -style, …), and exit.</source>
        <translation>このヘルプと、すべての Qt プログラムが受け付けるオプション (-platform、-style など) を表示して終了します。</translation>
    </message>
    <message>
        <source>Show the program&apos;s version and exit.</source>
        <translation>プログラムのバージョンを表示して終了します。</translation>
    </message>
    <message>
        <source>Log SQL statements (without their values) and each refresh to stderr; by default only warnings and errors are logged.</source>
        <translation>SQL 文 (値は含みません) と各更新を標準エラー出力に記録します。既定では警告とエラーのみを記録します。</translation>
    </message>
    <message>
        <source>List the built-in schema profiles and the file each one is read from, and exit.</source>
        <translation>組み込みのスキーマプロファイルと、それぞれの読み込み元ファイルを一覧表示して終了します。</translation>
    </message>
    <message>
        <source>Write the incident report (as Audit → Incident report… does) to this PDF and exit, without a window or a display; the ticket comes from --audit-filter.</source>
        <translation>インシデントレポートを (監査 → インシデントレポート… と同じ方法で) この PDF に書き出して終了します。ウィンドウもディスプレイも使いません。チケットは --audit-filter から取ります。</translation>
    </message>
    <message>
        <source>%1 (--help lists the options)</source>
        <translation>%1 (オプションの一覧は --help で表示されます)</translation>
    </message>
    <message>
        <source>--%1 needs a number from %2 to %3, not &quot;%4&quot;.</source>
        <translation>--%1 には %2 から %3 までの数値を指定してください (「%4」は使えません)。</translation>
    </message>
    <message>
        <source>Qt&apos;s own options also apply, e.g. -platform NAME, -style NAME, -reverse, -qwindowgeometry GEOMETRY (see the QApplication and QGuiApplication documentation).</source>
        <translation>Qt 自身のオプションも使えます。例: -platform 名前、-style 名前、-reverse、-qwindowgeometry ジオメトリ (QApplication と QGuiApplication のドキュメントを参照)。</translation>
    </message>
    <message>
        <source>Unexpected argument &quot;%1&quot;.</source>
        <translation>予期しない引数「%1」です。</translation>
    </message>
    <message>
        <source>--report-pdf needs a file name.</source>
        <translation>--report-pdf にはファイル名が必要です。</translation>
    </message>
    <message>
        <source>Unknown profile &quot;%1&quot; (built-in: %2; or a .json file).</source>
        <translation>不明なプロファイル「%1」です (組み込み: %2、または .json ファイル)。</translation>
    </message>
    <message>
        <source>Checking %1 against %2 on %3
</source>
        <translation>%1 を %3 の %2 と照合しています
</translation>
    </message>
    <message>
        <source>The check could not run: %1</source>
        <translation>照合を実行できませんでした: %1</translation>
    </message>
    <message>
        <source>Check a schema profile (a JSON file or a built-in id) against the database of --connect and exit: every mapped column exists with a fitting type, rows per state, the dashboard&apos;s indexes. Exit status 0 when it fits, 1 when it does not, 2 when the check could not run.</source>
        <translation>スキーマプロファイル (JSON ファイルまたは組み込み ID) を --connect のデータベースと照合して終了します: 対応付けたすべての列が存在し型が合うか、状態ごとの行数、ダッシュボードのインデックス。終了ステータスは、合致すれば 0、合致しなければ 1、照合できなければ 2 です。</translation>
    </message>
    <message>
        <source>Print the admin kit for the table of --profile (SQL for psql -v ON_ERROR_STOP=1 -1 -f: its monitoring indexes, audit table, action function, roles and grants) and exit. Needs no database.</source>
        <translation>--profile のテーブル用の管理キット (psql -v ON_ERROR_STOP=1 -1 -f で適用する SQL: 監視用インデックス、監査テーブル、アクション関数、ロールと権限) を出力して終了します。データベースは不要です。</translation>
    </message>
    <message>
        <source>--print-kit: name of the read-only group role.</source>
        <translation>--print-kit: 読み取り専用グループロールの名前。</translation>
    </message>
    <message>
        <source>--print-kit: name of the operators&apos; group role.</source>
        <translation>--print-kit: オペレーター用グループロールの名前。</translation>
    </message>
    <message>
        <source>%1 needs --connect (or PGDATABASE or PGSERVICE in the environment).</source>
        <translation>%1 には --connect (または環境変数 PGDATABASE か PGSERVICE) が必要です。</translation>
    </message>
    <message>
        <source>Open the saved connection of this name (Connection → Manage connections…): its connection string, profile, read-only setting and environment. Not with --connect or --profile.</source>
        <translation>この名前の保存済み接続 (接続 → 接続の管理…) を開きます: 接続文字列、プロファイル、読み取り専用の設定、環境をその接続から取ります。--connect や --profile とは併用できません。</translation>
    </message>
    <message>
        <source>List the saved connections (name, environment, where each leads; never a password) and exit.</source>
        <translation>保存済み接続 (名前、環境、接続先。パスワードは表示しません) を一覧表示して終了します。</translation>
    </message>
    <message>
        <source>--connection and --connect cannot be given together: a saved connection brings its own connection string.</source>
        <translation>--connection と --connect は同時に指定できません: 保存済み接続は自分の接続文字列を持っています。</translation>
    </message>
    <message>
        <source>--connection and --profile cannot be given together: a saved connection brings its own profile.</source>
        <translation>--connection と --profile は同時に指定できません: 保存済み接続は自分のプロファイルを持っています。</translation>
    </message>
    <message>
        <source>--connection needs the name of a saved connection (--list-connections lists them).</source>
        <translation>--connection には保存済み接続の名前が必要です (--list-connections で一覧できます)。</translation>
    </message>
    <message>
        <source>No saved connection is called &quot;%1&quot;: none is saved yet (Connection → Manage connections… saves them).</source>
        <translation>「%1」という保存済み接続はありません: まだ何も保存されていません (接続 → 接続の管理… で保存できます)。</translation>
    </message>
    <message>
        <source>No saved connection is called &quot;%1&quot;. Saved: %2.</source>
        <translation>「%1」という保存済み接続はありません。保存済み: %2。</translation>
    </message>
    <message>
        <source>No saved connections (Connection → Manage connections… saves them).</source>
        <translation>保存済み接続はありません (接続 → 接続の管理… で保存できます)。</translation>
    </message>
    <message>
        <source>Open the fleet overview: every saved connection&apos;s database in one table, worst first, with one tray icon for all (--interval sets its refresh).</source>
        <translation>フリート概要を開きます: 保存済みのすべての接続のデータベースを、最も悪いものから順に 1 つの表に示し、トレイアイコンは全体で 1 つです (更新間隔は --interval で指定)。</translation>
    </message>
    <message>
        <source>--fleet opens every saved connection: not with --connect or --connection.</source>
        <translation>--fleet は保存済みのすべての接続を開きます: --connect や --connection とは併用できません。</translation>
    </message>
    <message>
        <source>--pooling takes auto, own, transaction or statement, not &quot;%1&quot;.</source>
        <translation>--pooling には auto、own、transaction、statement のいずれかを指定してください (「%1」は使えません)。</translation>
    </message>
    <message>
        <source>--print-kit: add a row-level security policy that lets both roles read every row of the table and its audit table (for tables whose policies would hide rows from the monitor).</source>
        <translation>--print-kit: 両ロールがテーブルと監査テーブルの全行を読めるようにする行レベルセキュリティのポリシーを追加します (ポリシーがモニターから行を隠すテーブル向け)。</translation>
    </message>
    <message>
        <source>What stands between the program and the server: auto (found out when connecting), own (direct: the server connection is the program&apos;s own; if a pooler answers, it is used as a transaction pool all the same), transaction or statement (a pooler in that mode).</source>
        <translation>プログラムとサーバーの間にあるもの: auto (接続時に判別)、own (直接接続: サーバー接続はプログラム専用。それでもプーラーが応答した場合はトランザクションプールとして使います)、transaction または statement (そのモードのプーラー)。</translation>
    </message>
    <message>
        <source>outbox-monitor: %1 declares actions but no &quot;audit&quot; section, and no change may be made without its audit row. The kit below creates the audit table %2. Once it is applied, add this section to the profile (the window and --check-profile then accept it):

%3
</source>
        <translation>outbox-monitor: %1 には &quot;actions&quot; がありますが &quot;audit&quot; セクションがありません。監査行のない変更はできません。以下のキットが監査テーブル %2 を作成します。適用したら、このセクションをプロファイルに追加してください (ウィンドウと --check-profile がそのプロファイルを受け付けるようになります):

%3
</translation>
    </message>
</context>
<context>
    <name>om</name>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 時間 %2 分</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation>%1 日 %2 時間</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 時間</translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation>%1 日</translation>
    </message>
</context>
<context>
    <name>om::ActionController</name>
    <message>
        <source>Actions</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>%1 the selected messages, or with nothing selected, every message matching the filter. Asks for a reason; writes one audit row per message.</source>
        <translation>選択したメッセージ (未選択の場合はフィルターに一致するすべてのメッセージ) に対して%1を実行します。理由の入力を求め、メッセージごとに監査行を 1 件書き込みます。</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>再試行</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Recover stuck</source>
        <translation>停滞を復旧</translation>
    </message>
    <message>
        <source>someone</source>
        <translation>(不明なユーザー)</translation>
    </message>
    <message>
        <source>?</source>
        <translation>?</translation>
    </message>
    <message>
        <source>None of these messages can be changed by &quot;%1&quot; now: they are not in %2.</source>
        <translation>これらのメッセージはいずれも現在「%1」で変更できません: %2 の状態ではありません。</translation>
    </message>
    <message>
        <source>%1 messages match: more than %2 in one action. Narrow the filter first.</source>
        <translation>%1 件のメッセージが一致します: 1 回の操作の上限 %2 件を超えています。先にフィルターを絞り込んでください。</translation>
    </message>
    <message>
        <source>This changes %1 messages (more than the bulk limit of %2). Are you sure?</source>
        <translation>%1 件のメッセージを変更します (一括上限 %2 件を超えています)。よろしいですか?</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n message(s) in one transaction…</source>
        <translation>
            <numerusform>%1: %n 件のメッセージを 1 トランザクションで処理中…</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancel (rolls back)</source>
        <translation>キャンセル (ロールバック)</translation>
    </message>
    <message>
        <source>%1 failed; nothing was changed.

%2</source>
        <translation>%1 に失敗しました。何も変更されていません。

%2</translation>
    </message>
    <message>
        <source>Could not count the messages: %1</source>
        <translation>メッセージ件数を取得できませんでした: %1</translation>
    </message>
    <message numerus="yes">
        <source>the %n message(s) selected in %1</source>
        <translation>
            <numerusform>%1 で選択した %n 件のメッセージ</numerusform>
        </translation>
    </message>
    <message>
        <source>the list</source>
        <translation>一覧</translation>
    </message>
    <message>
        <source>Committing…</source>
        <translation>コミット中…</translation>
    </message>
    <message>
        <source>%1 was cancelled and rolled back; nothing was changed.</source>
        <translation>%1 はキャンセルされ、ロールバックしました。何も変更されていません。</translation>
    </message>
    <message>
        <source>The connection was lost during COMMIT: the outcome is unknown.
Re-checking on a new connection (action id %1)…</source>
        <translation>COMMIT 中に接続が切れました: 結果は不明です。
新しい接続で再確認しています (操作 ID %1)…</translation>
    </message>
    <message>
        <source>The connection was lost during COMMIT. Re-checked on a new connection: the transaction was rolled back; nothing was changed.</source>
        <translation>COMMIT 中に接続が切れました。新しい接続で再確認した結果: トランザクションはロールバックされ、何も変更されていません。</translation>
    </message>
    <message>
        <source>The connection was lost during COMMIT and the outcome is still unknown: the server has not finished transaction %1. Look for audit rows of action id %2 before acting again.</source>
        <translation>COMMIT 中に接続が切れ、結果はまだ不明です: サーバーはトランザクション %1 を終えていません。再度操作する前に、操作 ID %2 の監査行を確認してください。</translation>
    </message>
    <message>
        <source>The connection was lost during COMMIT and the re-check failed (%1): the outcome is unknown. Look for audit rows of action id %2 before acting again.</source>
        <translation>COMMIT 中に接続が切れ、再確認にも失敗しました (%1): 結果は不明です。再度操作する前に、操作 ID %2 の監査行を確認してください。</translation>
    </message>
    <message numerus="yes">
        <source>%1@%2 (database user %3): %4 on %n message(s) of %5</source>
        <translation>
            <numerusform>%1@%2 (データベースユーザー %3): %5 の %n 件のメッセージに%4</numerusform>
        </translation>
    </message>
    <message>
        <source>The server has not answered for %1 s. If the connection breaks now, the outcome is checked on a new connection as soon as the server answers.</source>
        <translation>サーバーから %1 秒間応答がありません。ここで接続が切れた場合は、サーバーが応答しだい新しい接続で結果を確認します。</translation>
    </message>
    <message>
        <source>The server has not answered for %1 s. Nothing is committed yet: if the connection breaks, the transaction rolls back and nothing changes.</source>
        <translation>サーバーから %1 秒間応答がありません。まだ何もコミットされていません。接続が切れた場合はトランザクションがロールバックされ、何も変更されません。</translation>
    </message>
</context>
<context>
    <name>om::ActionMessagesDialog</name>
    <message>
        <source>Open in Triage</source>
        <translation>トリアージで開く</translation>
    </message>
    <message>
        <source>What became of %1 (action %2)</source>
        <translation>%1 のその後 (操作 %2)</translation>
    </message>
    <message>
        <source>Reading the action&apos;s messages…</source>
        <translation>操作のメッセージを読み込み中…</translation>
    </message>
    <message>
        <source>The first %1 messages of the action, by id, as they are now.</source>
        <translation>操作のメッセージのうち ID 順で最初の %1 件の現在の状態です。</translation>
    </message>
    <message>
        <source>The action&apos;s %1 messages as they are now.</source>
        <translation>操作の %1 件のメッセージの現在の状態です。</translation>
    </message>
    <message>
        <source>%1 are no longer in the table.</source>
        <translation>%1 件はもうテーブルにありません。</translation>
    </message>
    <message>
        <source>Could not read the action&apos;s messages: %1</source>
        <translation>操作のメッセージを読み込めませんでした: %1</translation>
    </message>
    <message>
        <source>%1 were moved to the archive, in the state shown.</source>
        <translation>%1 件はアーカイブに移されています (状態は表示のとおり)。</translation>
    </message>
</context>
<context>
    <name>om::ActionMessagesModel</name>
    <message>
        <source>(gone)</source>
        <translation>(削除済み)</translation>
    </message>
    <message>
        <source>(no state)</source>
        <translation>(どの状態でもない)</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>メッセージ</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>キー</translation>
    </message>
    <message>
        <source>State now</source>
        <translation>現在の状態</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>エラー</translation>
    </message>
    <message>
        <source>Last update</source>
        <translation>最終更新</translation>
    </message>
    <message>
        <source>(archived, in no state)</source>
        <translation>(アーカイブ済み、どの状態にも該当せず)</translation>
    </message>
    <message>
        <source>%1 (archived)</source>
        <translation>%1 (アーカイブ済み)</translation>
    </message>
</context>
<context>
    <name>om::ActionRunner</name>
    <message>
        <source>This database stores text in %1, which cannot hold some characters of &quot;%2&quot;. Nothing was changed; write the reason and ticket in characters the database can hold.</source>
        <translation>このデータベースは文字列を %1 で保存するため、「%2」の一部の文字を保存できません。何も変更されていません。理由とチケットはデータベースが保存できる文字で入力してください。</translation>
    </message>
    <message>
        <source>The profile %1 has no action &quot;%2&quot;.</source>
        <translation>プロファイル %1 に操作「%2」はありません。</translation>
    </message>
    <message>
        <source>No messages were chosen.</source>
        <translation>メッセージが選択されていません。</translation>
    </message>
    <message>
        <source>Read-only session: nothing can be changed.</source>
        <translation>読み取り専用セッション: 変更はできません。</translation>
    </message>
    <message>
        <source>The server changed since the messages were counted: they were counted in database %1 of cluster %2 (at %3), and the connection now reaches database %4 of cluster %5 (at %6), which holds other data. Nothing was changed. Count the messages again on the server the window shows now.</source>
        <translation>メッセージを数えた後にサーバーが変わりました: クラスター %2 のデータベース %1 (%3) で数えましたが、接続は今、別のデータを持つクラスター %5 のデータベース %4 (%6) につながっています。何も変更していません。ウィンドウが今表示しているサーバーで、メッセージを数え直してください。</translation>
    </message>
</context>
<context>
    <name>om::Appearance</name>
    <message>
        <source>&amp;Follow the desktop (dark now)</source>
        <translation>デスクトップに従う (現在はダーク)(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Follow the desktop (light now)</source>
        <translation>デスクトップに従う (現在はライト)(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Follow the desktop (it says neither: the system palette)</source>
        <translation>デスクトップに従う (指定なし: システムのパレット)(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Appearance</source>
        <translation>外観(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>ライト(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>ダーク(&amp;D)</translation>
    </message>
</context>
<context>
    <name>om::AuditCsvExport</name>
    <message>
        <source>An export is already running.</source>
        <translation>エクスポートはすでに実行中です。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 に書き込めません: %2</translation>
    </message>
    <message>
        <source>Export cancelled; no file was written.</source>
        <translation>エクスポートをキャンセルしました。ファイルは書き込まれていません。</translation>
    </message>
    <message>
        <source>Writing the file failed: %1</source>
        <translation>ファイルの書き込みに失敗しました: %1</translation>
    </message>
    <message>
        <source>Reading the audit trail failed: %1</source>
        <translation>監査証跡の読み取りに失敗しました: %1</translation>
    </message>
    <message>
        <source>Saving the file failed: %1</source>
        <translation>ファイルの保存に失敗しました: %1</translation>
    </message>
</context>
<context>
    <name>om::AuditModel</name>
    <message>
        <source>%1 (server time, UTC %2)</source>
        <translation>%1 (サーバー時刻、UTC %2)</translation>
    </message>
    <message>
        <source>(message gone)</source>
        <translation>(メッセージは削除済み)</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>Time (%1)</source>
        <translation>時刻 (%1)</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>メッセージ</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>キー</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>ステータス</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>理由</translation>
    </message>
    <message>
        <source>Ticket</source>
        <translation>チケット</translation>
    </message>
    <message>
        <source>Database user</source>
        <translation>データベースユーザー</translation>
    </message>
    <message>
        <source>OS user@host</source>
        <translation>OS ユーザー@ホスト</translation>
    </message>
    <message>
        <source>App version</source>
        <translation>アプリのバージョン</translation>
    </message>
    <message>
        <source>Action %1, its %2 messages now: %3</source>
        <translation>操作 %1 の %2 件のメッセージの現在: %3</translation>
    </message>
    <message>
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <source>Outcome (now)</source>
        <translation>結果 (現在)</translation>
    </message>
</context>
<context>
    <name>om::AuditOutcomes</name>
    <message>
        <source>What became of it…</source>
        <translation>その後…</translation>
    </message>
    <message>
        <source>The selected row&apos;s action: each of its messages and the state it is in now</source>
        <translation>選択した行の操作: その各メッセージと現在の状態</translation>
    </message>
</context>
<context>
    <name>om::AuditView</name>
    <message>
        <source>From</source>
        <translation>期間</translation>
    </message>
    <message>
        <source>to</source>
        <translation>～</translation>
    </message>
    <message>
        <source>Open message</source>
        <translation>メッセージを開く</translation>
    </message>
    <message>
        <source>any action</source>
        <translation>すべての操作</translation>
    </message>
    <message>
        <source>operator (db or OS user)</source>
        <translation>オペレーター (DB または OS ユーザー)</translation>
    </message>
    <message>
        <source>message key contains</source>
        <translation>メッセージキーを含む</translation>
    </message>
    <message>
        <source>ticket</source>
        <translation>チケット</translation>
    </message>
    <message>
        <source>reason contains</source>
        <translation>理由を含む</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>適用</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>CSV をエクスポート…</translation>
    </message>
    <message>
        <source>Incident report…</source>
        <translation>インシデントレポート…</translation>
    </message>
    <message>
        <source>%1 rows shown, newest first; scroll for more</source>
        <translation>%1 行を表示 (新しい順)。スクロールでさらに表示</translation>
    </message>
    <message>
        <source>%1 rows, newest first</source>
        <translation>%1 行 (新しい順)</translation>
    </message>
    <message>
        <source>Could not read the audit trail: %1</source>
        <translation>監査証跡を読み取れませんでした: %1</translation>
    </message>
    <message>
        <source>%1 rows written…</source>
        <translation>%1 行を書き込みました…</translation>
    </message>
    <message>
        <source>Exported %1 rows.</source>
        <translation>%1 行をエクスポートしました。</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>読み込み中…</translation>
    </message>
    <message>
        <source>Select an audit row first.</source>
        <translation>先に監査行を選択してください。</translation>
    </message>
    <message>
        <source>Export audit trail</source>
        <translation>監査証跡のエクスポート</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV ファイル (*.csv)</translation>
    </message>
    <message>
        <source>Exporting…</source>
        <translation>エクスポート中…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Making the incident report…</source>
        <translation>インシデントレポートを作成中…</translation>
    </message>
    <message>
        <source>Incident report written to %1</source>
        <translation>インシデントレポートを %1 に書き出しました</translation>
    </message>
    <message>
        <source>The audit list stops at %1 rows to keep memory bounded; narrow the filter, or export to CSV for all of them.</source>
        <translation>メモリを抑えるため監査一覧は %1 行で止まります。フィルターを絞り込むか、すべての行は CSV にエクスポートしてください。</translation>
    </message>
    <message>
        <source>Profile %1 names no audit table, so there is no audit trail and no actions (a change needs its audit row). To record actions, add an &quot;audit&quot; section to the profile naming a table with the message id, action, reason, old and new state, who and when; the admin kit can create one.</source>
        <translation>プロファイル %1 は監査テーブルを指定していないため、監査証跡も操作もありません (変更には必ず監査行が必要です)。操作を記録するには、メッセージ ID・操作・理由・変更前後の状態・実行者・日時を持つテーブルを指定する &quot;audit&quot; セクションをプロファイルに追加してください。管理キットで作成できます。</translation>
    </message>
</context>
<context>
    <name>om::BlockedKeysModel</name>
    <message>
        <source>failing</source>
        <translation>失敗中</translation>
    </message>
    <message>
        <source>stuck</source>
        <translation>停滞</translation>
    </message>
    <message>
        <source>retrying</source>
        <translation>再試行待ち</translation>
    </message>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Ordering key</source>
        <translation>順序キー</translation>
    </message>
    <message>
        <source>Waiting behind</source>
        <translation>後ろで待機</translation>
    </message>
    <message>
        <source>Oldest waiting</source>
        <translation>最古の送信待ち</translation>
    </message>
    <message>
        <source>Head state</source>
        <translation>先頭の状態</translation>
    </message>
    <message>
        <source>Head age</source>
        <translation>先頭の経過時間</translation>
    </message>
    <message>
        <source>Retries</source>
        <translation>再試行回数</translation>
    </message>
    <message>
        <source>Error code</source>
        <translation>エラーコード</translation>
    </message>
    <message>
        <source>Last error</source>
        <translation>最後のエラー</translation>
    </message>
    <message>
        <source>Head id</source>
        <translation>先頭の ID</translation>
    </message>
    <message>
        <source>key locked by a process that is gone</source>
        <translation>キーのロックを持つプロセスが消えている</translation>
    </message>
    <message>
        <source>key locked too long</source>
        <translation>キーのロックが長すぎる</translation>
    </message>
    <message>
        <source>key locked by a holder whose heartbeat stopped</source>
        <translation>キーのロックを持つ保持者のハートビートが止まっている</translation>
    </message>
    <message>
        <source>(no key: one line)</source>
        <comment>the line of the messages whose ordering key is NULL</comment>
        <translation>(キーなし: 1 つの列)</translation>
    </message>
</context>
<context>
    <name>om::BlockedKeysView</name>
    <message>
        <source>Refresh</source>
        <translation>更新</translation>
    </message>
    <message>
        <source>Messages of this key</source>
        <translation>このキーのメッセージ</translation>
    </message>
    <message>
        <source>Opens every message of the selected key in Triage&apos;s list</source>
        <translation>選択したキーのすべてのメッセージをトリアージの一覧で開きます</translation>
    </message>
    <message>
        <source>Blocked keys unavailable: %1</source>
        <translation>詰まっているキーを取得できません: %1</translation>
    </message>
    <message>
        <source>No key is blocked: every key&apos;s head is moving.</source>
        <translation>詰まっているキーはありません。どのキーの先頭も進んでいます。</translation>
    </message>
    <message>
        <source>Retry head…</source>
        <translation>先頭を再試行…</translation>
    </message>
    <message>
        <source>Cancel head…</source>
        <translation>先頭を取消…</translation>
    </message>
    <message>
        <source>Recover stuck head…</source>
        <translation>停滞した先頭を回復…</translation>
    </message>
    <message>
        <source>%1; %2.</source>
        <translation>%1、%2。</translation>
    </message>
    <message numerus="yes">
        <source>%n key(s) blocked</source>
        <translation>
            <numerusform>%n キーが詰まっています</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n message(s) wait behind their heads</source>
        <translation>
            <numerusform>先頭の後ろで %n 件が待機中</numerusform>
        </translation>
    </message>
    <message>
        <source>Only the worst %1 keys are listed.</source>
        <translation>影響の大きい %1 キーだけを表示しています。</translation>
    </message>
    <message>
        <source>Messages of one %1 are delivered in order: every message of the key waits while its head (the message the library takes next for it) is failing, stuck or retrying.</source>
        <translation>同じ %1 のメッセージは順番に配信されます。先頭 (ライブラリがそのキーで次に取り出すメッセージ) が失敗・停滞・再試行待ちの間、そのキーの後続メッセージはすべて待たされます。</translation>
    </message>
    <message>
        <source>Messages of one %1 are delivered in order: every message of the key waits while its head (the message the library takes next for it) is failing, stuck or retrying in %2.</source>
        <translation>同じ %1 のメッセージは順番に配信されます。先頭 (ライブラリがそのキーで次に取り出すメッセージ) が %2 で失敗・停滞・再試行待ちの間、そのキーの後続メッセージはすべて待たされます。</translation>
    </message>
    <message>
        <source>messages in %1 (the library passes over them)</source>
        <translation>%1 のメッセージ (ライブラリが飛ばします)</translation>
    </message>
    <message>
        <source>messages that %1 marks as unordered</source>
        <translation>%1 で順序なしと示されたメッセージ</translation>
    </message>
    <message>
        <source>messages without a %1</source>
        <translation>%1 のないメッセージ</translation>
    </message>
    <message>
        <source>In no key&apos;s line: %1.</source>
        <translation>どのキーの列にも入らないもの: %1。</translation>
    </message>
    <message>
        <source>Worst first.</source>
        <translation>影響の大きい順に表示します。</translation>
    </message>
    <message>
        <source>This key is held by its lock in %1, not by its head: an action on the head would not move it.</source>
        <translation>このキーを止めているのは先頭ではなく %1 にあるロックです。先頭を操作してもキーは動きません。</translation>
    </message>
    <message>
        <source>; </source>
        <comment>between the items of a list in a sentence</comment>
        <translation>、</translation>
    </message>
    <message>
        <source>Messages without a %1 are one line of their own.</source>
        <translation>%1 のないメッセージは、それだけで 1 つの列になります。</translation>
    </message>
    <message>
        <source>A message in %1 runs alone in its key: it is the key&apos;s head, and the rest of the key waits until it ends.</source>
        <translation>%1 のメッセージはキーの中で単独で実行されます。それがキーの先頭で、キーの残りはその終了を待ちます。</translation>
    </message>
    <message>
        <source>%1 descending</source>
        <translation>%1 の降順</translation>
    </message>
    <message>
        <source>A key&apos;s messages are taken by %1, then id.</source>
        <translation>キーのメッセージは %1、次に id の順に取り出されます。</translation>
    </message>
    <message numerus="yes">
        <source>%n second(s) after its holder&apos;s last heartbeat</source>
        <translation>
            <numerusform>保持者の最後のハートビートから %n 秒後</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n second(s) after it was taken</source>
        <translation>
            <numerusform>取得から %n 秒後</numerusform>
        </translation>
    </message>
    <message>
        <source>The key&apos;s lock in %1 is held too, and this action does not free it.</source>
        <translation>このキーの %1 のロックも保持されており、この操作ではロックは解放されません。</translation>
    </message>
    <message>
        <source>The key&apos;s lock in %1 is held too (by %2), and this action does not free it.</source>
        <translation>このキーの %1 のロックも (%2 によって) 保持されており、この操作ではロックは解放されません。</translation>
    </message>
    <message>
        <source>The worker takes none of the key&apos;s messages until its holder or the library frees it.</source>
        <translation>保持者かライブラリがロックを解放するまで、ワーカーはこのキーのメッセージを 1 件も取り出しません。</translation>
    </message>
    <message>
        <source>The worker takes none of the key&apos;s messages until the library frees it, %1.</source>
        <translation>ライブラリがロックを解放する (%1) まで、ワーカーはこのキーのメッセージを 1 件も取り出しません。</translation>
    </message>
    <message>
        <source> or </source>
        <comment>between two times at which a lock is freed</comment>
        <translation>または</translation>
    </message>
    <message>
        <source>by a process that is gone</source>
        <translation>消えたプロセスによって</translation>
    </message>
    <message numerus="yes">
        <source>by a holder without a heartbeat for %n second(s)</source>
        <translation>
            <numerusform>%n 秒間ハートビートのない保持者によって</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>for longer than %n second(s), when the library frees it itself</source>
        <translation>
            <numerusform>%n 秒 (ライブラリ自身が解放するまでの時間) より長く</numerusform>
        </translation>
    </message>
    <message>
        <source>for longer than the stuck timeout</source>
        <translation>停滞タイムアウトより長く</translation>
    </message>
    <message>
        <source>A key is also held while its lock in %1 is held %2.</source>
        <translation>%1 にあるキーのロックが%2持たれている間も、そのキーは止まります。</translation>
    </message>
    <message>
        <source>, or </source>
        <comment>between the cases in which a lock holds its key</comment>
        <translation>、または</translation>
    </message>
    <message>
        <source>the head of key %1 (message %2) in Blocked keys.</source>
        <translation>詰まっているキー一覧のキー %1 の先頭 (メッセージ %2)。</translation>
    </message>
</context>
<context>
    <name>om::ColumnTypes</name>
    <message>
        <source>&quot;types.id&quot; must be one of %1.</source>
        <translation>&quot;types.id&quot; は %1 のいずれかにしてください。</translation>
    </message>
    <message>
        <source>&quot;types&quot; names &quot;%1&quot;, which is not a mapped time column (%2).</source>
        <translation>&quot;types&quot; の &quot;%1&quot; は対応付けられた時刻列ではありません (%2)。</translation>
    </message>
    <message>
        <source>&quot;types.%1&quot; must be one of %2.</source>
        <translation>&quot;types.%1&quot; は %2 のいずれかにしてください。</translation>
    </message>
    <message>
        <source>&quot;timeZone&quot; must name a time zone such as &quot;Europe/Berlin&quot; or &quot;UTC&quot;.</source>
        <translation>&quot;timeZone&quot; には &quot;Europe/Berlin&quot; や &quot;UTC&quot; のようなタイムゾーン名を指定してください。</translation>
    </message>
    <message>
        <source>A &quot;timestamp&quot; column (without time zone) needs the zone its times are written in: add &quot;timeZone&quot;, e.g. &quot;timeZone&quot;: &quot;Europe/Berlin&quot; (or &quot;UTC&quot;).</source>
        <translation>&quot;timestamp&quot; 列 (タイムゾーンなし) には、時刻が書かれたタイムゾーンが必要です。&quot;timeZone&quot; を追加してください (例: &quot;timeZone&quot;: &quot;Europe/Berlin&quot;、または &quot;UTC&quot;)。</translation>
    </message>
    <message>
        <source>&quot;audit.messageIdType&quot; must be one of %1.</source>
        <translation>&quot;audit.messageIdType&quot; は %1 のいずれかにしてください。</translation>
    </message>
    <message>
        <source>&quot;errorMessagePath&quot; reads inside a JSON error: it needs &quot;types&quot;: {&quot;errorMessage&quot;: &quot;jsonb&quot;} (or json, json[], jsonb[]).</source>
        <translation>&quot;errorMessagePath&quot; は JSON のエラーの中を読みます。&quot;types&quot;: {&quot;errorMessage&quot;: &quot;jsonb&quot;} (または json、json[]、jsonb[]) が必要です。</translation>
    </message>
    <message>
        <source>&quot;errorMessagePath&quot; must be a list of keys to the message inside the JSON error, e.g. [&quot;error&quot;, &quot;message&quot;], or a list of such lists where a library writes it in several places.</source>
        <translation>&quot;errorMessagePath&quot; は JSON エラー内のメッセージへのキーのリスト (例: [&quot;error&quot;, &quot;message&quot;])、またはライブラリが複数の場所に書く場合はそのリストのリストでなければなりません。</translation>
    </message>
</context>
<context>
    <name>om::ConnectionDialog</name>
    <message>
        <source>Read-only session</source>
        <translation>読み取り専用セッション</translation>
    </message>
    <message>
        <source>Connect to PostgreSQL</source>
        <translation>PostgreSQL に接続</translation>
    </message>
    <message>
        <source>host=db.example port=5432 dbname=app user=ops   or   postgresql://ops@db.example/app</source>
        <translation>host=db.example port=5432 dbname=app user=ops   または   postgresql://ops@db.example/app</translation>
    </message>
    <message>
        <source>Connection:</source>
        <translation>接続:</translation>
    </message>
    <message>
        <source>Table profile:</source>
        <translation>テーブルプロファイル:</translation>
    </message>
    <message>
        <source>Remember password in the system keychain</source>
        <translation>パスワードをシステムのキーチェーンに保存する</translation>
    </message>
    <message>
        <source>optional: empty = keychain, ~/.pgpass, service file or PGPASSWORD</source>
        <translation>任意: 空欄ならキーチェーン、~/.pgpass、サービスファイル、PGPASSWORD</translation>
    </message>
    <message>
        <source>Passwords are taken from the system keychain (when remembered there), ~/.pgpass (or PGPASSFILE), a service file (service=...) or PGPASSWORD; Outbox Monitor never stores them anywhere else.</source>
        <translation>パスワードはシステムのキーチェーン (保存した場合)、~/.pgpass (または PGPASSFILE)、サービスファイル (service=...)、PGPASSWORD から取得します。Outbox Monitor がそれ以外の場所に保存することはありません。</translation>
    </message>
    <message>
        <source>Password:</source>
        <translation>パスワード:</translation>
    </message>
    <message>
        <source>Checking the system keychain…</source>
        <translation>システムのキーチェーンを確認しています…</translation>
    </message>
    <message>
        <source>The password in the connection string is used for this connection only: it is taken out and never saved with the connection string.</source>
        <translation>接続文字列中のパスワードはこの接続にだけ使います。接続文字列からは取り除かれ、一緒に保存されることはありません。</translation>
    </message>
    <message>
        <source>Saving the password in the system keychain…</source>
        <translation>パスワードをシステムのキーチェーンに保存しています…</translation>
    </message>
    <message>
        <source>Looking for a password in the system keychain…</source>
        <translation>システムのキーチェーンでパスワードを探しています…</translation>
    </message>
    <message>
        <source>Password read from the system keychain.</source>
        <translation>システムのキーチェーンからパスワードを読み込みました。</translation>
    </message>
    <message>
        <source>Password saved in the system keychain.</source>
        <translation>パスワードをシステムのキーチェーンに保存しました。</translation>
    </message>
    <message>
        <source>The password was not remembered: %1</source>
        <translation>パスワードは保存されませんでした: %1</translation>
    </message>
    <message>
        <source>&amp;Saved connection:</source>
        <translation>保存済みの接続(&amp;S):</translation>
    </message>
    <message>
        <source>None: type a connection below</source>
        <translation>なし: 下に接続を入力</translation>
    </message>
</context>
<context>
    <name>om::ConnectionInfoDialog</name>
    <message>
        <source>Direct: the server connection is this window&apos;s own.</source>
        <translation>直接接続: サーバー接続はこのウィンドウ専用です。</translation>
    </message>
    <message>
        <source>Through a connection pooler, treated as transaction pooling: each transaction may run on another server connection, shared with other clients.</source>
        <translation>接続プーラー経由 (トランザクションプーリングとして扱います): トランザクションごとに、他のクライアントと共有する別のサーバー接続で実行されることがあります。</translation>
    </message>
    <message>
        <source>Through a connection pooler in statement mode: no transactions, so no actions. Monitoring works.</source>
        <translation>ステートメントモードの接続プーラー経由: トランザクションが使えないため操作はできません。監視は動作します。</translation>
    </message>
    <message>
        <source>Found out after connecting: %1.</source>
        <translation>接続後に判明: %1。</translation>
    </message>
    <message>
        <source>As the connection&apos;s settings say.</source>
        <translation>接続の設定どおりです。</translation>
    </message>
    <message>
        <source>Found out at connect: the server process that answers is the connection&apos;s own.</source>
        <translation>接続時に判別: 応答するサーバープロセスはこの接続専用のものです。</translation>
    </message>
    <message>
        <source>While connected: session settings (time zone, date style, time limits, read-only), prepared statements, and LISTEN for other operators&apos; actions. All end with the connection.</source>
        <translation>接続中のみ: セッション設定 (タイムゾーン、日付形式、時間制限、読み取り専用)、プリペアドステートメント、他のオペレーターの操作を受け取る LISTEN。いずれも接続とともに消えます。</translation>
    </message>
    <message>
        <source>None: statements run until they end or are cancelled.</source>
        <translation>なし: 文は終わるか取り消されるまで実行されます。</translation>
    </message>
    <message>
        <source>%1 s: the server&apos;s own limit for this role or database, which the window keeps (it is not longer than the window&apos;s own).</source>
        <translation>%1 秒: このロールまたはデータベースに対するサーバー自身の制限で、ウィンドウはこれを守ります (ウィンドウ自身の制限より長くありません)。</translation>
    </message>
    <message>
        <source>%1 s, the window&apos;s own.</source>
        <translation>%1 秒 (ウィンドウ自身の制限)。</translation>
    </message>
    <message>
        <source>Connection information</source>
        <translation>接続情報</translation>
    </message>
    <message>
        <source>not connected yet</source>
        <translation>未接続</translation>
    </message>
    <message>
        <source>direct</source>
        <translation>直接</translation>
    </message>
    <message>
        <source>transaction pooler</source>
        <translation>トランザクションプーラー</translation>
    </message>
    <message>
        <source>statement pooler</source>
        <translation>ステートメントプーラー</translation>
    </message>
    <message>
        <source>Database</source>
        <translation>データベース</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>経路</translation>
    </message>
    <message>
        <source>Not connected yet.</source>
        <translation>まだ接続していません。</translation>
    </message>
    <message>
        <source>How the window knows</source>
        <translation>判別の方法</translation>
    </message>
    <message>
        <source>Left on the server</source>
        <translation>サーバーに残るもの</translation>
    </message>
    <message>
        <source>Statement time limit</source>
        <translation>文の時間制限</translation>
    </message>
    <message>
        <source>Read-only</source>
        <translation>読み取り専用</translation>
    </message>
    <message>
        <source>Enforced by the server in every transaction.</source>
        <translation>すべてのトランザクションでサーバーが強制します。</translation>
    </message>
    <message>
        <source>Kept by the window only: statement pooling allows no read-only transactions. Use a role that cannot write to be sure.</source>
        <translation>ウィンドウ側でのみ守っています: ステートメントプーリングでは読み取り専用トランザクションが使えません。確実にするには書き込めないロールを使ってください。</translation>
    </message>
    <message>
        <source>Other operators&apos; actions</source>
        <translation>他のオペレーターの操作</translation>
    </message>
    <message>
        <source>Monitor</source>
        <translation>監視</translation>
    </message>
    <message>
        <source>Browse</source>
        <translation>閲覧</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message numerus="yes">
        <source>%1: %2, server process %3, %n server connection(s) seen</source>
        <translation>
            <numerusform>%1: %2、サーバープロセス %3、これまでに %n 本のサーバー接続</numerusform>
        </translation>
    </message>
    <message>
        <source>Connections</source>
        <translation>接続</translation>
    </message>
    <message>
        <source>%1: not used, the window is read-only</source>
        <translation>%1: 使いません (ウィンドウは読み取り専用)</translation>
    </message>
    <message>
        <source>%1: not connected yet (it connects at its first job)</source>
        <translation>%1: 未接続 (最初の処理のときに接続します)</translation>
    </message>
    <message>
        <source>Not encrypted (sslmode=%1): what the window reads and sends crosses the network as it is.</source>
        <translation>暗号化されていません (sslmode=%1): このウィンドウが読み書きする内容はそのままネットワークを流れます。</translation>
    </message>
    <message>
        <source>Encrypted: %1, %2 (%3-bit key).</source>
        <translation>暗号化されています: %1、%2 (鍵長 %3 ビット)。</translation>
    </message>
    <message>
        <source>The server&apos;s certificate and its host name were verified (sslmode=%1).</source>
        <translation>サーバー証明書とホスト名を検証しました (sslmode=%1)。</translation>
    </message>
    <message>
        <source>The server&apos;s certificate was verified against a root certificate, not its host name (sslmode=%1).</source>
        <translation>サーバー証明書はルート証明書に対して検証しましたが、ホスト名は検証していません (sslmode=%1)。</translation>
    </message>
    <message>
        <source>The server&apos;s certificate was not verified (sslmode=%1): encrypted, but to whoever answered.</source>
        <translation>サーバー証明書は検証していません (sslmode=%1): 暗号化されていますが、相手が誰かは確かめていません。</translation>
    </message>
    <message>
        <source>A client certificate was offered.</source>
        <translation>クライアント証明書を提示しました。</translation>
    </message>
    <message>
        <source>Encryption</source>
        <translation>暗号化</translation>
    </message>
    <message>
        <source>Declared as its own connection, but a connection pooler answered: treated as transaction pooling, as each transaction may run on another server connection, shared with other clients.</source>
        <translation>専用の接続と指定されていますが、接続プーラーが応答しました: トランザクションプーリングとして扱います。トランザクションごとに、他のクライアントと共有する別のサーバー接続で実行されることがあるためです。</translation>
    </message>
    <message>
        <source>The connection&apos;s settings say it is its own (direct, or a session pool), but at connect the server process that answered was not the one the connection was given: a pooler stands in between. A session pool cannot be told from a transaction pool from outside, so the window keeps to what is safe in front of any pooler.</source>
        <translation>接続の設定では専用の接続 (直接接続またはセッションプール) とされていますが、接続時に応答したサーバープロセスが接続時に知らされたものと異なりました: 間にプーラーがあります。セッションプールとトランザクションプールは外からは区別できないため、このウィンドウはどのプーラーの前でも安全な方法に従います。</translation>
    </message>
    <message>
        <source>Declared as its own connection, but a connection pooler answered: nothing is kept beyond each transaction. Settings are SET LOCAL inside it, statements are not prepared by name, nothing is listened for, and a cancel ends the window&apos;s side of the connection instead of being sent to the pooler.</source>
        <translation>専用の接続と指定されていますが、接続プーラーが応答しました: 各トランザクションを超えて残すものはありません。設定はトランザクション内の SET LOCAL、文は名前付きで準備せず、LISTEN もしません。キャンセルはプーラーに送らず、このウィンドウ側の接続を切ります。</translation>
    </message>
    <message>
        <source>Nothing beyond each transaction: settings are SET LOCAL inside it, statements are not prepared by name, nothing is listened for, and a cancel ends the window&apos;s side of the connection instead of being sent to the pooler.</source>
        <translation>各トランザクションを超えて残るものはありません: 設定はトランザクション内の SET LOCAL、文は名前付きで準備せず、LISTEN もしません。キャンセルはプーラーに送らず、このウィンドウ側の接続を切ります。</translation>
    </message>
    <message>
        <source>transaction pooler (declared own, but a pooler answered)</source>
        <translation>トランザクションプーラー (専用と指定されていますが、プーラーが応答しました)</translation>
    </message>
    <message>
        <source>Found out at connect: the server process that answers is not the one the connection was given, so a pooler stands in between. A session pool cannot be told from a transaction pool from outside, so either is used as a transaction pool.</source>
        <translation>接続時に判別: 応答するサーバープロセスが、接続時に知らされたものと異なるため、間にプーラーがあります。セッションプールとトランザクションプールは外からは区別できないため、どちらもトランザクションプールとして使います。</translation>
    </message>
</context>
<context>
    <name>om::ConnectionManager</name>
    <message>
        <source>Saved connections</source>
        <translation>保存済み接続</translation>
    </message>
    <message>
        <source>New</source>
        <translation>新規</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>複製</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>削除…</translation>
    </message>
    <message>
        <source>Import from service file</source>
        <translation>サービスファイルから取り込む</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Revert</source>
        <translation>元に戻す</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>接続テスト</translation>
    </message>
    <message>
        <source>Cancel test</source>
        <translation>テストを中止</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>開く</translation>
    </message>
    <message>
        <source>One saved connection per service of pg_service.conf (PGSERVICEFILE, ~/.pg_service.conf, the system&apos;s) not saved yet</source>
        <translation>pg_service.conf (PGSERVICEFILE、~/.pg_service.conf、システムのもの) のまだ保存されていないサービスごとに保存済み接続を 1 つ作ります</translation>
    </message>
    <message>
        <source>Opens a new window for this connection</source>
        <translation>この接続の新しいウィンドウを開きます</translation>
    </message>
    <message>
        <source>New connection</source>
        <translation>新しい接続</translation>
    </message>
    <message>
        <source>%1 (copy)</source>
        <translation>%1 (コピー)</translation>
    </message>
    <message>
        <source>Delete saved connection</source>
        <translation>保存済み接続の削除</translation>
    </message>
    <message>
        <source>Delete the saved connection &quot;%1&quot;? Its history and settings on this computer stay; a password in the keychain stays too.</source>
        <translation>保存済み接続「%1」を削除しますか？ このコンピューター上の履歴と設定は残ります。キーチェーンのパスワードも残ります。</translation>
    </message>
    <message>
        <source>Deleted &quot;%1&quot;.</source>
        <translation>「%1」を削除しました。</translation>
    </message>
    <message>
        <source>Saved &quot;%1&quot;.</source>
        <translation>「%1」を保存しました。</translation>
    </message>
    <message>
        <source>The table profile cannot be used: %1</source>
        <translation>テーブルプロファイルを使えません: %1</translation>
    </message>
    <message>
        <source>Looking for a password in the system keychain…</source>
        <translation>システムのキーチェーンでパスワードを探しています…</translation>
    </message>
    <message>
        <source>Testing %1 …</source>
        <translation>%1 をテストしています…</translation>
    </message>
    <message>
        <source>Test cancelled.</source>
        <translation>テストを中止しました。</translation>
    </message>
    <message>
        <source>Failed after %1 ms: %2
%3</source>
        <translation>%1 ms 後に失敗しました: %2
%3</translation>
    </message>
    <message>
        <source>Connected in %1 ms to %2.</source>
        <translation>%2 に %1 ms で接続しました。</translation>
    </message>
    <message>
        <source>Server: PostgreSQL %1%2</source>
        <translation>サーバー: PostgreSQL %1%2</translation>
    </message>
    <message>
        <source> (standby, read-only)</source>
        <translation>(スタンバイ、読み取り専用)</translation>
    </message>
    <message>
        <source>Database: %1</source>
        <translation>データベース: %1</translation>
    </message>
    <message>
        <source>Role: %1</source>
        <translation>ロール: %1</translation>
    </message>
    <message>
        <source>May change messages: yes — %1</source>
        <translation>メッセージの変更: 可 — %1</translation>
    </message>
    <message>
        <source>May change messages: no — %1</source>
        <translation>メッセージの変更: 不可 — %1</translation>
    </message>
    <message>
        <source>Remember password</source>
        <translation>パスワードを記憶</translation>
    </message>
    <message>
        <source>Stores the password typed above in the system keychain, under this connection&apos;s role, host and database; a window opened for the connection reads it there.</source>
        <translation>上に入力したパスワードを、この接続のロール・ホスト・データベースの名前でシステムのキーチェーンに保存します。この接続で開いたウィンドウはそこから読み取ります。</translation>
    </message>
    <message>
        <source>Saving the password for %1 in the system keychain…</source>
        <translation>%1 のパスワードをシステムのキーチェーンに保存中…</translation>
    </message>
    <message>
        <source>Password for %1 saved in the system keychain; a window opened for this connection reads it there.</source>
        <translation>%1 のパスワードをシステムのキーチェーンに保存しました。この接続で開いたウィンドウはそこから読み取ります。</translation>
    </message>
    <message>
        <source>The password was not remembered: %1</source>
        <translation>パスワードは保存されませんでした: %1</translation>
    </message>
    <message>
        <source>Forget password</source>
        <translation>パスワードを削除</translation>
    </message>
    <message>
        <source>Removes the password kept in the system keychain for this connection&apos;s role, host and database; windows then take it from ~/.pgpass, a service file or PGPASSWORD.</source>
        <translation>この接続のロール・ホスト・データベースについてシステムのキーチェーンに保存したパスワードを削除します。以後ウィンドウは ~/.pgpass、サービスファイル、PGPASSWORD からパスワードを取得します。</translation>
    </message>
    <message>
        <source>Removing the password for %1 from the system keychain…</source>
        <translation>%1 のパスワードをシステムのキーチェーンから削除中…</translation>
    </message>
    <message>
        <source>No password for %1 is kept in the system keychain any more.</source>
        <translation>%1 のパスワードはシステムのキーチェーンにもう保存されていません。</translation>
    </message>
    <message>
        <source>The password was not removed: %1</source>
        <translation>パスワードは削除されませんでした: %1</translation>
    </message>
    <message>
        <source>No password was read from the system keychain: %1</source>
        <translation>システムのキーチェーンからパスワードを読み込めませんでした: %1</translation>
    </message>
    <message>
        <source>The system keychain keeps no password for %1: libpq&apos;s own sources (~/.pgpass, a service file, PGPASSWORD) apply.</source>
        <translation>システムのキーチェーンには %1 のパスワードがありません: libpq 自身の取得元 (~/.pgpass、サービスファイル、PGPASSWORD) を使います。</translation>
    </message>
    <message>
        <source>Password for %1 read from the system keychain.</source>
        <translation>%1 のパスワードをシステムのキーチェーンから読み込みました。</translation>
    </message>
</context>
<context>
    <name>om::ConnectionMenu</name>
    <message>
        <source>&amp;Connection</source>
        <translation>接続(&amp;C)</translation>
    </message>
    <message>
        <source>Open saved connection</source>
        <translation>保存済み接続を開く</translation>
    </message>
    <message>
        <source>Manage connections…</source>
        <translation>接続の管理…</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Could not start a new window for &quot;%1&quot;.</source>
        <translation>「%1」の新しいウィンドウを起動できませんでした。</translation>
    </message>
    <message>
        <source>(none saved: Manage connections…)</source>
        <translation>(保存済みなし: 接続の管理…)</translation>
    </message>
    <message>
        <source>Fleet overview…</source>
        <translation>フリート概要…</translation>
    </message>
    <message>
        <source>Fleet overview</source>
        <translation>フリート概要</translation>
    </message>
    <message>
        <source>Could not start the fleet overview.</source>
        <translation>フリート概要を起動できませんでした。</translation>
    </message>
</context>
<context>
    <name>om::CsvExport</name>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 に書き込めません: %2</translation>
    </message>
    <message>
        <source>An export is already running.</source>
        <translation>エクスポートはすでに実行中です。</translation>
    </message>
    <message>
        <source>The export stopped: %1</source>
        <translation>エクスポートが停止しました: %1</translation>
    </message>
    <message>
        <source>Export cancelled; the partial file was removed.</source>
        <translation>エクスポートをキャンセルしました。途中まで書き込んだファイルは削除しました。</translation>
    </message>
    <message numerus="yes">
        <source>%1 message(s) exported to %2, as read from %3 to %4; the table may have changed since.</source>
        <translation>
            <numerusform>%1 件のメッセージを %2 にエクスポートしました (%3 から %4 までに読み取り。その後テーブルが変わっている可能性があります)。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>om::DashboardSettingsDialog</name>
    <message>
        <source>Dashboard settings</source>
        <translation>ダッシュボードの設定</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Time between two snapshots. A refresh never overlaps the previous one.</source>
        <translation>スナップショットの取得間隔。更新が前回の更新と重なることはありません。</translation>
    </message>
    <message>
        <source> min</source>
        <translation> 分</translation>
    </message>
    <message>
        <source>A message in flight for longer than this counts as stuck.</source>
        <translation>処理中のままこの時間を超えたメッセージを停滞とみなします。</translation>
    </message>
    <message>
        <source> days</source>
        <translation> 日</translation>
    </message>
    <message>
        <source>Sampling interval:</source>
        <translation>サンプリング間隔:</translation>
    </message>
    <message>
        <source>Stuck timeout:</source>
        <translation>停滞タイムアウト:</translation>
    </message>
    <message>
        <source>Keep history for:</source>
        <translation>履歴の保持期間:</translation>
    </message>
    <message>
        <source>Tile thresholds (0 = off)</source>
        <translation>タイルのしきい値 (0 = 無効)</translation>
    </message>
    <message>
        <source>Warning at</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Critical at</source>
        <translation>重大</translation>
    </message>
    <message>
        <source>Each message counts as stuck past its own timeout; one without a timeout, past this.</source>
        <translation>メッセージはそれぞれ自身のタイムアウトを過ぎると停滞とみなします。タイムアウトのないメッセージは、この時間を過ぎると停滞です。</translation>
    </message>
    <message>
        <source>Stuck timeout (messages without their own):</source>
        <translation>停滞タイムアウト (タイムアウトのないメッセージ):</translation>
    </message>
</context>
<context>
    <name>om::DashboardView</name>
    <message>
        <source>Destination</source>
        <translation>宛先</translation>
    </message>
    <message>
        <source>Event type</source>
        <translation>イベント種別</translation>
    </message>
    <message>
        <source>15 minutes</source>
        <translation>15 分</translation>
    </message>
    <message>
        <source>1 hour</source>
        <translation>1 時間</translation>
    </message>
    <message>
        <source>6 hours</source>
        <translation>6 時間</translation>
    </message>
    <message>
        <source>24 hours</source>
        <translation>24 時間</translation>
    </message>
    <message>
        <source>7 days</source>
        <translation>7 日</translation>
    </message>
    <message>
        <source>Settings…</source>
        <translation>設定…</translation>
    </message>
    <message>
        <source>Save charts as PNG…</source>
        <translation>グラフを PNG で保存…</translation>
    </message>
    <message>
        <source>Window:</source>
        <translation>期間:</translation>
    </message>
    <message>
        <source>Waiting by destination</source>
        <translation>宛先別の送信待ち</translation>
    </message>
    <message>
        <source>Waiting by event type</source>
        <translation>イベント種別ごとの送信待ち</translation>
    </message>
    <message>
        <source>Oldest waiting</source>
        <translation>最古の送信待ち</translation>
    </message>
    <message>
        <source>Stuck</source>
        <translation>停滞</translation>
    </message>
    <message>
        <source>At or near max retries</source>
        <translation>最大再試行回数に到達・接近</translation>
    </message>
    <message>
        <source>Save charts</source>
        <translation>グラフの保存</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 画像 (*.png)</translation>
    </message>
    <message>
        <source>Could not write %1.</source>
        <translation>%1 に書き込めませんでした。</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>接続中…</translation>
    </message>
    <message>
        <source>Not connected: %1 · retry %2 in %3 s</source>
        <translation>未接続: %1 · %3 秒後に再試行 (%2 回目)</translation>
    </message>
    <message>
        <source>● Connection up · last refresh %1 (%2 s ago, %3 ms)</source>
        <translation>● 接続中 · 最終更新 %1 (%2 秒前、%3 ms)</translation>
    </message>
    <message>
        <source>● Connection down · data is %1 old (last refresh %2) · %3 · retry %4 in %5 s</source>
        <translation>● 接続断 · データは %1 前のもの (最終更新 %2) · %3 · %5 秒後に再試行 (%4 回目)</translation>
    </message>
    <message>
        <source>refreshing every %1 s instead of %2 s: a refresh takes %3 ms, and the monitor keeps the server busy at most 1/%4 of the time</source>
        <translation>%2 秒ではなく %1 秒ごとに更新中: 1 回の更新に %3 ms かかるため、サーバーを使う時間を全体の 1/%4 以下に抑えています</translation>
    </message>
    <message>
        <source>Reconnect now</source>
        <translation>今すぐ再接続</translation>
    </message>
    <message>
        <source>Try the server again now instead of waiting for the next retry</source>
        <translation>次の再試行を待たずに今すぐサーバーに再接続します</translation>
    </message>
    <message>
        <source>server not answering (no reply in %1 s)</source>
        <translation>サーバーが応答しません (%1 秒間応答なし)</translation>
    </message>
    <message>
        <source>Not connected: %1 · not retrying: change the connection, or try again</source>
        <translation>未接続: %1 · 再試行しません: 接続を変更するか、もう一度お試しください</translation>
    </message>
    <message>
        <source>Not live: the charts show only what this computer recorded earlier; nothing new arrives until the connection is up.</source>
        <translation>ライブではありません: グラフはこのコンピューターが以前に記録した内容だけを表示しています。接続が回復するまで新しいデータは届きません。</translation>
    </message>
    <message>
        <source>Not live since %1: the charts show what this computer recorded up to then.</source>
        <translation>%1 からライブではありません: グラフはこのコンピューターがその時点までに記録した内容を表示しています。</translation>
    </message>
    <message>
        <source>In flight by worker</source>
        <translation>ワーカー別の処理中</translation>
    </message>
    <message>
        <source>Flow: reading the table&apos;s history…</source>
        <translation>フロー: テーブルの履歴を読み込み中…</translation>
    </message>
    <message>
        <source>Flow: the table&apos;s history could not be read (%1); trying again with the next refresh.</source>
        <translation>フロー: テーブルの履歴を読めませんでした (%1)。次の更新で再試行します。</translation>
    </message>
    <message>
        <source>Not live: the standby this window reads is behind its primary.</source>
        <translation>ライブではありません: このウィンドウが読んでいるスタンバイがプライマリより遅れています。</translation>
    </message>
    <message>
        <source>Connected, but the first refresh failed: %1 · retry %2 in %3 s</source>
        <translation>接続していますが、最初の更新に失敗しました: %1 · %3 秒後に再試行 (%2 回目)</translation>
    </message>
    <message>
        <source>Not live: the server refuses the refresh. %1 The charts show only what this computer recorded earlier.</source>
        <translation>ライブではありません: サーバーが更新を拒否しています。%1 グラフはこのコンピューターが以前に記録した内容だけを表示しています。</translation>
    </message>
    <message>
        <source>Not live since %1: the server refuses the refresh. %2 The charts show what this computer recorded up to then.</source>
        <translation>%1 からライブではありません: サーバーが更新を拒否しています。%2 グラフはこのコンピューターがその時点までに記録した内容を表示しています。</translation>
    </message>
    <message>
        <source>● Connected, but the refresh failed: %3 · data is %1 old (last refresh %2) · retry %4 in %5 s</source>
        <translation>● 接続していますが、更新に失敗しました: %3 · データは %1 前のもの (最終更新 %2) · %5 秒後に再試行 (%4 回目)</translation>
    </message>
    <message>
        <source>Not live since %1: the server has not answered for %2 s; the connection is being checked.</source>
        <translation>%1 以降ライブではありません: サーバーから %2 秒間応答がなく、接続を確認しています。</translation>
    </message>
    <message>
        <source>● No answer for %1 s · data as of %2, not refreshed since · the connection is being checked</source>
        <translation>● %1 秒間応答なし · データは %2 時点のもので、その後更新されていません · 接続を確認しています</translation>
    </message>
    <message>
        <source> · %1 s ago</source>
        <translation> · %1 秒前</translation>
    </message>
    <message>
        <source>As of %1: with many messages waiting these lists are read less often than the counts.</source>
        <translation>%1 時点: 待機中のメッセージが多い間、これらの一覧は件数より低い頻度で読み取ります。</translation>
    </message>
    <message>
        <source>The charts keep no history on this computer. %1</source>
        <translation>このコンピューターにはグラフの履歴が残りません。%1</translation>
    </message>
</context>
<context>
    <name>om::DataAgeLabel</name>
    <message>
        <source>as of %1, %2 ago</source>
        <translation>%1 時点 (%2 前)</translation>
    </message>
    <message>
        <source>%1 · not refreshing: the connection is down</source>
        <translation>%1 · 接続が切れているため更新されていません</translation>
    </message>
</context>
<context>
    <name>om::DesktopAlerts</name>
    <message>
        <source>No system tray on this desktop: threshold alerts show only in this window&apos;s tiles.</source>
        <translation>このデスクトップにはシステムトレイがありません。しきい値アラートはこのウィンドウのタイルにだけ表示されます。</translation>
    </message>
    <message>
        <source>%1: no threshold crossed</source>
        <translation>%1: しきい値超過なし</translation>
    </message>
    <message>
        <source>Oldest waiting message is %1 old (critical at %2)</source>
        <translation>最古の送信待ちメッセージが %1 経過しています (重大: %2)</translation>
    </message>
    <message>
        <source>Oldest waiting message is %1 old (warning at %2)</source>
        <translation>最古の送信待ちメッセージが %1 経過しています (警告: %2)</translation>
    </message>
    <message>
        <source>Stuck</source>
        <translation>停滞</translation>
    </message>
    <message>
        <source>At or near max retries</source>
        <translation>最大再試行回数に到達・接近</translation>
    </message>
    <message>
        <source>Blocked behind failing or stuck heads</source>
        <translation>失敗・停滞した先頭の後ろで詰まっている</translation>
    </message>
    <message>
        <source>Replication slot behind (bytes)</source>
        <translation>レプリケーションスロットの遅れ (バイト)</translation>
    </message>
    <message>
        <source>%1: %2 (critical at %3)</source>
        <translation>%1: %2 (重大: %3)</translation>
    </message>
    <message>
        <source>%1: %2 (warning at %3)</source>
        <translation>%1: %2 (警告: %3)</translation>
    </message>
    <message>
        <source>%1: critical</source>
        <translation>%1: 重大</translation>
    </message>
    <message>
        <source>%1: warning</source>
        <translation>%1: 警告</translation>
    </message>
    <message>
        <source>Outbox Monitor — %1</source>
        <translation>Outbox Monitor — %1</translation>
    </message>
    <message>
        <source>%1: not answering — %2</source>
        <translation>%1: 応答なし — %2</translation>
    </message>
    <message>
        <source>%1: numbers not refreshed — %2</source>
        <translation>%1: 数値を更新できません — %2</translation>
    </message>
</context>
<context>
    <name>om::DetailPane</name>
    <message>
        <source>Column</source>
        <translation>列</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>値</translation>
    </message>
    <message>
        <source>Show all</source>
        <translation>すべて表示</translation>
    </message>
    <message>
        <source>Save to file…</source>
        <translation>ファイルに保存…</translation>
    </message>
    <message>
        <source>Copy id</source>
        <translation>ID をコピー</translation>
    </message>
    <message>
        <source>Copy key</source>
        <translation>キーをコピー</translation>
    </message>
    <message>
        <source>No error recorded</source>
        <translation>エラーの記録なし</translation>
    </message>
    <message>
        <source>Payload</source>
        <translation>ペイロード</translation>
    </message>
    <message>
        <source>All columns</source>
        <translation>全列</translation>
    </message>
    <message>
        <source>History</source>
        <translation>履歴</translation>
    </message>
    <message>
        <source>Last error:</source>
        <translation>最後のエラー:</translation>
    </message>
    <message>
        <source>Select a message to see its details.</source>
        <translation>メッセージを選択すると詳細が表示されます。</translation>
    </message>
    <message>
        <source>Loading message %1 …</source>
        <translation>メッセージ %1 を読み込み中 …</translation>
    </message>
    <message>
        <source>Could not load the message: %1</source>
        <translation>メッセージを読み込めませんでした: %1</translation>
    </message>
    <message>
        <source>Message %1 no longer exists.</source>
        <translation>メッセージ %1 はもう存在しません。</translation>
    </message>
    <message>
        <source>Message %1 · %2</source>
        <translation>メッセージ %1 · %2</translation>
    </message>
    <message>
        <source>(null)</source>
        <translation>(null)</translation>
    </message>
    <message>
        <source>When (%1)</source>
        <translation>日時 (%1)</translation>
    </message>
    <message>
        <source>This table has no payload column.</source>
        <translation>このテーブルにはペイロード列がありません。</translation>
    </message>
    <message>
        <source>Not valid JSON (%1): shown as stored.</source>
        <translation>有効な JSON ではありません (%1): 保存されたまま表示しています。</translation>
    </message>
    <message>
        <source>Loading the whole payload …</source>
        <translation>ペイロード全体を読み込み中 …</translation>
    </message>
    <message>
        <source>%1 characters: shown without colours.</source>
        <translation>%1 文字: 色分けなしで表示しています。</translation>
    </message>
    <message>
        <source>Could not load the payload: %1</source>
        <translation>ペイロードを読み込めませんでした: %1</translation>
    </message>
    <message>
        <source>Save payload</source>
        <translation>ペイロードの保存</translation>
    </message>
    <message>
        <source>Saved %1 bytes to %2.</source>
        <translation>%1 バイトを %2 に保存しました。</translation>
    </message>
    <message>
        <source>Could not save the payload: %1</source>
        <translation>ペイロードを保存できませんでした: %1</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>From state</source>
        <translation>変更前の状態</translation>
    </message>
    <message>
        <source>To state</source>
        <translation>変更後の状態</translation>
    </message>
    <message>
        <source>Database user</source>
        <translation>データベースユーザー</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>理由</translation>
    </message>
    <message>
        <source>Ticket</source>
        <translation>チケット</translation>
    </message>
    <message>
        <source>OS user</source>
        <translation>OS ユーザー</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>ホスト</translation>
    </message>
    <message>
        <source>App version</source>
        <translation>アプリのバージョン</translation>
    </message>
    <message>
        <source>No payload: the column is NULL for this message.</source>
        <translation>ペイロードはありません (このメッセージの列は NULL です)。</translation>
    </message>
    <message>
        <source>The payload is empty.</source>
        <translation>ペイロードは空です。</translation>
    </message>
    <message>
        <source>Showing the first %1 of %2 bytes, as stored.</source>
        <translation>保存されている %2 バイトのうち先頭 %1 バイトを表示しています。</translation>
    </message>
    <message>
        <source>Showing the first %1 of %2 characters, as stored.</source>
        <translation>保存されている %2 文字のうち先頭 %1 文字を表示しています。</translation>
    </message>
    <message>
        <source>The whole payload is too large to show here; &quot;Save to file…&quot; writes all of it.</source>
        <translation>ペイロード全体はここに表示するには大きすぎます。「ファイルに保存…」で全体を書き出せます。</translation>
    </message>
    <message>
        <source>Use &quot;Show all&quot; or &quot;Save to file…&quot; for the whole payload.</source>
        <translation>ペイロード全体は「すべて表示」または「ファイルに保存…」を使用してください。</translation>
    </message>
    <message>
        <source>Binary, not UTF-8 text: shown as hex. &quot;Save to file…&quot; writes its bytes.</source>
        <translation>UTF-8 テキストではないバイナリです。16 進数で表示しています。「ファイルに保存…」でそのままのバイトを書き出せます。</translation>
    </message>
    <message>
        <source>%1 — no longer in this list</source>
        <translation>%1 — この一覧にはもうありません</translation>
    </message>
</context>
<context>
    <name>om::DetailQuery</name>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 に書き込めません: %2</translation>
    </message>
</context>
<context>
    <name>om::DrainForecast</name>
    <message>
        <source>Forecast: not enough history (needs 15 minutes of finished times from the table)</source>
        <translation>予測: 履歴が不足しています (テーブルの完了時刻が 15 分ぶん必要です)</translation>
    </message>
    <message>
        <source>Steady: %1 open, as many finish as arrive</source>
        <translation>横ばい: 未完了 %1 件、到着と同数が完了しています</translation>
    </message>
    <message>
        <source>Draining: empty in ~%1 min (%2 open, %3/min)</source>
        <translation>減少中: 約 %1 分で空になります (未完了 %2 件、%3 件/分)</translation>
    </message>
    <message>
        <source>Draining by %1/min: not empty within the %2 min the trend covers (%3 open)</source>
        <translation>%1 件/分で減少中: 傾向が示す %2 分以内には空になりません (未完了 %3 件)</translation>
    </message>
    <message>
        <source>Growing by %1/min over the last 15 min (%2 open)</source>
        <translation>直近 15 分で %1 件/分の増加 (未完了 %2 件)</translation>
    </message>
    <message>
        <source>Growing by %1/min since before %2 (%3 open)</source>
        <translation>%2 より前から %1 件/分で増加中 (未完了 %3 件)</translation>
    </message>
    <message>
        <source>Growing by %1/min since %2 (%3 open)</source>
        <translation>%2 から %1 件/分で増加中 (未完了 %3 件)</translation>
    </message>
    <message>
        <source>net flow (finished − created) per minute: 5 min %1 · 15 min %2 · 60 min %3</source>
        <translation>1 分あたりの純流量 (完了 − 作成): 5 分 %1 · 15 分 %2 · 60 分 %3</translation>
    </message>
    <message>
        <source>No progress: nothing finished in the %1 min the data covers (%2 open, %3/min arriving)</source>
        <translation>進捗なし: データのある %1 分間に完了したものがありません (未完了 %2 件、到着 %3 件/分)</translation>
    </message>
    <message>
        <source>No progress: nothing finished for %1 min (%2 open, %3/min arriving)</source>
        <translation>進捗なし: %1 分間完了したものがありません (未完了 %2 件、到着 %3 件/分)</translation>
    </message>
</context>
<context>
    <name>om::EnvironmentBand</name>
    <message>
        <source>Environment</source>
        <translation>環境</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>[%1] %2 — Outbox Monitor</source>
        <translation>[%1] %2 — Outbox Monitor</translation>
    </message>
    <message>
        <source>[%1] %2</source>
        <translation>[%1] %2</translation>
    </message>
</context>
<context>
    <name>om::Environments</name>
    <message>
        <source>custom</source>
        <translation>カスタム</translation>
    </message>
    <message>
        <source>environment not set</source>
        <translation>環境未設定</translation>
    </message>
    <message>
        <source>Production</source>
        <translation>本番</translation>
    </message>
    <message>
        <source>Staging</source>
        <translation>ステージング</translation>
    </message>
    <message>
        <source>Development</source>
        <translation>開発</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>カスタム</translation>
    </message>
    <message>
        <source>Not set</source>
        <translation>未設定</translation>
    </message>
</context>
<context>
    <name>om::FailureGroupChip</name>
    <message>
        <source>Show all failures</source>
        <translation>すべての失敗を表示</translation>
    </message>
    <message>
        <source>Only %1</source>
        <translation>%1 のみ</translation>
    </message>
</context>
<context>
    <name>om::FailureGroupModel</name>
    <message>
        <source>Code</source>
        <translation>コード</translation>
    </message>
    <message>
        <source>Error (masked)</source>
        <translation>エラー (可変部分を伏せ字)</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>メッセージ数</translation>
    </message>
    <message>
        <source>Destinations</source>
        <translation>宛先</translation>
    </message>
    <message>
        <source>First seen</source>
        <translation>初回発生</translation>
    </message>
    <message>
        <source>Last seen</source>
        <translation>最終発生</translation>
    </message>
</context>
<context>
    <name>om::FailureGroupPanel</name>
    <message>
        <source>Open in Triage</source>
        <translation>トリアージで開く</translation>
    </message>
    <message>
        <source>Retry group…</source>
        <translation>グループを再試行…</translation>
    </message>
    <message>
        <source>Cancel group…</source>
        <translation>グループをキャンセル…</translation>
    </message>
    <message>
        <source>Failure groups: reading the table…</source>
        <translation>失敗グループ: テーブルを読み取り中…</translation>
    </message>
    <message>
        <source>Failure groups: could not read them (%1)</source>
        <translation>失敗グループ: 読み取れませんでした (%1)</translation>
    </message>
    <message>
        <source>Failure groups: none, this profile has no failed state.</source>
        <translation>失敗グループ: なし (このプロファイルには失敗状態がありません)。</translation>
    </message>
    <message>
        <source>Failure groups: this profile maps no error text column (&quot;errorMessage&quot;), so its failures cannot be grouped by their error.</source>
        <translation>失敗グループ: このプロファイルはエラー文の列 (&quot;errorMessage&quot;) を対応付けていないため、失敗をエラー内容でまとめられません。</translation>
    </message>
    <message numerus="yes">
        <source>Failure groups are read every %n s, the tiles at every refresh: between two readings their totals can differ.</source>
        <translation>
            <numerusform>失敗グループは %n 秒ごとに、タイルは更新のたびに読み取ります。読み取りの合間には合計が食い違うことがあります。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>om::FilterBar</name>
    <message>
        <source>Created from</source>
        <translation>作成日時</translation>
    </message>
    <message>
        <source>to</source>
        <translation>～</translation>
    </message>
    <message>
        <source>Updated from</source>
        <translation>更新日時</translation>
    </message>
    <message>
        <source> min</source>
        <translation> 分</translation>
    </message>
    <message>
        <source>any age</source>
        <translation>指定なし</translation>
    </message>
    <message>
        <source>Only messages at least this old (server clock)</source>
        <translation>この時間以上経過したメッセージのみ (サーバー時刻)</translation>
    </message>
    <message>
        <source>%1 …</source>
        <translation>%1 …</translation>
    </message>
    <message>
        <source>contains</source>
        <translation>含む</translation>
    </message>
    <message>
        <source>starts with</source>
        <translation>前方一致</translation>
    </message>
    <message>
        <source>is exactly</source>
        <translation>完全一致</translation>
    </message>
    <message>
        <source>Values found among the open messages</source>
        <translation>未完了メッセージに含まれる値</translation>
    </message>
    <message>
        <source>&amp;State</source>
        <translation>状態(&amp;S)</translation>
    </message>
    <message>
        <source>T&amp;ype</source>
        <translation>種別(&amp;Y)</translation>
    </message>
    <message>
        <source>&amp;Destination</source>
        <translation>宛先(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Error code</source>
        <translation>エラーコード(&amp;E)</translation>
    </message>
    <message>
        <source>Min. &amp;age</source>
        <translation>最小経過時間(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Key</source>
        <translation>キー(&amp;K)</translation>
    </message>
    <message>
        <source>e.g. 1042, 1043 1050</source>
        <translation>例: 1042, 1043 1050</translation>
    </message>
    <message>
        <source>Only these message ids (separated by spaces, commas or new lines; at most %1)</source>
        <translation>これらのメッセージ ID だけ (スペース・カンマ・改行区切り、最大 %1 件)</translation>
    </message>
    <message>
        <source>&amp;Ids</source>
        <translation>ID(&amp;I)</translation>
    </message>
</context>
<context>
    <name>om::FleetModel</name>
    <message>
        <source>none waiting</source>
        <translation>送信待ちなし</translation>
    </message>
    <message>
        <source>no data yet</source>
        <translation>まだデータなし</translation>
    </message>
    <message>
        <source>connecting…</source>
        <translation>接続試行中…</translation>
    </message>
    <message>
        <source>Not current: the last numbers read, %1 ago</source>
        <translation>最新ではありません: %1 前に読み取った最後の値です</translation>
    </message>
    <message>
        <source>Only for tables with an ordering key (the profile&apos;s &quot;ordering&quot;)</source>
        <translation>順序キーを持つテーブルのみ (プロファイルの &quot;ordering&quot;)</translation>
    </message>
    <message>
        <source>Database</source>
        <translation>データベース</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>環境</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状態</translation>
    </message>
    <message>
        <source>Oldest waiting</source>
        <translation>最古の送信待ち</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>送信待ち</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>Stuck</source>
        <translation>停滞</translation>
    </message>
    <message>
        <source>Blocked</source>
        <translation>ブロック</translation>
    </message>
    <message>
        <source>Data age</source>
        <translation>データの古さ</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>接続</translation>
    </message>
    <message>
        <source>needs index</source>
        <translation>索引が必要</translation>
    </message>
    <message>
        <source>up · %1 ms</source>
        <translation>接続中 · %1 ms</translation>
    </message>
    <message>
        <source>Not counted: the table has no index on (ordering key, created time); the admin kit adds it</source>
        <translation>数えていません: テーブルに (順序キー, 作成時刻) の索引がありません。管理キットが追加します</translation>
    </message>
    <message>
        <source>The last refresh took %1 ms, %2 ms of it on the server</source>
        <translation>直近の更新は %1 ms かかり、そのうちサーバー上で %2 ms でした</translation>
    </message>
    <message>
        <source>up · standby %1 behind (stale)</source>
        <translation>接続中 · スタンバイが %1 遅れ (古い数値)</translation>
    </message>
    <message>
        <source>up · standby not streaming (stale)</source>
        <translation>接続中 · スタンバイがストリーミングしていません (古い数値)</translation>
    </message>
    <message>
        <source>up · %1 ms · standby lag %2</source>
        <translation>接続中 · %1 ms · スタンバイ遅延 %2</translation>
    </message>
    <message>
        <source>up · %1 ms · standby lag unknown</source>
        <translation>接続中 · %1 ms · スタンバイ遅延は不明</translation>
    </message>
    <message>
        <source>Not current: read from a standby that is behind its primary by more than the connection allows</source>
        <translation>最新ではありません: 接続で許された以上にプライマリより遅れているスタンバイから読んだ値です</translation>
    </message>
    <message>
        <source>up · %1 ms · row-level security hides rows</source>
        <translation>稼働中 · %1 ms · 行レベルセキュリティが行を隠しています</translation>
    </message>
</context>
<context>
    <name>om::FleetReading</name>
    <message>
        <source>connecting…</source>
        <translation>接続試行中…</translation>
    </message>
    <message>
        <source>cannot read</source>
        <translation>読み取れません</translation>
    </message>
    <message>
        <source>cannot connect</source>
        <translation>接続できません</translation>
    </message>
    <message>
        <source>critical</source>
        <translation>重大</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>1 database</source>
        <translation>1 データベース</translation>
    </message>
    <message>
        <source>%1 databases</source>
        <translation>%1 データベース</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 critical</source>
        <translation>重大 %1</translation>
    </message>
    <message>
        <source>%1 cannot be read</source>
        <translation>読み取り不可 %1</translation>
    </message>
    <message>
        <source>%1 warning</source>
        <translation>警告 %1</translation>
    </message>
    <message>
        <source>%1 ok</source>
        <translation>正常 %1</translation>
    </message>
    <message>
        <source>%1 connecting</source>
        <translation>接続試行中 %1</translation>
    </message>
    <message>
        <source>%1 · rows hidden</source>
        <translation>%1 · 行が隠されています</translation>
    </message>
</context>
<context>
    <name>om::FleetTray</name>
    <message>
        <source>No system tray on this desktop: threshold alerts show only in this window.</source>
        <translation>このデスクトップにはシステムトレイがありません: しきい値アラートはこのウィンドウにのみ表示されます。</translation>
    </message>
    <message>
        <source>Outbox Monitor fleet — %1</source>
        <translation>Outbox Monitor フリート — %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Outbox Monitor — %1 databases crossed a threshold</source>
        <translation>Outbox Monitor — %1 個のデータベースがしきい値を超えました</translation>
    </message>
</context>
<context>
    <name>om::FleetWindow</name>
    <message>
        <source>Fleet overview — Outbox Monitor</source>
        <translation>フリート概要 — Outbox Monitor</translation>
    </message>
    <message>
        <source>Double-click a database (or press Enter) to open its window.</source>
        <translation>データベースをダブルクリック (または Enter) するとそのウィンドウが開きます。</translation>
    </message>
    <message>
        <source>No saved connections yet: Connection → Manage connections… saves them.</source>
        <translation>保存済みの接続はまだありません: 接続 → 接続の管理… で保存できます。</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <source>Reload saved connections</source>
        <translation>保存済みの接続を読み込み直す</translation>
    </message>
</context>
<context>
    <name>om::FlowChart</name>
    <message>
        <source>Flow per minute (counted from the table&apos;s own times)</source>
        <translation>1 分あたりのフロー (テーブル自身の時刻から集計)</translation>
    </message>
    <message>
        <source>created</source>
        <translation>作成</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>完了</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>growth since %1</source>
        <translation>%1 から増加</translation>
    </message>
    <message>
        <source>nothing finished since %1</source>
        <translation>%1 から完了なし</translation>
    </message>
</context>
<context>
    <name>om::HistoryChart</name>
    <message>
        <source>%1: %2
%3</source>
        <translation>%1: %2
%3</translation>
    </message>
    <message>
        <source>%1: %2 (min %3, max %4 over %5 samples)
from %6</source>
        <translation>%1: %2 (%5 サンプル中 最小 %3、最大 %4)
%6 から</translation>
    </message>
</context>
<context>
    <name>om::HistoryCharts</name>
    <message>
        <source>Open messages (exact)</source>
        <translation>未完了のメッセージ (正確な件数)</translation>
    </message>
    <message>
        <source>Finished messages (estimated)</source>
        <translation>完了済みのメッセージ (推定)</translation>
    </message>
    <message>
        <source>stuck</source>
        <translation>停滞</translation>
    </message>
    <message>
        <source>oldest waiting</source>
        <translation>最古の送信待ち</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>critical</source>
        <translation>重大</translation>
    </message>
    <message>
        <source>Age of the oldest waiting message (minutes, log scale)</source>
        <translation>最古の送信待ちメッセージの経過時間 (分、対数目盛)</translation>
    </message>
</context>
<context>
    <name>om::IdList</name>
    <message>
        <source>More than %1 ids: narrow the list or use another filter.</source>
        <translation>ID が %1 件を超えています。リストを絞るか、別のフィルターを使ってください。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a message id (a positive whole number).</source>
        <translation>「%1」はメッセージ ID ではありません (正の整数で指定してください)。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a message id (a UUID such as 0b6e3c2a-5f1d-4a8e-9c3b-2d7f6e1a4b90).</source>
        <translation>「%1」はメッセージ ID ではありません (0b6e3c2a-5f1d-4a8e-9c3b-2d7f6e1a4b90 のような UUID で指定してください)。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a message id (at most %2 characters, no control characters).</source>
        <translation>「%1」はメッセージ ID ではありません (%2 文字以内、制御文字なし)。</translation>
    </message>
</context>
<context>
    <name>om::IncidentFlowSection</name>
    <message>
        <source>Created: %1</source>
        <translation>作成: %1</translation>
    </message>
    <message>
        <source>finished: %1</source>
        <translation>完了: %1</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>失敗: %1</translation>
    </message>
    <message>
        <source>Flow from the table</source>
        <translation>テーブルから見たフロー</translation>
    </message>
    <message>
        <source>Counted by the server from the table&apos;s own times in buckets of %1, so they do not depend on a monitor having run then; the chart shows rates per minute.</source>
        <translation>サーバーがテーブル自身の時刻から %1 ごとに集計した数です。その時間にモニターが動いていなくても揃っています。グラフは 1 分あたりの件数です。</translation>
    </message>
</context>
<context>
    <name>om::IncidentReport</name>
    <message>
        <source>(status change)</source>
        <translation>(ステータス変更)</translation>
    </message>
    <message>
        <source>No actions in this range</source>
        <translation>この期間に操作はありません</translation>
    </message>
    <message>
        <source>Incident report: %1</source>
        <translation>インシデントレポート: %1</translation>
    </message>
    <message>
        <source>Tickets: all</source>
        <translation>チケット: すべて</translation>
    </message>
    <message>
        <source>Ticket: %1</source>
        <translation>チケット: %1</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>概要</translation>
    </message>
    <message>
        <source>Oldest waiting message: %1</source>
        <translation>最古の送信待ちメッセージ: %1</translation>
    </message>
    <message>
        <source>Actions taken</source>
        <translation>実施した操作</translation>
    </message>
    <message>
        <source>No actions in this range.</source>
        <translation>この期間に操作はありません。</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>オペレーター</translation>
    </message>
    <message>
        <source>Ticket</source>
        <translation>チケット</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>行数</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>メッセージ数</translation>
    </message>
    <message>
        <source>First – last</source>
        <translation>最初 – 最後</translation>
    </message>
    <message>
        <source>Reasons</source>
        <translation>理由</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>State at the end</source>
        <translation>期間終了時の状態</translation>
    </message>
    <message>
        <source>None.</source>
        <translation>なし。</translation>
    </message>
    <message>
        <source>The %1 oldest of %2:</source>
        <translation>%2 件中、古い順に %1 件:</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>メッセージ</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>キー</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状態</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>経過時間</translation>
    </message>
    <message>
        <source>Last error</source>
        <translation>最後のエラー</translation>
    </message>
    <message>
        <source>Cannot write to the folder of %1.</source>
        <translation>%1 のフォルダーに書き込めません。</translation>
    </message>
    <message>
        <source>Incident report</source>
        <translation>インシデントレポート</translation>
    </message>
    <message>
        <source>The PDF could not be written to %1.</source>
        <translation>PDF を %1 に書き込めませんでした。</translation>
    </message>
    <message>
        <source>Dashboard charts</source>
        <translation>ダッシュボードのグラフ</translation>
    </message>
    <message>
        <source>No dashboard samples were recorded on this computer between %1 and %2: Outbox Monitor was not watching this database then, so there are no charts of the queue for this range.</source>
        <translation>%1 から %2 の間、このコンピューターにはダッシュボードの記録がありません。その間 Outbox Monitor はこのデータベースを監視していなかったため、この範囲のキューのグラフはありません。</translation>
    </message>
    <message>
        <source>From %1 samples recorded on this computer between %2 and %3.</source>
        <translation>このコンピューターで %2 から %3 の間に記録された %1 件のサンプルより。</translation>
    </message>
    <message>
        <source>Actions over time</source>
        <translation>操作の推移</translation>
    </message>
    <message>
        <source>Actions per %1</source>
        <translation>%1 ごとの操作数</translation>
    </message>
    <message>
        <source>Messages per state at %1 (log scale)</source>
        <translation>%1 時点の状態別メッセージ数 (対数目盛)</translation>
    </message>
    <message>
        <source>Range: %1 – %2 (%3)</source>
        <translation>期間: %1 – %2 (%3)</translation>
    </message>
    <message>
        <source>Made at %1 (server clock) from the table %2.%3</source>
        <translation>作成: %1 (サーバー時刻)、テーブル %2.%3</translation>
    </message>
    <message>
        <source>Counted</source>
        <translation>集計方法</translation>
    </message>
    <message>
        <source>estimated from the planner&apos;s statistics</source>
        <translation>プランナーの統計からの推定値</translation>
    </message>
    <message>
        <source>exact</source>
        <translation>正確な件数</translation>
    </message>
    <message>
        <source>Hatched bars are estimates (counting millions of finished rows exactly would scan the table); the scale is logarithmic, so that small states show.</source>
        <translation>斜線の棒は推定値です (完了済みの数百万行を正確に数えるとテーブル全体を走査するため)。少数の状態も見えるよう、目盛は対数です。</translation>
    </message>
    <message>
        <source>Failed within the range (%1)</source>
        <translation>期間内に失敗 (%1 件)</translation>
    </message>
    <message>
        <source>by their last update</source>
        <translation>最終更新時刻による</translation>
    </message>
    <message>
        <source>by their creation</source>
        <translation>作成時刻による</translation>
    </message>
    <message>
        <source>Messages now failed whose failure (%1) falls between %2 and %3: %4 in all (%5 failed now, whenever they failed).</source>
        <translation>現在失敗状態で、失敗 (%1) が %2 から %3 の間にあるメッセージ: 計 %4 件 (失敗時期を問わない現在の失敗は %5 件)。</translation>
    </message>
    <message>
        <source>The %1 earliest of %2 are shown:</source>
        <translation>%2 件のうち早い順に %1 件を表示:</translation>
    </message>
    <message>
        <source>Failed at (%1)</source>
        <translation>失敗時刻 (%1)</translation>
    </message>
    <message>
        <source>Failed for</source>
        <translation>失敗からの経過</translation>
    </message>
    <message>
        <source>Now: %1 waiting, %2 stuck past %3 min, %4 failed</source>
        <translation>現在: 送信待ち %1 件、%3 分超の停滞 %2 件、失敗 %4 件</translation>
    </message>
    <message>
        <source>Stuck now, past %1 min (%2)</source>
        <translation>停滞中 (%1 分超、%2 件)</translation>
    </message>
    <message>
        <source>Audit rows in the range: %1 · distinct messages: %2</source>
        <translation>期間内の監査行: %1 件 · 対象メッセージ: %2 件</translation>
    </message>
    <message>
        <source>Failed within the range and still failed: %1</source>
        <translation>期間内に失敗し、現在も失敗のまま: %1 件</translation>
    </message>
    <message>
        <source>This profile names no audit table: actions are not possible and none are reported; the numbers below come from the table itself.</source>
        <translation>このプロファイルは監査テーブルを指定していません。操作はできず、報告される操作もありません。以下の数値はテーブル自体から得たものです。</translation>
    </message>
    <message>
        <source>From %1 to %2 (%3).</source>
        <translation>%1 から %2 まで (%3)。</translation>
    </message>
    <message>
        <source>The table in that time: %1.</source>
        <translation>この間のテーブル: %1。</translation>
    </message>
    <message>
        <source>Failed within the range and still failed: %1.</source>
        <translation>範囲内に失敗し、現在も失敗中: %1 件。</translation>
    </message>
    <message>
        <source>No action is possible on this table (its profile names no audit table).</source>
        <translation>このテーブルでは操作できません (プロファイルが監査テーブルを指定していません)。</translation>
    </message>
    <message>
        <source>No one acted on messages in this range.</source>
        <translation>この範囲でメッセージを操作した人はいません。</translation>
    </message>
    <message>
        <source>%1 (messages: %2)</source>
        <translation>%1 (メッセージ %2 件)</translation>
    </message>
    <message>
        <source>Done: %1, by %2.</source>
        <translation>実施した操作: %1。実施者: %2。</translation>
    </message>
    <message>
        <source>At the end: %1 waiting, %2 stuck, %3 failed.</source>
        <translation>終了時点: 待機 %1 件、停滞 %2 件、失敗 %3 件。</translation>
    </message>
    <message>
        <source>The oldest waiting message had waited %1.</source>
        <translation>最も古い待機メッセージは %1 待っていました。</translation>
    </message>
    <message>
        <source>In brief:</source>
        <translation>要点:</translation>
    </message>
    <message>
        <source>Stuck now, past their own timeout or, without one, %1 min (%2)</source>
        <translation>停滞中 (各自のタイムアウト超、タイムアウトのないものは %1 分超、%2 件)</translation>
    </message>
    <message>
        <source>The dashboard&apos;s history on this computer could not be read, so this report has no charts of the queue. %1</source>
        <translation>このコンピューターのダッシュボードの履歴を読み取れなかったため、このレポートにはキューのグラフがありません。%1</translation>
    </message>
</context>
<context>
    <name>om::ListQuery</name>
    <message>
        <source>Narrow the search by state, type or time range.</source>
        <translation>状態、種別、期間で検索を絞り込んでください。</translation>
    </message>
    <message>
        <source>The key column has no trigram index, so the search reads the whole table: narrow it by state, type or time range, search by prefix, or ask the DBA to install resources/sql/kit/trigram_index.sql.</source>
        <translation>キー列にトライグラムインデックスがないため、検索でテーブル全体を読み取ります。状態、種別、期間で絞り込むか、前方一致で検索するか、DBA に resources/sql/kit/trigram_index.sql のインストールを依頼してください。</translation>
    </message>
    <message>
        <source>The &quot;contains&quot; search was stopped after %1 s. %2</source>
        <translation>「含む」検索は %1 秒後に停止されました。%2</translation>
    </message>
    <message>
        <source>No index follows this order, so every page sorts about %1 messages on the server. Narrow the filter (a view, a state, a time range), sort by id, or ask the DBA to install resources/sql/kit/sort_indexes.sql.</source>
        <translation>この並び順に沿うインデックスがないため、ページごとにサーバーが約 %1 件を並べ替えます。絞り込む (ビュー、状態、期間) か、ID で並べ替えるか、DBA に resources/sql/kit/sort_indexes.sql の導入を依頼してください。</translation>
    </message>
    <message>
        <source>The list was stopped at the statement timeout: %1</source>
        <translation>ステートメントタイムアウトで一覧の取得を中止しました: %1</translation>
    </message>
</context>
<context>
    <name>om::ListenWorker</name>
    <message>
        <source>The listening connection was closed.</source>
        <translation>待ち受け (LISTEN) 用の接続が閉じられました。</translation>
    </message>
    <message>
        <source>Notifications do not pass a pooler in transaction or statement mode: other operators&apos; actions are noticed by polling, every few seconds.</source>
        <translation>トランザクション／ステートメントモードのプーラーは通知 (NOTIFY) を通しません: 他のオペレーターの操作は数秒ごとの問い合わせで検知します。</translation>
    </message>
</context>
<context>
    <name>om::MainWindow</name>
    <message>
        <source>Outbox Monitor — %1 — %2</source>
        <translation>Outbox Monitor — %1 — %2</translation>
    </message>
    <message>
        <source>Dashboard</source>
        <translation>ダッシュボード</translation>
    </message>
    <message>
        <source>read-only</source>
        <translation>読み取り専用</translation>
    </message>
    <message>
        <source>Connecting to %1 …</source>
        <translation>%1 に接続中 …</translation>
    </message>
    <message>
        <source>%1 — retrying in %2 s</source>
        <translation>%1 — %2 秒後に再試行</translation>
    </message>
    <message>
        <source>Connected to %1 · updated %2 s ago</source>
        <translation>%1 に接続済み · %2 秒前に更新</translation>
    </message>
    <message>
        <source>Not connected: %1</source>
        <translation>未接続: %1</translation>
    </message>
    <message>
        <source>Connection lost; data is %1 s old: %2</source>
        <translation>接続が切断されました。データは %1 秒前のものです: %2</translation>
    </message>
    <message>
        <source>Triage</source>
        <translation>トリアージ</translation>
    </message>
    <message>
        <source>Audit</source>
        <translation>監査</translation>
    </message>
    <message>
        <source>checking privileges…</source>
        <translation>権限を確認中…</translation>
    </message>
    <message>
        <source>Triage › %1</source>
        <translation>トリアージ › %1</translation>
    </message>
    <message>
        <source>%1 — not retrying: change the connection, or try again</source>
        <translation>%1 — 再試行しません: 接続を変更するか、もう一度お試しください</translation>
    </message>
    <message>
        <source>Blocked keys</source>
        <translation>詰まっているキー</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>テーブル</translation>
    </message>
    <message>
        <source>Alerts: in this window only</source>
        <translation>アラート: このウィンドウ内のみ</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Refresh now</source>
        <translation>今すぐ更新(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Actions</source>
        <translation>操作(&amp;A)</translation>
    </message>
    <message>
        <source>Connection &amp;information…</source>
        <translation>接続情報(&amp;I)…</translation>
    </message>
    <message>
        <source>Heard at once (LISTEN on a connection of its own).</source>
        <translation>すぐに届きます (専用の接続で LISTEN)。</translation>
    </message>
    <message>
        <source>Not heard while the listening connection is down: %1</source>
        <translation>待ち受け用の接続が切れている間は届きません: %1</translation>
    </message>
    <message>
        <source>Connected to %1, but the first refresh failed: %2</source>
        <translation>%1 に接続していますが、最初の更新に失敗しました: %2</translation>
    </message>
    <message>
        <source>Connected to %1, but the refresh failed; data is %2 s old: %3</source>
        <translation>%1 に接続していますが、更新に失敗しました。データは %2 秒前のものです: %3</translation>
    </message>
    <message>
        <source>Numbers as of %1 %2 (server clock) · %3 ms</source>
        <translation>%1 %2 (サーバー時刻) 時点の数値 · %3 ms</translation>
    </message>
</context>
<context>
    <name>om::MessageListModel</name>
    <message>
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>キー</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>種別</translation>
    </message>
    <message>
        <source>Destination</source>
        <translation>宛先</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状態</translation>
    </message>
    <message>
        <source>Retries</source>
        <translation>再試行回数</translation>
    </message>
    <message>
        <source>Next run (%1)</source>
        <translation>次回実行 (%1)</translation>
    </message>
    <message>
        <source>Locked by</source>
        <translation>ロック保持者</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>経過時間</translation>
    </message>
    <message>
        <source>Created (%1)</source>
        <translation>作成日時 (%1)</translation>
    </message>
    <message>
        <source>Updated (%1)</source>
        <translation>更新日時 (%1)</translation>
    </message>
    <message>
        <source>Error code</source>
        <translation>エラーコード</translation>
    </message>
    <message>
        <source>Last error</source>
        <translation>最後のエラー</translation>
    </message>
    <message>
        <source>How long ago the message passed its stuck timeout: its clock&apos;s start plus its own timeout, or the profile&apos;s, or the dashboard&apos;s setting. Not counted from the start: the time within the timeout is not stuck.</source>
        <translation>メッセージが停滞タイムアウトを過ぎてからの時間です: 期限は、そのクロックの開始時刻に、メッセージ自身のタイムアウト (なければプロファイルの値、またはダッシュボードの設定) を足した時刻です。開始時刻からは数えません: タイムアウト内の時間は停滞ではありません。</translation>
    </message>
    <message>
        <source>Past timeout by</source>
        <translation>タイムアウト超過</translation>
    </message>
</context>
<context>
    <name>om::OutcomeReport</name>
    <message>
        <source>What became of each action</source>
        <translation>各操作のその後</translation>
    </message>
    <message>
        <source>Where each action&apos;s messages are at %1 (server clock), read from the table itself.</source>
        <translation>%1 (サーバー時刻) 時点での各操作のメッセージの状態 (テーブル自体から読み取り)。</translation>
    </message>
</context>
<context>
    <name>om::OutcomeWording</name>
    <message>
        <source>%1 finished</source>
        <translation>完了 %1</translation>
    </message>
    <message>
        <source>%1 failed again</source>
        <translation>再失敗 %1</translation>
    </message>
    <message>
        <source>%1 failed</source>
        <translation>失敗 %1</translation>
    </message>
    <message>
        <source>%1 waiting</source>
        <translation>待機中 %1</translation>
    </message>
    <message>
        <source>%1 in flight</source>
        <translation>処理中 %1</translation>
    </message>
    <message>
        <source>%1 cancelled</source>
        <translation>キャンセル %1</translation>
    </message>
    <message>
        <source>%1 still stuck</source>
        <translation>滞留中 %1</translation>
    </message>
    <message>
        <source>%1 in no state</source>
        <translation>どの状態でもない %1</translation>
    </message>
    <message>
        <source>%1 gone</source>
        <translation>削除済み %1</translation>
    </message>
    <message>
        <source>%1 %2 (%3 stuck)</source>
        <translation>%1 %2 (うち滞留 %3)</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>gone %1</source>
        <translation>削除済み %1</translation>
    </message>
    <message>
        <source>retried %1</source>
        <translation>%1 件を再試行</translation>
    </message>
    <message>
        <source>cancelled %1</source>
        <translation>%1 件をキャンセル</translation>
    </message>
    <message>
        <source>recovered %1 stuck</source>
        <translation>滞留 %1 件を復旧</translation>
    </message>
    <message>
        <source>%1 on %2 messages</source>
        <translation>%2 件に %1</translation>
    </message>
    <message>
        <source>%1 finished within %2</source>
        <translation>%1 件が %2 以内に完了</translation>
    </message>
    <message>
        <source>%1 failed again with %2</source>
        <translation>%1 件が %2 で再失敗</translation>
    </message>
    <message>
        <source>%1 failed with %2</source>
        <translation>%1 件が %2 で失敗</translation>
    </message>
    <message>
        <source>(%1 with %2)</source>
        <translation>(うち %1 件が %2)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 at %2 by %3</source>
        <translation>%2 に %3 が%1</translation>
    </message>
    <message>
        <source>%1 at %2 by %3, %4</source>
        <translation>%2 に %3 が%1 (%4)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>(%1 archived)</source>
        <translation>(うちアーカイブ済み %1)</translation>
    </message>
    <message>
        <source>%1, archived</source>
        <translation>%1、アーカイブ済み</translation>
    </message>
    <message>
        <source>%1 (%2 archived)</source>
        <translation>%1 (うち %2 件アーカイブ済み)</translation>
    </message>
</context>
<context>
    <name>om::PartitionBound</name>
    <message>
        <source>everything else</source>
        <translation>その他すべて</translation>
    </message>
</context>
<context>
    <name>om::Privileges</name>
    <message>
        <source>operator: %1 may change messages</source>
        <translation>オペレーター: %1 はメッセージを変更できます</translation>
    </message>
    <message>
        <source>privileges not checked yet</source>
        <translation>権限はまだ確認されていません</translation>
    </message>
    <message>
        <source>the server makes %1&apos;s transactions read-only</source>
        <translation>サーバーが %1 のトランザクションを読み取り専用にしています</translation>
    </message>
    <message>
        <source>%1 lacks %2</source>
        <translation>%1 には %2 がありません</translation>
    </message>
    <message>
        <source>read-only: this role cannot change messages (%1)</source>
        <translation>読み取り専用: このロールはメッセージを変更できません (%1)</translation>
    </message>
    <message>
        <source>access not known yet: privileges could not be checked (%1)</source>
        <translation>権限はまだ不明: 権限を確認できませんでした (%1)</translation>
    </message>
    <message>
        <source>read-only by profile: it declares no action, so messages are shown and never changed (the system offers no state change an operator may make, or the profile names no audit table)</source>
        <translation>プロファイルにより読み取り専用: 操作が定義されていないため、メッセージは表示のみで変更されません (このシステムにはオペレーターが行える状態変更がないか、プロファイルに監査テーブルがありません)</translation>
    </message>
    <message>
        <source>read-only: the admin kit&apos;s action function %1 is not installed in this database; the profile and the role are fine (ask the DBA to apply the kit&apos;s kit/action_functions.sql)</source>
        <translation>読み取り専用: 管理キットの操作関数 %1 がこのデータベースにインストールされていません。プロファイルとロールに問題はありません (DBA にキットの kit/action_functions.sql の適用を依頼してください)</translation>
    </message>
    <message>
        <source>monitoring only: this connection goes through a pooler in statement mode, which allows no transactions, and every action changes messages and writes their audit rows in one</source>
        <translation>監視のみ: この接続はトランザクションが使えないステートメントモードのプーラーを経由しています。操作はすべて、メッセージの変更と監査行の書き込みを 1 つのトランザクションで行います</translation>
    </message>
    <message>
        <source>read-only session: this window was opened read-only and changes nothing</source>
        <translation>読み取り専用セッション: このウィンドウは読み取り専用で開かれたため、何も変更しません</translation>
    </message>
    <message>
        <source>%1 (and %2 lacks %3)</source>
        <translation>%1 (また、%2 には %3 がありません)</translation>
    </message>
    <message>
        <source>%1; %2 holds the privileges to change messages in a window that is not read-only</source>
        <translation>%1。%2 は、読み取り専用でないウィンドウでメッセージを変更する権限を持っています</translation>
    </message>
    <message>
        <source>access not known yet</source>
        <translation>権限はまだ不明</translation>
    </message>
    <message>
        <source>read-only by profile</source>
        <translation>プロファイルにより読み取り専用</translation>
    </message>
    <message>
        <source>read-only session</source>
        <translation>読み取り専用セッション</translation>
    </message>
    <message>
        <source>monitoring only: statement pooler</source>
        <translation>監視のみ: ステートメントプーラー</translation>
    </message>
    <message>
        <source>read-only: the kit&apos;s action function is missing</source>
        <translation>読み取り専用: キットの操作関数がありません</translation>
    </message>
    <message>
        <source>read-only: %1 cannot change messages</source>
        <translation>読み取り専用: %1 はメッセージを変更できません</translation>
    </message>
</context>
<context>
    <name>om::ProfileCheck</name>
    <message>
        <source>a message id must be an integer, a uuid or text, not %1</source>
        <translation>メッセージ ID は整数、uuid、テキストのいずれかである必要があります (%1 は不可)</translation>
    </message>
    <message>
        <source>a time must be timestamp with time zone, not %1</source>
        <translation>時刻は timestamp with time zone である必要があります (%1 は不可)</translation>
    </message>
    <message>
        <source>a retry count must be an integer, not %1</source>
        <translation>再試行回数は整数である必要があります (%1 は不可)</translation>
    </message>
    <message>
        <source>a status must be text or an enum, not %1: the states compare it with text values</source>
        <translation>ステータスはテキストか列挙型である必要があります (%1 は不可): 状態はテキストの値と比較します</translation>
    </message>
    <message>
        <source>a payload must be json, jsonb, text or bytea, not %1</source>
        <translation>ペイロードは json、jsonb、text、bytea のいずれかである必要があります (%1 は不可)</translation>
    </message>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 ほか %n 件</numerusform>
        </translation>
    </message>
    <message>
        <source>error</source>
        <translation>エラー</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>note</source>
        <translation>注記</translation>
    </message>
    <message>
        <source>Rows per state in a sample of %1 rows (%2 % of the pages of about %3 rows):</source>
        <translation>状態ごとの行数 (約 %3 行のページの %2 % を標本として読んだ %1 行):</translation>
    </message>
    <message>
        <source>Rows per state (all %1 rows counted):</source>
        <translation>状態ごとの行数 (全 %1 行を集計):</translation>
    </message>
    <message>
        <source>(in no state)</source>
        <translation>(どの状態にも該当しない)</translation>
    </message>
    <message>
        <source>(in several states)</source>
        <translation>(複数の状態に該当)</translation>
    </message>
    <message>
        <source>Indexes: the dashboard&apos;s snapshot reads only indexes.</source>
        <translation>インデックス: ダッシュボードのスナップショットはインデックスのみを読みます。</translation>
    </message>
    <message>
        <source>The profile fits %1.</source>
        <translation>プロファイルは %1 に合致しています。</translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>エラー %n 件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>警告 %n 件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The profile does not fit %1 (%n problem(s)): %2: %3</source>
        <translation>
            <numerusform>プロファイルが %1 に合致しません (問題 %n 件): %2: %3</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 does not exist, or this role cannot see its schema.</source>
        <translation>%1 が存在しないか、このロールからそのスキーマが見えません。</translation>
    </message>
    <message>
        <source>This role may not read %1 (no SELECT privilege).</source>
        <translation>このロールは %1 を読めません (SELECT 権限がありません)。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a column of %2 (it has: %3).</source>
        <translation>「%1」は %2 の列ではありません (存在する列: %3)。</translation>
    </message>
    <message>
        <source>&quot;%1&quot;: %2.</source>
        <translation>「%1」: %2。</translation>
    </message>
    <message>
        <source>State %1: &quot;%2&quot; is not a value of the enum %3 (%4).</source>
        <translation>状態 %1: 「%2」は列挙型 %3 の値ではありません (%4)。</translation>
    </message>
    <message>
        <source>%1 does not exist (or this role cannot see it): no action can be taken, because every change needs its audit row.</source>
        <translation>%1 が存在しません (またはこのロールから見えません): すべての変更には監査行が必要なため、操作は実行できません。</translation>
    </message>
    <message>
        <source>%1 of %2 rows read are in more than one state: every count on the dashboard would count them twice. Make the states&apos; conditions exclusive.</source>
        <translation>読み取った %2 行のうち %1 行が複数の状態に該当します: ダッシュボードの件数で二重に数えられます。状態の条件が重ならないようにしてください。</translation>
    </message>
    <message>
        <source>%1 of %2 rows read are in no state: the dashboard does not show them anywhere.</source>
        <translation>読み取った %2 行のうち %1 行がどの状態にも該当しません: ダッシュボードのどこにも表示されません。</translation>
    </message>
    <message>
        <source>The admin kit&apos;s action function %1 is not installed: the program opens read-only until a DBA applies the table&apos;s admin kit (outbox-monitor --print-kit --profile FILE).</source>
        <translation>管理キットの操作関数 %1 がインストールされていません: DBA がこのテーブルの管理キット (outbox-monitor --print-kit --profile FILE) を適用するまで、読み取り専用で開きます。</translation>
    </message>
    <message>
        <source>%1 has no time zone: every age would be off by the difference between the server&apos;s zone and the writers&apos; zone; say which zone the writers use: &quot;types&quot;: {&quot;%2&quot;: &quot;timestamp&quot;} and &quot;timeZone&quot;</source>
        <translation>%1 にはタイムゾーンがありません: すべての経過時間がサーバーと書き込み側のタイムゾーンの差だけずれます。書き込み側のタイムゾーンを指定してください: &quot;types&quot;: {&quot;%2&quot;: &quot;timestamp&quot;} と &quot;timeZone&quot;</translation>
    </message>
    <message>
        <source>%1 is a number: if it counts seconds or milliseconds since 1970, say so in &quot;types&quot;: {&quot;%2&quot;: &quot;epochSeconds&quot;} or &quot;epochMillis&quot;</source>
        <translation>%1 は数値です: 1970 年からの秒数またはミリ秒数なら、&quot;types&quot;: {&quot;%2&quot;: &quot;epochSeconds&quot;} または &quot;epochMillis&quot; と指定してください</translation>
    </message>
    <message>
        <source>the profile says timestamp (without time zone), the column is %1</source>
        <translation>プロファイルでは timestamp (タイムゾーンなし) ですが、列は %1 です</translation>
    </message>
    <message>
        <source>the profile says epoch seconds or milliseconds, the column is %1</source>
        <translation>プロファイルではエポック秒またはミリ秒ですが、列は %1 です</translation>
    </message>
    <message>
        <source>%1 is too small to hold %2 (the time since 1970 does not fit): the column must be bigint</source>
        <translation>%1 は %2 を保持するには小さすぎます (1970 年からの時間が収まりません): 列は bigint でなければなりません</translation>
    </message>
    <message>
        <source>the column is %1, the profile says %2: write &quot;types&quot;: {&quot;id&quot;: &quot;%3&quot;}</source>
        <translation>列は %1 ですが、プロファイルでは %2 です: &quot;types&quot;: {&quot;id&quot;: &quot;%3&quot;} と書いてください</translation>
    </message>
    <message numerus="yes">
        <source>The profile fits %1, with %n warning(s): %2: %3</source>
        <translation>
            <numerusform>プロファイルは %1 に合致しています (警告 %n 件): %2: %3</numerusform>
        </translation>
    </message>
    <message>
        <source>No replication slot named %1 on this server: the dashboard cannot show how far the capture is behind.</source>
        <translation>このサーバーに %1 という名前のレプリケーションスロットはありません: ダッシュボードは取り込みの遅れを表示できません。</translation>
    </message>
    <message>
        <source>The replication slot %1 is not a logical slot of this database: it does not capture this table.</source>
        <translation>レプリケーションスロット %1 はこのデータベースの論理スロットではありません: このテーブルを取り込んでいません。</translation>
    </message>
    <message>
        <source>The admin kit&apos;s purge function %1 is not installed: the Table tab offers no purge until a DBA applies the table&apos;s admin kit (outbox-monitor --print-kit --profile FILE).</source>
        <translation>管理キットの削除関数 %1 がインストールされていません: DBA がこのテーブルの管理キット (outbox-monitor --print-kit --profile FILE) を適用するまで、「テーブル」タブでは削除できません。</translation>
    </message>
    <message>
        <source>Row-level security is on for %1, and the policy %2 lets the role %3 read every row.</source>
        <translation>%1 では行レベルセキュリティが有効ですが、ポリシー %2 によりロール %3 は全行を読めます。</translation>
    </message>
    <message>
        <source>The role %1 sees %2 rows; the statistics, which row-level security does not filter, put the table at about %3.</source>
        <translation>ロール %1 に見える行は %2 行です。行レベルセキュリティで絞られない統計情報では、テーブルは約 %3 行です。</translation>
    </message>
    <message>
        <source>%1 does not exist (or this role cannot see it): the Blocked keys view reads each key&apos;s lock there.</source>
        <translation>%1 が存在しません (またはこのロールからは見えません)。詰まっているキーのビューは各キーのロックをそこから読みます。</translation>
    </message>
    <message>
        <source>an error message must be text, json, jsonb, an array of json or jsonb, or bytea, not %1</source>
        <translation>エラーメッセージは text、json、jsonb、json または jsonb の配列、bytea のいずれかである必要があります (%1 は使えません)</translation>
    </message>
    <message>
        <source>the column is %1, the profile says %2: leave &quot;%3&quot; out of &quot;types&quot;</source>
        <translation>列は %1 ですが、プロファイルは %2 としています。&quot;types&quot; から &quot;%3&quot; を外してください</translation>
    </message>
    <message>
        <source>the column is %1, the profile says %2: write &quot;types&quot;: {&quot;%3&quot;: &quot;%4&quot;}</source>
        <translation>列は %1 ですが、プロファイルは %2 としています。&quot;types&quot;: {&quot;%3&quot;: &quot;%4&quot;} と書いてください</translation>
    </message>
    <message>
        <source>%1 does not exist (or this role cannot see it): the finished count reads it.</source>
        <translation>%1 が存在しません (またはこのロールから見えません)。完了件数はこのテーブルを読みます。</translation>
    </message>
    <message>
        <source>this role may not read %1: apply the kit (it grants SELECT on the archive).</source>
        <translation>このロールは %1 を読めません。キットを適用してください (アーカイブへの SELECT を付与します)。</translation>
    </message>
    <message>
        <source>%1 does not exist (or this role cannot see it): the names of %2 are read there.</source>
        <translation>%1 が存在しません (またはこのロールから見えません)。%2 の名前はこのテーブルから読みます。</translation>
    </message>
    <message>
        <source>this role may not read %1: apply the kit (it grants SELECT on the lookup).</source>
        <translation>このロールは %1 を読めません。キットを適用してください (参照テーブルへの SELECT を付与します)。</translation>
    </message>
    <message>
        <source>no index of %1 starts with %2: every name shown reads the whole lookup table. Its primary key, or: CREATE UNIQUE INDEX ON %1 (%3)</source>
        <translation>%1 には %2 で始まるインデックスがありません。名前を表示するたびに参照テーブル全体を読みます。主キーを設定するか、CREATE UNIQUE INDEX ON %1 (%3) を実行してください</translation>
    </message>
    <message>
        <source>%1 is a number: if it counts seconds or milliseconds, say so: &quot;stuck&quot;: {&quot;timeoutUnit&quot;: &quot;seconds&quot;} or &quot;milliseconds&quot;</source>
        <translation>%1 は数値です。秒またはミリ秒を表すなら、&quot;stuck&quot;: {&quot;timeoutUnit&quot;: &quot;seconds&quot;} または &quot;milliseconds&quot; と書いてください</translation>
    </message>
    <message>
        <source>a timeout must be an interval or a number of seconds, not %1</source>
        <translation>タイムアウトは interval か秒数である必要があります (%1 は不可)</translation>
    </message>
    <message>
        <source>the column is an interval: leave &quot;timeoutUnit&quot; out of &quot;stuck&quot; (or write &quot;interval&quot;)</source>
        <translation>この列は interval です。&quot;stuck&quot; の &quot;timeoutUnit&quot; を省いてください (または &quot;interval&quot; と書いてください)</translation>
    </message>
    <message>
        <source>the profile says the timeout counts seconds or milliseconds, the column is %1</source>
        <translation>プロファイルではタイムアウトが秒またはミリ秒ですが、列は %1 です</translation>
    </message>
    <message>
        <source>%1 is a view: the window reads through it, but a view has no statistics or indexes of its own, so finished states are counted, not estimated, and the kit cannot be applied to it. Name the table the view reads in &quot;base&quot;.</source>
        <translation>%1 はビューです。ウィンドウはビューを通して読みますが、ビューには統計もインデックスもないため、完了状態は推定せずに数え、キットも適用できません。ビューが読むテーブルを &quot;base&quot; に指定してください。</translation>
    </message>
    <message>
        <source>%1 is not a view: &quot;base&quot; is only for a view&apos;s table; leave it out.</source>
        <translation>%1 はビューではありません。&quot;base&quot; はビューのテーブル用です。外してください。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a column of %2 yet: the admin kit&apos;s action function adds it (outbox-monitor --print-kit --profile FILE); until then no action can be taken.</source>
        <translation>「%1」はまだ %2 の列ではありません。管理キットの操作関数が追加します (outbox-monitor --print-kit --profile FILE)。それまでは操作を実行できません。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is %2, not a time (timestamptz): the lock&apos;s age is measured from it.</source>
        <translation>「%1」は %2 で、時刻 (timestamptz) ではありません。ロックの経過時間はこの列から測ります。</translation>
    </message>
    <message>
        <source>%1 open messages have more tries counted than the profile allows them (past their last try): if the library still runs them, its maximum is of retries after the first attempt (&quot;retries&quot;: {&quot;limit&quot;: &quot;retries&quot;}), or the counter moves at another time.</source>
        <translation>%1 件の未完了メッセージで、数えられた試行がプロファイル上の上限を超えています (最後の試行を過ぎています): ライブラリがそれでも実行するなら、最大値は最初の試行の後の再試行回数です (&quot;retries&quot;: {&quot;limit&quot;: &quot;retries&quot;})。あるいはカウンターが別の時点で増えています。</translation>
    </message>
    <message>
        <source>%1 messages in flight have a retries count of 0, yet the profile says the count moves when a worker claims a message (it would be 1 or more): if it moves when an attempt fails, write &quot;retries&quot;: {&quot;movesAt&quot;: &quot;failure&quot;}.</source>
        <translation>処理中の %1 件のメッセージの再試行回数が 0 ですが、プロファイルではワーカーがメッセージを取得した時に回数が増えることになっています (それなら 1 以上のはずです): 試行が失敗した時に増えるのなら、&quot;retries&quot;: {&quot;movesAt&quot;: &quot;failure&quot;} と書いてください。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a column of %2: the state rules read it to tell a finished archived row from a failed or cancelled one. If the archive keeps no state, name the one state its rows are in (&quot;archive&quot;: {&quot;state&quot;: …}).</source>
        <translation>「%1」は %2 の列ではありません: 状態の規則はこの列を読んで、アーカイブされた行が完了か、失敗またはキャンセルかを見分けます。アーカイブが状態を持たない場合は、その行が属する 1 つの状態を指定してください (&quot;archive&quot;: {&quot;state&quot;: …})。</translation>
    </message>
    <message>
        <source>Row-level security on %1 (%2) applies to the role %3: it sees only the rows its policies allow there, and the window cannot say how many are hidden.</source>
        <translation>%1 (%2) の行レベルセキュリティがロール %3 に適用されています: ポリシーが許す行しか見えず、いくつ隠れているかは画面からは分かりません。</translation>
    </message>
</context>
<context>
    <name>om::ProfileCheckBanner</name>
    <message>
        <source>Details…</source>
        <translation>詳細…</translation>
    </message>
    <message>
        <source>Until this is fixed, counts or lists that read these columns may be wrong or fail.</source>
        <translation>修正されるまで、これらの列を読む件数や一覧は誤っているか失敗する可能性があります。</translation>
    </message>
    <message>
        <source>Profile check: %1</source>
        <translation>プロファイル照合: %1</translation>
    </message>
    <message>
        <source>Check again</source>
        <translation>もう一度確認</translation>
    </message>
</context>
<context>
    <name>om::PurgeDialog</name>
    <message>
        <source>Delete</source>
        <translation>削除</translation>
    </message>
    <message>
        <source>Stop after this batch</source>
        <translation>このバッチの後で停止</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>閉じる</translation>
    </message>
    <message>
        <source>Purge finished messages</source>
        <translation>完了メッセージの削除</translation>
    </message>
    <message>
        <source>Why? (stored in the audit trail with every deleted message)</source>
        <translation>理由 (削除した各メッセージとともに監査証跡に記録されます)</translation>
    </message>
    <message>
        <source>optional, e.g. INC-2043</source>
        <translation>任意、例: INC-2043</translation>
    </message>
    <message>
        <source>Older than (days):</source>
        <translation>経過日数 (日):</translation>
    </message>
    <message>
        <source>Messages:</source>
        <translation>メッセージ:</translation>
    </message>
    <message>
        <source>Reason:</source>
        <translation>理由:</translation>
    </message>
    <message>
        <source>Ticket:</source>
        <translation>チケット:</translation>
    </message>
    <message>
        <source>Stopping after the batch that runs now…</source>
        <translation>実行中のバッチの後で停止します…</translation>
    </message>
    <message>
        <source>Deletes messages of %1 in %2 whose %3 is older than the retention (server clock), %4 per transaction, each with an audit row &quot;%5&quot;. Open messages are never deleted.</source>
        <translation>%1 のうち %2 で、%3 が保持期間より古い (サーバー時刻) メッセージを、1 トランザクションあたり %4 件ずつ、それぞれ監査行「%5」を付けて削除します。未完了のメッセージは削除しません。</translation>
    </message>
    <message>
        <source>Type the retention: messages finished more than this many days ago are deleted.</source>
        <translation>保持期間を入力してください: この日数より前に完了したメッセージが削除されます。</translation>
    </message>
    <message>
        <source>The retention must be a whole number of days, not &quot;%1&quot;.</source>
        <translation>保持期間は日数 (整数) で指定してください (「%1」は不可)。</translation>
    </message>
    <message>
        <source>The retention must be at least 1 day.</source>
        <translation>保持期間は 1 日以上にしてください。</translation>
    </message>
    <message>
        <source>The retention must be at most %1 days.</source>
        <translation>保持期間は %1 日以下にしてください。</translation>
    </message>
    <message>
        <source>This window is read-only: it cannot purge.</source>
        <translation>このウィンドウは読み取り専用です: 削除できません。</translation>
    </message>
    <message>
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <source>(type a retention of 1 day or more)</source>
        <translation>(1 日以上の保持期間を入力してください)</translation>
    </message>
    <message>
        <source>could not count: %1</source>
        <translation>件数を数えられませんでした: %1</translation>
    </message>
    <message>
        <source>about %1 (the planner&apos;s estimate; counting…)</source>
        <translation>約 %1 件 (プランナーの推定値。集計中…)</translation>
    </message>
    <message>
        <source>%1 message(s) (counted)</source>
        <translation>%1 件 (集計値)</translation>
    </message>
    <message>
        <source>Deleting…</source>
        <translation>削除中…</translation>
    </message>
    <message>
        <source>Deleted %1 of about %2 in %3 batch(es), each committed with its audit rows.</source>
        <translation>約 %2 件のうち %1 件を %3 バッチで削除しました (各バッチは監査行とともにコミット済み)。</translation>
    </message>
    <message>
        <source>?</source>
        <translation>?</translation>
    </message>
    <message>
        <source>%1 message(s) deleted in %2 batch(es), %3 s; audit action id %4.</source>
        <translation>%1 件を %2 バッチで削除しました (%3 秒)。監査の操作 ID: %4。</translation>
    </message>
    <message>
        <source>Stopped by an error: %1 Committed before it: %2</source>
        <translation>エラーで停止しました: %1 それまでにコミット済み: %2</translation>
    </message>
    <message>
        <source>Stopped by you after a committed batch. %1</source>
        <translation>コミット済みのバッチの後で、操作により停止しました。%1</translation>
    </message>
    <message>
        <source>Finished. %1</source>
        <translation>完了しました。%1</translation>
    </message>
    <message>
        <source>about %1 (the planner&apos;s estimate; the exact count failed: %2)</source>
        <translation>約 %1 件 (プランナーの推定値。正確な件数の集計は失敗しました: %2)</translation>
    </message>
</context>
<context>
    <name>om::PurgeRunner</name>
    <message>
        <source>A purge is running already.</source>
        <translation>削除はすでに実行中です。</translation>
    </message>
    <message>
        <source>The connection broke while a batch was committing: the Audit tab shows whether it was (action id %1). %2</source>
        <translation>バッチのコミット中に接続が切れました: コミットされたかどうかは「監査」タブで確認できます (操作 ID %1)。%2</translation>
    </message>
    <message>
        <source>The profile %1 declares no purge.</source>
        <translation>プロファイル %1 は削除を宣言していません。</translation>
    </message>
    <message>
        <source>The retention must be at least 1 day.</source>
        <translation>保持期間は 1 日以上にしてください。</translation>
    </message>
    <message>
        <source>A batch is 1 to %1 rows.</source>
        <translation>1 バッチは 1～%1 行です。</translation>
    </message>
    <message>
        <source>A reason is required.</source>
        <translation>理由が必要です。</translation>
    </message>
    <message>
        <source>%1 is not a state this profile may purge.</source>
        <translation>%1 はこのプロファイルで削除できる状態ではありません。</translation>
    </message>
</context>
<context>
    <name>om::ReadSecurity</name>
    <message>
        <source>the profile&apos;s table</source>
        <translation>プロファイルのテーブル</translation>
    </message>
    <message>
        <source>the table the view reads</source>
        <translation>ビューが読むテーブル</translation>
    </message>
    <message>
        <source>the archive, where finished rows are moved</source>
        <translation>完了した行の移動先であるアーカイブ</translation>
    </message>
    <message>
        <source>the lock table that says which key is blocked</source>
        <translation>どのキーが止まっているかを示すロックテーブル</translation>
    </message>
    <message>
        <source>a lookup table of names</source>
        <translation>名前の参照テーブル</translation>
    </message>
    <message>
        <source>the audit table of the actions</source>
        <translation>操作の監査テーブル</translation>
    </message>
    <message>
        <source>Row-level security on %1 (%2) applies to the role %3: the window sees only the rows its policies allow there, and cannot say how many are hidden. %4</source>
        <translation>%1 (%2) の行レベルセキュリティがロール %3 に適用されています: 画面にはポリシーが許す行しか見えず、いくつ隠れているかは分かりません。%4</translation>
    </message>
    <message>
        <source>The role %1 sees only some rows (row-level security on %2): this may not be all.</source>
        <translation>ロール %1 には一部の行しか見えていません (%2 の行レベルセキュリティ): これがすべてとは限りません。</translation>
    </message>
    <message>
        <source>(row-level security: the role sees only some rows)</source>
        <translation>(行レベルセキュリティ: ロールには一部の行しか見えていません)</translation>
    </message>
</context>
<context>
    <name>om::ReasonDialog</name>
    <message>
        <source>%1 — reason required</source>
        <translation>%1 — 理由の入力</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt; will change &lt;b&gt;%n message(s)&lt;/b&gt; of %2 and write one audit row (%3) for each.</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;: %2 の&lt;b&gt;%n 件のメッセージ&lt;/b&gt;を変更し、各メッセージに監査行 (%3) を 1 件書き込みます。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, … and %2 more</source>
        <translation>%1、… ほか %2 件</translation>
    </message>
    <message>
        <source>Messages: %1</source>
        <translation>メッセージ: %1</translation>
    </message>
    <message numerus="yes">
        <source>Why? (at least %n character(s); stored in the audit trail)</source>
        <translation>
            <numerusform>変更の理由 (%n 文字以上。監査証跡に保存されます)</numerusform>
        </translation>
    </message>
    <message>
        <source>optional, e.g. INC-1234</source>
        <translation>任意。例: INC-1234</translation>
    </message>
    <message>
        <source>&amp;Reason:</source>
        <translation>理由(&amp;R):</translation>
    </message>
    <message>
        <source>&amp;Ticket:</source>
        <translation>チケット(&amp;T):</translation>
    </message>
    <message numerus="yes">
        <source>%1 %n message(s)</source>
        <translation>
            <numerusform>%1 (%n 件のメッセージ)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 / %2 characters</source>
        <translation>%1 / %2 文字</translation>
    </message>
    <message>
        <source>Target: %1</source>
        <translation>対象: %1</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>戻る</translation>
    </message>
    <message>
        <source>Close this dialog; nothing is changed</source>
        <translation>このダイアログを閉じます。何も変更されません</translation>
    </message>
</context>
<context>
    <name>om::RecentActionsModel</name>
    <message>
        <source>Action %1</source>
        <translation>操作 %1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>時刻</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>By</source>
        <translation>実行者</translation>
    </message>
    <message>
        <source>Ticket</source>
        <translation>チケット</translation>
    </message>
    <message>
        <source>Outcome (now)</source>
        <translation>結果 (現在)</translation>
    </message>
</context>
<context>
    <name>om::RecentActionsView</name>
    <message>
        <source>Actions of the last hour, and where their messages are now</source>
        <translation>直近 1 時間の操作と、そのメッセージの現在の状態</translation>
    </message>
    <message>
        <source>No actions in the last hour</source>
        <translation>直近 1 時間に操作はありません</translation>
    </message>
    <message>
        <source>Recent actions could not be read: %1</source>
        <translation>直近の操作を読み込めませんでした: %1</translation>
    </message>
</context>
<context>
    <name>om::ReportDialog</name>
    <message>
        <source>Incident report</source>
        <translation>インシデントレポート</translation>
    </message>
    <message>
        <source>A PDF of what happened in a time range: the actions taken with their reasons, the dashboard&apos;s charts, the state at the end and the messages that failed in the range.</source>
        <translation>指定期間に起きたことを PDF にまとめます: 実行された操作とその理由、ダッシュボードのグラフ、終了時点の状態、期間内に失敗したメッセージ。</translation>
    </message>
    <message>
        <source>optional, e.g. INC-1234: only the actions under this ticket</source>
        <translation>任意 (例: INC-1234): このチケットの操作のみを対象にします</translation>
    </message>
    <message>
        <source>&amp;Ticket:</source>
        <translation>チケット(&amp;T):</translation>
    </message>
    <message>
        <source>Make report</source>
        <translation>レポートを作成</translation>
    </message>
    <message>
        <source>Time range</source>
        <translation>期間</translation>
    </message>
    <message>
        <source>From</source>
        <translation>開始</translation>
    </message>
    <message>
        <source>to</source>
        <translation>終了</translation>
    </message>
    <message>
        <source>local time (%1)</source>
        <translation>ローカル時刻 (%1)</translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation>直近 1 時間</translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation>直近 24 時間</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>直近 7 日間</translation>
    </message>
    <message>
        <source>Audit filter&apos;s range</source>
        <translation>監査フィルターの期間</translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>The Audit tab&apos;s filter has no time range.</source>
        <translation>監査タブのフィルターに期間が指定されていません。</translation>
    </message>
    <message>
        <source>Save as</source>
        <translation>保存先</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>選択…</translation>
    </message>
    <message>
        <source>Folder:</source>
        <translation>フォルダー:</translation>
    </message>
    <message>
        <source>File name:</source>
        <translation>ファイル名:</translation>
    </message>
    <message>
        <source>Save the incident report as</source>
        <translation>インシデントレポートの保存先</translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation>PDF ファイル (*.pdf)</translation>
    </message>
    <message>
        <source>The start of the range must be before its end.</source>
        <translation>期間の開始は終了より前にしてください。</translation>
    </message>
    <message numerus="yes">
        <source>(%n character(s) now)</source>
        <translation>
            <numerusform>(現在 %n 文字)</numerusform>
        </translation>
    </message>
    <message>
        <source>Give the report a file name.</source>
        <translation>レポートのファイル名を入力してください。</translation>
    </message>
    <message>
        <source>The file name may not contain &quot;/&quot;: choose the folder with Choose….</source>
        <translation>ファイル名に「/」は使えません。フォルダーは「選択…」で指定してください。</translation>
    </message>
    <message>
        <source>The folder %1 does not exist.</source>
        <translation>フォルダー %1 は存在しません。</translation>
    </message>
    <message>
        <source>Cannot write to the folder %1 (%2). Choose another folder.</source>
        <translation>フォルダー %1 に書き込めません (%2)。別のフォルダーを選択してください。</translation>
    </message>
    <message>
        <source>Length: %1</source>
        <translation>長さ: %1</translation>
    </message>
    <message>
        <source>The report replaces %1</source>
        <translation>レポートは既存の %1 を置き換えます</translation>
    </message>
    <message>
        <source>The report will be written to %1</source>
        <translation>レポートの書き込み先: %1</translation>
    </message>
</context>
<context>
    <name>om::ReportMaker</name>
    <message>
        <source>The start of the time range must be before its end.</source>
        <translation>期間の開始は終了より前にしてください。</translation>
    </message>
    <message>
        <source>Could not read the report&apos;s data: %1</source>
        <translation>レポートのデータを読み取れませんでした: %1</translation>
    </message>
    <message>
        <source>%1 is a folder, not a file.</source>
        <translation>%1 はファイルではなくフォルダーです。</translation>
    </message>
    <message>
        <source>Cannot write to the folder of %1: %2</source>
        <translation>%1 のフォルダーに書き込めません: %2</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 に書き込めません: %2</translation>
    </message>
</context>
<context>
    <name>om::ReportPrinter</name>
    <message>
        <source>%1 · Page %2 of %3</source>
        <translation>%1 · %2 / %3 ページ</translation>
    </message>
</context>
<context>
    <name>om::ResultDialog</name>
    <message>
        <source>%1 — result</source>
        <translation>%1 — 結果</translation>
    </message>
    <message numerus="yes">
        <source>%n message(s) not changed:</source>
        <translation>
            <numerusform>%n 件のメッセージは変更されませんでした:</numerusform>
        </translation>
    </message>
    <message>
        <source>(the first %1 are listed)</source>
        <translation>(先頭 %1 件を表示)</translation>
    </message>
    <message>
        <source>Took %1 ms.</source>
        <translation>所要時間 %1 ms。</translation>
    </message>
    <message>
        <source>.</source>
        <comment>end of the list of skipped reasons</comment>
        <translation>。</translation>
    </message>
    <message>
        <source>The connection was lost during COMMIT, so the outcome was unknown. Re-checked on a new connection: the transaction committed.</source>
        <translation>COMMIT 中に接続が切れたため、結果は不明でした。新しい接続で再確認した結果: トランザクションはコミットされています。</translation>
    </message>
    <message>
        <source>Action id %1.</source>
        <translation>操作 ID %1。</translation>
    </message>
    <message>
        <source>Message %1 changed to %2, with its audit row (%3).</source>
        <translation>メッセージ %1 を %2 に変更し、監査行を記録しました (%3)。</translation>
    </message>
    <message numerus="yes">
        <source>%n message(s) changed to %1, each with its audit row (%2).</source>
        <translation>
            <numerusform>%n 件のメッセージを %1 に変更し、それぞれ監査行を記録しました (%2)。</numerusform>
        </translation>
    </message>
    <message>
        <source>Ids: %1.</source>
        <translation>ID: %1。</translation>
    </message>
    <message>
        <source>The server changed after the messages were counted: counted at %1, run at %2. It holds the same data (the same database of cluster %3: a standby promoted after a failover), so the action ran there.</source>
        <translation>メッセージを数えた後にサーバーが変わりました: %1 で数え、%2 で実行しました。同じデータを持つサーバー (クラスター %3 の同じデータベース: フェイルオーバー後に昇格したスタンバイ) なので、そこで操作を実行しました。</translation>
    </message>
</context>
<context>
    <name>om::RowSecurity</name>
    <message>
        <source>%1 is a superuser, which row-level security does not apply to.</source>
        <translation>%1 はスーパーユーザーで、行レベルセキュリティの対象外です。</translation>
    </message>
    <message>
        <source>%1 has BYPASSRLS, which row-level security does not apply to.</source>
        <translation>%1 は BYPASSRLS を持ち、行レベルセキュリティの対象外です。</translation>
    </message>
    <message>
        <source>%1 owns the table, which row-level security does not apply to (the table does not FORCE it).</source>
        <translation>%1 はテーブルの所有者で、行レベルセキュリティの対象外です (テーブルは FORCE していません)。</translation>
    </message>
    <message>
        <source>%1 owns the table, but the table FORCEs row-level security on its owner too.</source>
        <translation>%1 はテーブルの所有者ですが、テーブルは所有者にも行レベルセキュリティを FORCE しています。</translation>
    </message>
    <message>
        <source>%1 is not the table&apos;s owner, a superuser or a role with BYPASSRLS.</source>
        <translation>%1 はテーブルの所有者でも、スーパーユーザーでも、BYPASSRLS を持つロールでもありません。</translation>
    </message>
    <message>
        <source>restrictive policies narrow what the policy %1 would show</source>
        <translation>制限的ポリシーが、ポリシー %1 で見えるはずの行を絞り込んでいます</translation>
    </message>
    <message>
        <source>it sees only the rows its policies allow, possibly none</source>
        <translation>ポリシーが許す行だけが見え、1 行も見えないこともあります</translation>
    </message>
    <message>
        <source>Row-level security on %1 applies to the role %2: %3. Every count, list and action here covers only those rows, and the server cannot say how many are hidden. %4</source>
        <translation>%1 の行レベルセキュリティがロール %2 に適用されています: %3。ここでの件数・一覧・操作はすべてその行だけが対象で、何行隠れているかはサーバーにもわかりません。%4</translation>
    </message>
    <message>
        <source>Connect as a role that may read every row, or ask the DBA to apply the admin kit&apos;s read policy (outbox-monitor --print-kit --read-policy --profile FILE).</source>
        <translation>全行を読めるロールで接続するか、管理キットの読み取りポリシー (outbox-monitor --print-kit --read-policy --profile FILE) の適用を DBA に依頼してください。</translation>
    </message>
</context>
<context>
    <name>om::SavedConnectionEditor</name>
    <message>
        <source>Read-only session</source>
        <translation>読み取り専用セッション</translation>
    </message>
    <message>
        <source>host=db.example dbname=app user=ops   or   postgresql://…   or   service=NAME</source>
        <translation>host=db.example dbname=app user=ops&#x3000;または&#x3000;postgresql://…&#x3000;または&#x3000;service=NAME</translation>
    </message>
    <message>
        <source>word shown in the band, e.g. qa</source>
        <translation>帯に表示する語 (例: qa)</translation>
    </message>
    <message>
        <source>optional: who owns it, runbook, on-call channel…</source>
        <translation>任意: 担当チーム、手順書、オンコール連絡先…</translation>
    </message>
    <message>
        <source>File…</source>
        <translation>ファイル…</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名前:</translation>
    </message>
    <message>
        <source>Connection:</source>
        <translation>接続:</translation>
    </message>
    <message>
        <source>Password:</source>
        <translation>パスワード:</translation>
    </message>
    <message>
        <source>Table profile:</source>
        <translation>テーブルプロファイル:</translation>
    </message>
    <message>
        <source>Environment:</source>
        <translation>環境:</translation>
    </message>
    <message>
        <source>Note:</source>
        <translation>メモ:</translation>
    </message>
    <message>
        <source>Colour of this environment</source>
        <translation>この環境の色</translation>
    </message>
    <message>
        <source>Table profile</source>
        <translation>テーブルプロファイル</translation>
    </message>
    <message>
        <source>Profiles (*.json)</source>
        <translation>プロファイル (*.json)</translation>
    </message>
    <message>
        <source>Colour…</source>
        <translation>色…</translation>
    </message>
    <message>
        <source>The password in the connection string is used for Test connection only: it is taken out and never saved.</source>
        <translation>接続文字列中のパスワードは接続テストにだけ使われます: 取り除かれ、保存されることはありません。</translation>
    </message>
    <message>
        <source>optional: a hot standby the dashboard and lists read; actions go to the connection above</source>
        <translation>任意: ダッシュボードと一覧が読むホットスタンバイ。操作は上の接続に送られます</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>The standby&apos;s numbers are shown as stale while its replay is further behind than this.</source>
        <translation>スタンバイの再生がこれより遅れている間、その数値を古いものとして表示します。</translation>
    </message>
    <message>
        <source>stale after</source>
        <translation>古いとみなすまで</translation>
    </message>
    <message>
        <source>Read from standby:</source>
        <translation>スタンバイから読む:</translation>
    </message>
    <message>
        <source>Found out when connecting (safe with any pooler)</source>
        <translation>接続時に判別 (どのプーラーでも安全)</translation>
    </message>
    <message>
        <source>Behind a transaction pooler</source>
        <translation>トランザクションプーラーの背後</translation>
    </message>
    <message>
        <source>Behind a statement pooler (monitoring only, no actions)</source>
        <translation>ステートメントプーラーの背後 (監視のみ、操作なし)</translation>
    </message>
    <message>
        <source>Path to the server:</source>
        <translation>サーバーへの経路:</translation>
    </message>
    <message>
        <source>for Test connection, or to remember in the system keychain; never saved here</source>
        <translation>接続テスト用、またはシステムのキーチェーンへの記憶用。ここには保存しません</translation>
    </message>
    <message>
        <source>Its own connection (direct); if a pooler answers, used as a transaction pool</source>
        <translation>専用の接続 (直接接続)。プーラーが応答した場合はトランザクションプールとして使います</translation>
    </message>
</context>
<context>
    <name>om::SavedConnectionModel</name>
    <message>
        <source>Name</source>
        <translation>名前</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>環境</translation>
    </message>
    <message>
        <source>Leads to</source>
        <translation>接続先</translation>
    </message>
</context>
<context>
    <name>om::SavedConnections</name>
    <message>
        <source>A saved connection needs a name.</source>
        <translation>保存済み接続には名前が必要です。</translation>
    </message>
    <message>
        <source>A connection called &quot;%1&quot; is saved already: choose another name.</source>
        <translation>「%1」という接続はすでに保存されています: 別の名前を選んでください。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; needs a connection string (host=… dbname=…, a postgresql:// URI or service=NAME).</source>
        <translation>「%1」には接続文字列 (host=… dbname=…、postgresql:// URI、または service=NAME) が必要です。</translation>
    </message>
    <message>
        <source>The connection string of &quot;%1&quot; is not one libpq accepts: %2</source>
        <translation>「%1」の接続文字列は libpq が受け付けません: %2</translation>
    </message>
    <message>
        <source>&quot;%1&quot; needs a table profile (a built-in id or a profile file).</source>
        <translation>「%1」にはテーブルプロファイル (組み込みの ID かプロファイルファイル) が必要です。</translation>
    </message>
    <message>
        <source>The profile of &quot;%1&quot; cannot be used: %2</source>
        <translation>「%1」のプロファイルを使えません: %2</translation>
    </message>
    <message>
        <source>A custom environment needs a colour (#rrggbb), not &quot;%1&quot;.</source>
        <translation>カスタム環境には色 (#rrggbb) が必要です (「%1」ではなく)。</translation>
    </message>
    <message>
        <source>No saved connection is called &quot;%1&quot;.</source>
        <translation>「%1」という保存済み接続はありません。</translation>
    </message>
    <message>
        <source>The standby&apos;s connection string of &quot;%1&quot; is not one libpq accepts: %2</source>
        <translation>「%1」のスタンバイの接続文字列は libpq が受け付けないものです: %2</translation>
    </message>
    <message>
        <source>The standby&apos;s bound of &quot;%1&quot; must be at least 1 second.</source>
        <translation>「%1」のスタンバイの上限は 1 秒以上にしてください。</translation>
    </message>
</context>
<context>
    <name>om::SchemaProfile</name>
    <message>
        <source>unknown key &quot;%1&quot; (known here: %2)</source>
        <translation>不明なキー「%1」です (ここで使えるキー: %2)</translation>
    </message>
    <message>
        <source>must be a string, not %1</source>
        <translation>文字列である必要があります (%1 ではありません)</translation>
    </message>
    <message>
        <source>must be a whole number, not %1</source>
        <translation>整数である必要があります (%1 ではありません)</translation>
    </message>
    <message>
        <source>must be true or false, not %1</source>
        <translation>true か false である必要があります (%1 ではありません)</translation>
    </message>
    <message>
        <source>must be an object ({...}), not %1</source>
        <translation>オブジェクト ({...}) である必要があります (%1 ではありません)</translation>
    </message>
    <message>
        <source>must be an array ([...]), not %1</source>
        <translation>配列 ([...]) である必要があります (%1 ではありません)</translation>
    </message>
    <message>
        <source>must name a table or column, not be empty</source>
        <translation>テーブル名または列名を指定してください (空にはできません)</translation>
    </message>
    <message>
        <source>a name cannot contain the NUL character</source>
        <translation>名前に NUL 文字は使えません</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is %2 bytes long; PostgreSQL names are at most 63 bytes</source>
        <translation>「%1」は %2 バイトあります。PostgreSQL の名前は最大 63 バイトです</translation>
    </message>
    <message>
        <source>not valid JSON: %1</source>
        <translation>有効な JSON ではありません: %1</translation>
    </message>
    <message>
        <source>the profile must be a JSON object ({...})</source>
        <translation>プロファイルは JSON オブジェクト ({...}) である必要があります</translation>
    </message>
    <message>
        <source>this key is written twice in its object</source>
        <translation>このキーは同じオブジェクト内に 2 回書かれています</translation>
    </message>
    <message>
        <source>&quot;id&quot; must be 1-64 letters, digits, &apos;_&apos;, &apos;-&apos; or &apos;.&apos;</source>
        <translation>「id」は 1～64 文字の英字、数字、&apos;_&apos;、&apos;-&apos;、&apos;.&apos; で指定してください</translation>
    </message>
    <message>
        <source>must be a column name (a string), not %1</source>
        <translation>列名 (文字列) である必要があります (%1 ではありません)</translation>
    </message>
    <message>
        <source>the logical column &quot;%1&quot; is mapped twice</source>
        <translation>論理列「%1」が 2 回対応付けられています</translation>
    </message>
    <message>
        <source>&quot;columns&quot; must map &quot;%1&quot;</source>
        <translation>「columns」には「%1」の対応付けが必要です</translation>
    </message>
    <message>
        <source>must be between 1 and 1000000</source>
        <translation>1 から 1000000 の間で指定してください</translation>
    </message>
    <message>
        <source>give the maximum either as a column (&quot;columns.maxRetries&quot;) or as a number here, not both</source>
        <translation>最大値は列 (「columns.maxRetries」) かここの数値のどちらか一方で指定してください (両方は不可)</translation>
    </message>
    <message>
        <source>&quot;states&quot; must list at least one state</source>
        <translation>「states」には少なくとも 1 つの状態が必要です</translation>
    </message>
    <message>
        <source>every state needs a &quot;name&quot; of at most 40 characters</source>
        <translation>すべての状態に 40 文字以内の「name」が必要です</translation>
    </message>
    <message>
        <source>state %1: &quot;role&quot; must be one of %2</source>
        <translation>状態 %1: 「role」は %2 のいずれかである必要があります</translation>
    </message>
    <message>
        <source>state %1 is defined twice</source>
        <translation>状態 %1 が 2 回定義されています</translation>
    </message>
    <message>
        <source>state %1 needs exactly one of &quot;value&quot;, &quot;isNull&quot;, &quot;notNull&quot;, &quot;when&quot;</source>
        <translation>状態 %1 には「value」「isNull」「notNull」「when」のうちちょうど 1 つが必要です</translation>
    </message>
    <message>
        <source>&quot;when&quot; must list 1 to 16 conditions</source>
        <translation>「when」には 1～16 個の条件を並べてください</translation>
    </message>
    <message>
        <source>a constant cannot contain the NUL character</source>
        <translation>定数に NUL 文字は使えません</translation>
    </message>
    <message>
        <source>must be a string, a number or true/false, not %1</source>
        <translation>文字列、数値、true/false のいずれかである必要があります (%1 ではありません)</translation>
    </message>
    <message>
        <source>a condition needs the &quot;column&quot; it tests</source>
        <translation>条件には判定する「column」が必要です</translation>
    </message>
    <message>
        <source>a condition needs exactly one of %1</source>
        <translation>条件には %1 のうちちょうど 1 つが必要です</translation>
    </message>
    <message>
        <source>&quot;with&quot; belongs to &quot;compare&quot; only</source>
        <translation>「with」は「compare」でのみ使えます</translation>
    </message>
    <message>
        <source>must be a non-empty array of constants</source>
        <translation>定数の空でない配列である必要があります</translation>
    </message>
    <message>
        <source>must be one of &quot;null&quot;, &quot;notNull&quot;, &quot;true&quot;, &quot;false&quot;</source>
        <translation>「null」「notNull」「true」「false」のいずれかである必要があります</translation>
    </message>
    <message>
        <source>%1 is not a time: write &quot;now&quot;, or &quot;now + N unit&quot; / &quot;now - N unit&quot; with a whole number and one of %2</source>
        <translation>%1 は時刻ではありません: 「now」、または整数と単位 (%2 のいずれか) を使って「now + N 単位」/「now - N 単位」と書いてください</translation>
    </message>
    <message>
        <source>must be one of %1</source>
        <translation>%1 のいずれかである必要があります</translation>
    </message>
    <message>
        <source>&quot;compare&quot; needs &quot;with&quot;: a mapped column&apos;s name or a number</source>
        <translation>「compare」には「with」(対応付けた列の名前または数値) が必要です</translation>
    </message>
    <message>
        <source>state %1 is terminal (counted from the planner&apos;s statistics), so its conditions must be equals, in or is; condition %2 is not</source>
        <translation>状態 %1 は終端状態 (プランナーの統計から数える) なので、条件は equals、in、is のいずれかである必要があります。条件 %2 はそうではありません</translation>
    </message>
    <message>
        <source>names the unknown state &quot;%1&quot;</source>
        <translation>不明な状態「%1」を指定しています</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a mapped column (map it under &quot;columns&quot; or &quot;extraColumns&quot;)</source>
        <translation>「%1」は対応付けられた列ではありません (「columns」か「extraColumns」で対応付けてください)</translation>
    </message>
    <message>
        <source>&quot;stuck.defaultTimeoutMinutes&quot; must be between 1 and 10080</source>
        <translation>「stuck.defaultTimeoutMinutes」は 1 から 10080 の間で指定してください</translation>
    </message>
    <message>
        <source>&quot;nearMaxRetry&quot; needs the &quot;retries&quot; column and the maximum: a &quot;maxRetries&quot; column or &quot;maxRetries&quot;: N</source>
        <translation>「nearMaxRetry」には「retries」列と最大値 (「maxRetries」列または「maxRetries」: N) が必要です</translation>
    </message>
    <message>
        <source>unknown action &quot;%1&quot; (known: %2)</source>
        <translation>不明な操作「%1」です (使える操作: %2)</translation>
    </message>
    <message>
        <source>action %1 must say which states it applies to (&quot;from&quot;)</source>
        <translation>操作 %1 には対象とする状態 (「from」) の指定が必要です</translation>
    </message>
    <message>
        <source>action %1: &quot;auditName&quot; must be 1-30 characters</source>
        <translation>操作 %1: 「auditName」は 1～30 文字である必要があります</translation>
    </message>
    <message>
        <source>action %1 cannot make a row %2: its &quot;set&quot; does not satisfy condition %3 (on &quot;%4&quot;) of that state</source>
        <translation>操作 %1 は行を %2 にできません: その「set」はその状態の条件 %3 (「%4」) を満たしません</translation>
    </message>
    <message>
        <source>&quot;audit.columns&quot; must map &quot;%1&quot;</source>
        <translation>「audit.columns」には「%1」の対応付けが必要です</translation>
    </message>
    <message>
        <source>&quot;audit.reasonMaxLength&quot; must be between 10 and 100000</source>
        <translation>「audit.reasonMaxLength」は 10 から 100000 の間で指定してください</translation>
    </message>
    <message>
        <source>the profile file is larger than 1 MiB</source>
        <translation>プロファイルファイルが 1 MiB を超えています</translation>
    </message>
    <message>
        <source>cannot read the profile file: %1</source>
        <translation>プロファイルファイルを読み取れません: %1</translation>
    </message>
    <message>
        <source>&quot;ordering.key&quot; names &quot;%1&quot;, which &quot;columns&quot; does not map</source>
        <translation>&quot;ordering.key&quot; の「%1」は &quot;columns&quot; で対応付けられていません</translation>
    </message>
    <message>
        <source>must be the name of a replication slot (a string), not %1</source>
        <translation>レプリケーションスロットの名前 (文字列) である必要があります (%1 ではありません)</translation>
    </message>
    <message>
        <source>&quot;purge&quot; must name the finished states it deletes (&quot;states&quot;); leave &quot;purge&quot; out for no purge</source>
        <translation>「purge」には削除する完了状態 (「states」) の指定が必要です。削除しない場合は「purge」を書かないでください</translation>
    </message>
    <message>
        <source>state %1 is %2: a purge deletes only done or cancelled states</source>
        <translation>状態 %1 は %2 です: 削除できるのは done または cancelled の状態だけです</translation>
    </message>
    <message>
        <source>&quot;purge.sinceColumn&quot; must name the time column a row&apos;s age is measured from</source>
        <translation>「purge.sinceColumn」には行の経過時間を測る時刻列を指定してください</translation>
    </message>
    <message>
        <source>&quot;purge.auditName&quot; must be 1-30 characters</source>
        <translation>「purge.auditName」は 1～30 文字である必要があります</translation>
    </message>
    <message>
        <source>a profile without actions is read-only and cannot purge: remove &quot;purge&quot;</source>
        <translation>操作を持たないプロファイルは読み取り専用で、削除できません: 「purge」を削除してください</translation>
    </message>
    <message>
        <source>&quot;table&quot; is one name, and &quot;%1&quot; has a dot in it: for the table %3 in the schema %2 write &quot;schema&quot;: &quot;%2&quot;, &quot;table&quot;: &quot;%3&quot;</source>
        <translation>「table」は 1 つの名前ですが、「%1」にはドットが含まれています: スキーマ %2 のテーブル %3 なら &quot;schema&quot;: &quot;%2&quot;, &quot;table&quot;: &quot;%3&quot; と書いてください</translation>
    </message>
    <message>
        <source>action %1: &quot;set.%2&quot; must be null, &quot;now&quot;, true, false, a number or {&quot;text&quot;: &quot;...&quot;}</source>
        <translation>操作 %1: 「set.%2」は null、「now」、true、false、数値、{&quot;text&quot;: &quot;...&quot;} のいずれかである必要があります</translation>
    </message>
    <message>
        <source>action %1: &quot;set.%2&quot; repeats what the action does when it moves a row to %3 (it sets &quot;%2&quot; itself); leave &quot;%2&quot; out of &quot;set&quot;</source>
        <translation>操作 %1: 「set.%2」は、行を %3 に移すときに操作自体が行うこと (「%2」の設定) と重複しています。「set」から「%2」を外してください</translation>
    </message>
    <message>
        <source>&quot;ordering&quot; must be {&quot;key&quot;: &quot;&lt;logical column&gt;&quot;, ...}: the column that orders delivery (rows of one key are delivered by created time, then id)</source>
        <translation>&quot;ordering&quot; は {&quot;key&quot;: &quot;&lt;論理列&gt;&quot;, ...} の形にしてください。配信の順序を決める列です (同じキーの行は作成時刻、次に id の順に配信されます)</translation>
    </message>
    <message>
        <source>state %1 is both skipped and blocking: a row the poller passes over cannot hold up the rows behind it</source>
        <translation>状態 %1 が skipped と blocking の両方にあります。ポーラーが飛ばす行は後ろの行を止められません</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must list at least one state, or be left out</source>
        <translation>&quot;%1&quot; には状態を1つ以上挙げるか、項目ごと省いてください</translation>
    </message>
    <message>
        <source>state %1 is terminal: a finished row is in no key&apos;s line</source>
        <translation>状態 %1 は終端です。完了した行はどのキーの列にも入りません</translation>
    </message>
    <message>
        <source>&quot;unordered&quot; must list 1 to 16 conditions (like a state&apos;s &quot;when&quot;)</source>
        <translation>&quot;unordered&quot; には条件を1〜16個挙げてください (状態の &quot;when&quot; と同じ書き方)</translation>
    </message>
    <message>
        <source>&quot;archive&quot; must name its &quot;table&quot;; leave &quot;archive&quot; out when finished rows stay in the table</source>
        <translation>&quot;archive&quot; には &quot;table&quot; の指定が必要です。完了した行がテーブルに残るなら &quot;archive&quot; を書かないでください</translation>
    </message>
    <message>
        <source>the archive is the profile&apos;s own table: name the table finished rows are moved to</source>
        <translation>アーカイブがプロファイル自身のテーブルになっています。完了した行の移動先テーブルを指定してください</translation>
    </message>
    <message>
        <source>no state is named &quot;%1&quot;</source>
        <translation>「%1」という状態はありません</translation>
    </message>
    <message>
        <source>state %1 is not terminal: archived rows never change again</source>
        <translation>状態 %1 は終端ではありません。アーカイブされた行は二度と変わりません</translation>
    </message>
    <message>
        <source>names can be looked up for %1, not &quot;%2&quot;</source>
        <translation>名前を参照できるのは %1 です (「%2」は不可)</translation>
    </message>
    <message>
        <source>a lookup must name its &quot;table&quot;</source>
        <translation>参照には &quot;table&quot; の指定が必要です</translation>
    </message>
    <message>
        <source>&quot;base&quot; must name the &quot;table&quot; the view reads; leave &quot;base&quot; out when &quot;table&quot; is a table</source>
        <translation>&quot;base&quot; にはビューが読む &quot;table&quot; の指定が必要です。&quot;table&quot; がテーブルなら &quot;base&quot; を書かないでください</translation>
    </message>
    <message>
        <source>&quot;base&quot; names the profile&apos;s own table: name the table the view reads</source>
        <translation>&quot;base&quot; がプロファイル自身のテーブルになっています。ビューが読むテーブルを指定してください</translation>
    </message>
    <message>
        <source>&quot;nullKey&quot; must be &quot;noKey&quot; (a row whose key is NULL is in no line) or &quot;oneLine&quot; (all such rows are one line), not &quot;%1&quot;</source>
        <translation>&quot;nullKey&quot; は &quot;noKey&quot; (キーが NULL の行はどの列にも入らない) か &quot;oneLine&quot; (そうした行すべてで 1 つの列) です (「%1」は不可)</translation>
    </message>
    <message>
        <source>state %1 is both skipped and active: the poller cannot pass over the row that holds its key</source>
        <translation>状態 %1 が skipped と atMostOneActive の両方にあります。ポーラーは、キーを保持している行を飛ばせません</translation>
    </message>
    <message>
        <source>&quot;pickOrder&quot; must list 1 to 4 columns, each {&quot;column&quot;: &quot;&lt;logical column&gt;&quot;, &quot;direction&quot;: &quot;asc&quot; or &quot;desc&quot;}: the order the worker takes a key&apos;s rows in (ties by id)</source>
        <translation>&quot;pickOrder&quot; には列を1〜4個、それぞれ {&quot;column&quot;: &quot;&lt;論理列&gt;&quot;, &quot;direction&quot;: &quot;asc&quot; または &quot;desc&quot;} の形で挙げてください。ワーカーがキーの行を取り出す順序です (同順なら id 順)</translation>
    </message>
    <message>
        <source>must be {&quot;column&quot;: &quot;&lt;logical column&gt;&quot;, &quot;direction&quot;: &quot;asc&quot; or &quot;desc&quot;}</source>
        <translation>{&quot;column&quot;: &quot;&lt;論理列&gt;&quot;, &quot;direction&quot;: &quot;asc&quot; または &quot;desc&quot;} の形にしてください</translation>
    </message>
    <message>
        <source>must be &quot;asc&quot; or &quot;desc&quot;, not &quot;%1&quot;</source>
        <translation>&quot;asc&quot; か &quot;desc&quot; にしてください (「%1」は不可)</translation>
    </message>
    <message>
        <source>names &quot;%1&quot;, which &quot;columns&quot; does not map (a logical column, not the table&apos;s name for it)</source>
        <translation>「%1」は &quot;columns&quot; で対応付けられていません (テーブル上の列名ではなく論理列を指定してください)</translation>
    </message>
    <message>
        <source>&quot;lock&quot; needs &quot;lockedAt&quot; (the time the lock was taken), &quot;holderPid&quot; (the holder&apos;s server process id), &quot;heartbeatAt&quot; (the holder&apos;s last sign of life) or several: without them a dead holder cannot be told from a live one</source>
        <translation>&quot;lock&quot; には &quot;lockedAt&quot; (ロックを取得した時刻)、&quot;holderPid&quot; (保持者のサーバープロセス ID)、&quot;heartbeatAt&quot; (保持者の最後の生存通知) のいずれか、または複数が必要です。これらがないと、消えた保持者と生きている保持者を区別できません</translation>
    </message>
    <message>
        <source>give &quot;holderPid&quot; (a server process id) or &quot;holder&quot; (any other id of the holder), not both</source>
        <translation>&quot;holderPid&quot; (サーバープロセス ID) か &quot;holder&quot; (保持者のそれ以外の ID) のどちらか一方を指定してください (両方は不可)</translation>
    </message>
    <message>
        <source>&quot;heartbeatAt&quot; needs &quot;heartbeatTimeoutSeconds&quot; above 0: the seconds without a heartbeat after which the library takes the holder for dead</source>
        <translation>&quot;heartbeatAt&quot; には 0 より大きい &quot;heartbeatTimeoutSeconds&quot; が必要です。ハートビートがこの秒数途絶えると、ライブラリは保持者が消えたものとみなします</translation>
    </message>
    <message>
        <source>needs &quot;heartbeatAt&quot;, the column it measures</source>
        <translation>測る対象の列 &quot;heartbeatAt&quot; が必要です</translation>
    </message>
    <message>
        <source>must be above 0 (seconds); leave it out for the stuck timeout</source>
        <translation>0 より大きい秒数にしてください。停滞タイムアウトを使うなら省いてください</translation>
    </message>
    <message>
        <source>needs &quot;lockedAt&quot;, the column it measures</source>
        <translation>測る対象の列 &quot;lockedAt&quot; が必要です</translation>
    </message>
    <message>
        <source>action %1 moves only rows past their stuck timeout, and no clock of &quot;stuck.clocks&quot; times state %2: add it to a clock, or take it out of &quot;from&quot;</source>
        <translation>操作 %1 は停滞タイムアウトを過ぎた行だけを動かしますが、状態 %2 を計る「stuck.clocks」のクロックがありません: その状態をクロックに加えるか、「from」から外してください</translation>
    </message>
    <message>
        <source>a profile with actions needs an &quot;audit.table&quot;: no change without its audit row. outbox-monitor --print-kit --profile &lt;this file&gt; prints a kit that creates one, and the &quot;audit&quot; section to add here</source>
        <translation>actions を持つプロファイルには &quot;audit.table&quot; が必要です: 監査行のない変更はできません。outbox-monitor --print-kit --profile &lt;このファイル&gt; で監査テーブルを作成するキットと、ここに追加する &quot;audit&quot; セクションが出力されます</translation>
    </message>
    <message>
        <source>&quot;retries.counts&quot; must be failures (failed attempts) or attempts (attempts started), not &quot;%1&quot;</source>
        <translation>「retries.counts」は failures (失敗した試行) か attempts (開始した試行) です (「%1」は不可)</translation>
    </message>
    <message>
        <source>&quot;retries.movesAt&quot; must be failure (when an attempt fails) or claim (when a worker claims the row), not &quot;%1&quot;</source>
        <translation>「retries.movesAt」は failure (試行が失敗した時) か claim (ワーカーが行を取得した時) です (「%1」は不可)</translation>
    </message>
    <message>
        <source>&quot;retries.limit&quot; must be retries (the maximum counts retries after the first attempt) or attempts (it counts all attempts), not &quot;%1&quot;</source>
        <translation>「retries.limit」は retries (最大値は最初の試行の後の再試行回数) か attempts (最大値はすべての試行の回数) です (「%1」は不可)</translation>
    </message>
    <message>
        <source>an attempt is counted when it starts: with &quot;retries.counts&quot;: &quot;attempts&quot;, &quot;retries.movesAt&quot; can only be claim (a counter that moves when an attempt fails counts failures)</source>
        <translation>試行は開始時に数えられます: 「retries.counts」が「attempts」なら「retries.movesAt」は claim だけです (試行の失敗時に増えるカウンターは失敗を数えています)</translation>
    </message>
    <message>
        <source>&quot;retries&quot; says what the retries column counts: map that column as &quot;columns.retries&quot;</source>
        <translation>「retries」は再試行回数の列が何を数えるかを表します: その列を「columns.retries」に対応付けてください</translation>
    </message>
    <message>
        <source>with &quot;stuck.clocks&quot; each clock names its own states, sinceColumn and timeout: move &quot;%1&quot; into a clock</source>
        <translation>「stuck.clocks」を使う場合、状態・sinceColumn・タイムアウトはクロックごとに指定します: 「%1」をクロックの中へ移してください</translation>
    </message>
    <message>
        <source>&quot;stuck.clocks&quot; must list at least one clock: {&quot;states&quot;: [...], &quot;sinceColumn&quot;: &quot;...&quot;, and a timeout}</source>
        <translation>「stuck.clocks」には少なくとも 1 つのクロックを挙げてください: {&quot;states&quot;: [...], &quot;sinceColumn&quot;: &quot;...&quot;, とタイムアウト}</translation>
    </message>
    <message>
        <source>state %1 is timed by two clocks: a state has one clock</source>
        <translation>状態 %1 が 2 つのクロックで計られています: 1 つの状態に対するクロックは 1 つです</translation>
    </message>
    <message>
        <source>a stuck clock must name the states it times</source>
        <translation>停滞のクロックには、計る状態を指定してください</translation>
    </message>
    <message>
        <source>&quot;timeoutSeconds&quot; must be between 1 and 604800 (7 days)</source>
        <translation>「timeoutSeconds」は 1 から 604800 (7 日) の間で指定してください</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be interval, seconds or milliseconds, not &quot;%2&quot;</source>
        <translation>「%1」は interval、seconds、milliseconds のいずれかです (「%2」は不可)</translation>
    </message>
    <message>
        <source>&quot;%1&quot; says what &quot;%2&quot; holds: name that column too</source>
        <translation>「%1」は「%2」の中身を表します: その列も指定してください</translation>
    </message>
    <message>
        <source>name the finished state the archived rows count as (&quot;state&quot;), or leave &quot;state&quot; out when the archive keeps the state columns</source>
        <translation>アーカイブされた行を数える完了状態を指定するか (「state」)、アーカイブが状態の列を持つ場合は「state」を書かないでください</translation>
    </message>
</context>
<context>
    <name>om::ScopeWords</name>
    <message>
        <source>state</source>
        <translation>状態</translation>
    </message>
    <message>
        <source>type</source>
        <translation>種別</translation>
    </message>
    <message>
        <source>destination</source>
        <translation>送信先</translation>
    </message>
    <message>
        <source>error code</source>
        <translation>エラーコード</translation>
    </message>
    <message>
        <source>key is &quot;%1&quot;</source>
        <translation>キーが「%1」</translation>
    </message>
    <message>
        <source>key starts with &quot;%1&quot;</source>
        <translation>キーが「%1」で始まる</translation>
    </message>
    <message>
        <source>key contains &quot;%1&quot;</source>
        <translation>キーに「%1」を含む</translation>
    </message>
    <message numerus="yes">
        <source>older than %n min</source>
        <translation>
            <numerusform>%n 分より古い</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 %2 … %3</source>
        <translation>%1 %2 … %3</translation>
    </message>
    <message>
        <source>created</source>
        <translation>作成</translation>
    </message>
    <message>
        <source>updated</source>
        <translation>更新</translation>
    </message>
    <message>
        <source>the current view</source>
        <translation>現在のビュー</translation>
    </message>
    <message>
        <source>every message matching %1 (no further filter)</source>
        <translation>%1 に一致するすべてのメッセージ (追加の絞り込みなし)</translation>
    </message>
    <message>
        <source>every message matching %1, %2</source>
        <translation>%1、%2 に一致するすべてのメッセージ</translation>
    </message>
    <message numerus="yes">
        <source>id = %1 and %n more</source>
        <translation>
            <numerusform>id = %1 ほか %n 件</numerusform>
        </translation>
    </message>
    <message>
        <source>id = %1</source>
        <translation>id = %1</translation>
    </message>
</context>
<context>
    <name>om::ServerLimits</name>
    <message>
        <source>%1 min</source>
        <translation>%1 分</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ミリ秒</translation>
    </message>
    <message>
        <source>%1, set for role %2 in database %3 (ALTER ROLE … IN DATABASE … SET)</source>
        <translation>%1 (データベース %3 のロール %2 に設定: ALTER ROLE … IN DATABASE … SET)</translation>
    </message>
    <message>
        <source>%1, set for role %2 (ALTER ROLE … SET)</source>
        <translation>%1 (ロール %2 に設定: ALTER ROLE … SET)</translation>
    </message>
    <message>
        <source>%1, set for database %2 (ALTER DATABASE … SET)</source>
        <translation>%1 (データベース %2 に設定: ALTER DATABASE … SET)</translation>
    </message>
    <message>
        <source>%1, set for every role (ALTER ROLE ALL SET)</source>
        <translation>%1 (すべてのロールに設定: ALTER ROLE ALL SET)</translation>
    </message>
    <message>
        <source>%1, set in the server&apos;s configuration (postgresql.conf, ALTER SYSTEM or the provider&apos;s parameter group) or in the connection&apos;s options</source>
        <translation>%1 (サーバーの設定 (postgresql.conf、ALTER SYSTEM、またはクラウド事業者のパラメーターグループ) か、接続のオプションで設定)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>The server&apos;s own time limit ended this statement: statement_timeout is %1. It is not a connection problem and reconnecting does not help: narrow what is shown, or ask the DBA to raise the limit for this role.</source>
        <translation>サーバー自身の時間制限でこの文が終了しました: statement_timeout は %1 です。接続の問題ではなく、再接続しても解決しません。表示する範囲を絞るか、このロールの制限を引き上げるよう DBA に依頼してください。</translation>
    </message>
    <message>
        <source>The program&apos;s own time limit ended this statement after %1 (statement_timeout). Narrow what is shown.</source>
        <translation>プログラム自身の時間制限 (statement_timeout) により、この文は %1 で終了しました。表示する範囲を絞ってください。</translation>
    </message>
</context>
<context>
    <name>om::ServiceImport</name>
    <message numerus="yes">
        <source>%n connection(s) imported</source>
        <translation>
            <numerusform>%n 件の接続を取り込みました</numerusform>
        </translation>
    </message>
    <message>
        <source>Already saved: %1</source>
        <translation>保存済み: %1</translation>
    </message>
    <message>
        <source>Not imported: %1</source>
        <translation>取り込めなかったもの: %1</translation>
    </message>
    <message>
        <source>Skipped in the service file: %1</source>
        <translation>サービスファイルで読み飛ばした行: %1</translation>
    </message>
    <message>
        <source>Imported from %1</source>
        <translation>%1 から取り込み</translation>
    </message>
</context>
<context>
    <name>om::SkippedModel</name>
    <message>
        <source>locked by a worker (skipped, not waited on)</source>
        <translation>ワーカーがロック中 (待たずにスキップ)</translation>
    </message>
    <message>
        <source>state changed since it was shown</source>
        <translation>表示後に状態が変更された</translation>
    </message>
    <message>
        <source>gone (no such message)</source>
        <translation>削除済み (該当メッセージなし)</translation>
    </message>
    <message>
        <source>Message id</source>
        <translation>メッセージ ID</translation>
    </message>
    <message>
        <source>Why not changed</source>
        <translation>変更されなかった理由</translation>
    </message>
    <message>
        <source>State now</source>
        <translation>現在の状態</translation>
    </message>
</context>
<context>
    <name>om::StartFailureWatcher</name>
    <message>
        <source>No server answered at %1. It may be down, or the host, the port or the network (VPN, firewall) may be wrong.</source>
        <translation>%1 でサーバーが応答しませんでした。サーバーが停止しているか、ホスト・ポート・ネットワーク (VPN、ファイアウォール) が誤っている可能性があります。</translation>
    </message>
    <message>
        <source>The server at %1 answered but takes no connections now: it is starting up, shutting down or has no free connection slot. With several hosts listed: none of them takes changes now, as while a standby is being promoted.</source>
        <translation>%1 のサーバーは応答しましたが、現在は接続を受け付けていません: 起動中、停止中、または空き接続枠がありません。複数のホストを指定している場合: スタンバイの昇格中などで、変更を受け付けるホストが今はありません。</translation>
    </message>
    <message>
        <source>The connection string for %1 is not valid; no connection was tried.</source>
        <translation>%1 の接続文字列が無効です。接続は試行されていません。</translation>
    </message>
    <message>
        <source>The server at %1 refused the login: a wrong or missing password, or no pg_hba.conf entry lets this user in from here.</source>
        <translation>%1 のサーバーがログインを拒否しました: パスワードが誤っているか未指定、またはこの場所からこのユーザーを許可する pg_hba.conf のエントリがありません。</translation>
    </message>
    <message>
        <source>The server at %1 has no such role (user name).</source>
        <translation>%1 のサーバーにそのロール (ユーザー名) はありません。</translation>
    </message>
    <message>
        <source>The server at %1 has no such database.</source>
        <translation>%1 のサーバーにそのデータベースはありません。</translation>
    </message>
    <message>
        <source>A server answers at %1, but the encrypted (TLS) connection failed: its certificate is not trusted here (root certificate, host name), it offers no TLS, or it refused the client certificate.</source>
        <translation>%1 でサーバーは応答していますが、暗号化 (TLS) 接続に失敗しました: サーバー証明書がここでは信頼されていない (ルート証明書、ホスト名)、サーバーが TLS を提供していない、またはクライアント証明書が拒否されました。</translation>
    </message>
    <message>
        <source>The server at %1 refused the login.</source>
        <translation>%1 のサーバーがログインを拒否しました。</translation>
    </message>
    <message>
        <source>Could not connect</source>
        <translation>接続できませんでした</translation>
    </message>
    <message>
        <source>The monitor keeps trying in the background.</source>
        <translation>モニターはバックグラウンドで接続を試行し続けます。</translation>
    </message>
    <message>
        <source>Trying again will not help until the connection changes; the monitor stopped trying.</source>
        <translation>接続を変更しない限り再試行しても解決しません。モニターは試行を停止しました。</translation>
    </message>
    <message>
        <source>Change connection…</source>
        <translation>接続を変更…</translation>
    </message>
    <message>
        <source>Try again</source>
        <translation>再試行</translation>
    </message>
    <message>
        <source>Wait</source>
        <translation>待つ</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>閉じる</translation>
    </message>
</context>
<context>
    <name>om::StateBarChart</name>
    <message>
        <source>unknown</source>
        <translation>不明</translation>
    </message>
    <message>
        <source>≈ %1 (estimated)</source>
        <translation>≈ %1 (推定)</translation>
    </message>
</context>
<context>
    <name>om::StatusTiles</name>
    <message>
        <source>Oldest waiting</source>
        <translation>最古の送信待ち</translation>
    </message>
    <message>
        <source>none waiting</source>
        <translation>送信待ちなし</translation>
    </message>
    <message numerus="yes">
        <source>Stuck &gt; %n min</source>
        <translation>
            <numerusform>停滞 &gt; %n 分</numerusform>
        </translation>
    </message>
    <message>
        <source>At or near max retries</source>
        <translation>最大再試行回数に到達・接近</translation>
    </message>
    <message>
        <source>Critical: at or above %1</source>
        <translation>重大: %1 以上</translation>
    </message>
    <message>
        <source>Warning: at or above %1</source>
        <translation>警告: %1 以上</translation>
    </message>
    <message>
        <source>Blocked behind failing or stuck heads</source>
        <translation>失敗・停滞した先頭の後ろで待機</translation>
    </message>
    <message numerus="yes">
        <source>behind %n blocked key head(s) · click for the keys</source>
        <translation>
            <numerusform>詰まった %n キーの先頭の後ろ · クリックでキー一覧</numerusform>
        </translation>
    </message>
    <message>
        <source>Open messages waiting behind the head of their ordering key while that head is failing, stuck or retrying. Click to list the blocked keys.</source>
        <translation>順序キーの先頭が失敗・停滞・再試行待ちのため、その後ろで待っている未完了のメッセージ数です。クリックすると詰まっているキーの一覧を開きます。</translation>
    </message>
    <message>
        <source>not counted</source>
        <translation>未集計</translation>
    </message>
    <message>
        <source>needs an index on (ordering key, created time): see the admin kit</source>
        <translation>(順序キー, 作成時刻) のインデックスが必要です。管理キットを参照してください</translation>
    </message>
    <message>
        <source>unknown: no time recorded</source>
        <translation>不明: 時刻が記録されていません</translation>
    </message>
    <message>
        <source>Replication slot %1</source>
        <translation>レプリケーションスロット %1</translation>
    </message>
    <message>
        <source>no such slot</source>
        <translation>スロットなし</translation>
    </message>
    <message>
        <source>no replication slot named %1 on this server: nothing captures this table through it</source>
        <translation>このサーバーに %1 という名前のレプリケーションスロットはありません: このテーブルをそのスロット経由で取り込むものはありません</translation>
    </message>
    <message>
        <source>%1 behind</source>
        <translation>%1 遅延</translation>
    </message>
    <message>
        <source>never confirmed</source>
        <translation>確認実績なし</translation>
    </message>
    <message>
        <source>active</source>
        <translation>接続中</translation>
    </message>
    <message>
        <source>inactive: no consumer connected</source>
        <translation>非アクティブ: コンシューマーが接続していません</translation>
    </message>
    <message>
        <source>slot %1: %2; keeps %3 of WAL</source>
        <translation>スロット %1: %2。WAL を %3 保持</translation>
    </message>
    <message>
        <source>slot %1: %2</source>
        <translation>スロット %1: %2</translation>
    </message>
    <message>
        <source>WAL between the server&apos;s current position and what the slot&apos;s consumer has confirmed (pg_replication_slots.confirmed_flush_lsn), read with the counts.</source>
        <translation>サーバーの現在の WAL 位置と、スロットのコンシューマーが確認済みの位置 (pg_replication_slots.confirmed_flush_lsn) との差です。件数と同時に読み取ります。</translation>
    </message>
    <message>
        <source>Stuck past own timeout</source>
        <translation>各自のタイムアウト超の停滞</translation>
    </message>
    <message numerus="yes">
        <source>Messages in flight longer than their own timeout; those without one count after %n min.</source>
        <translation>
            <numerusform>各自のタイムアウトより長く処理中のメッセージです。タイムアウトのないものは %n 分を過ぎると数えます。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>without own timeout: &gt; %n min</source>
        <translation>
            <numerusform>タイムアウトなし: &gt; %n 分</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 on the last try, %2 one short</source>
        <translation>最後の試行 %1、あと 1 回 %2</translation>
    </message>
    <message>
        <source>The retries column counts attempts started, from when a worker claims the message.</source>
        <translation>再試行回数の列は開始した試行の数で、ワーカーがメッセージを取得した時点で増えます。</translation>
    </message>
    <message>
        <source>The retries column counts failures, counted ahead when a worker claims the message.</source>
        <translation>再試行回数の列は失敗の数で、ワーカーがメッセージを取得した時点で先に数えられます。</translation>
    </message>
    <message>
        <source>The retries column counts failures, when an attempt fails.</source>
        <translation>再試行回数の列は失敗の数で、試行が失敗した時に増えます。</translation>
    </message>
    <message>
        <source>The maximum is of attempts in all.</source>
        <translation>最大値はすべての試行の回数です。</translation>
    </message>
    <message>
        <source>The maximum is of retries after the first attempt (maximum + 1 attempts).</source>
        <translation>最大値は最初の試行の後の再試行回数です (試行は最大値 + 1 回)。</translation>
    </message>
    <message>
        <source>Open messages on their last try (the attempt running now, or the next one, is the last one allowed) or one short of it (one more attempt after that). Each message&apos;s own maximum where the table keeps one.</source>
        <translation>最後の試行にある (実行中の試行、または次の試行が許される最後の試行) か、あと 1 回 (その後にもう 1 回試行できる) の未完了のメッセージです。テーブルがメッセージごとの最大値を持つ場合はそれを使います。</translation>
    </message>
</context>
<context>
    <name>om::StuckRuleWords</name>
    <message numerus="yes">
        <source>%n s</source>
        <translation>
            <numerusform>%n 秒</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min</source>
        <translation>
            <numerusform>%n 分</numerusform>
        </translation>
    </message>
    <message>
        <source>in %1 (since %2) for longer than its own timeout (%3), or %4 without one</source>
        <translation>%1 の状態で (%2 から) 各自のタイムアウト (%3) を超えている、タイムアウトがなければ %4 を超えている</translation>
    </message>
    <message>
        <source>in %1 (since %2) for more than %3</source>
        <translation>%1 の状態で (%2 から) %3 を超えている</translation>
    </message>
    <message>
        <source>stuck = %1, server clock</source>
        <translation>停滞 = %1 (サーバー時刻)</translation>
    </message>
</context>
<context>
    <name>om::TableDensity</name>
    <message>
        <source>Row &amp;density</source>
        <translation>行の密度(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Comfortable</source>
        <translation>ゆったり(&amp;C)</translation>
    </message>
    <message>
        <source>C&amp;ompact</source>
        <translation>コンパクト(&amp;O)</translation>
    </message>
</context>
<context>
    <name>om::TableHealthView</name>
    <message>
        <source>Refresh</source>
        <translation>更新</translation>
    </message>
    <message>
        <source>Purge finished messages…</source>
        <translation>完了メッセージの削除…</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>項目</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>値</translation>
    </message>
    <message>
        <source>Not read yet.</source>
        <translation>まだ読み取っていません。</translation>
    </message>
    <message>
        <source>Could not read the table&apos;s health: %1</source>
        <translation>テーブルの状態を読み取れませんでした: %1</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>テーブル</translation>
    </message>
    <message>
        <source>does not exist (or this login cannot see it)</source>
        <translation>存在しません (またはこのログインから見えません)</translation>
    </message>
    <message>
        <source>never</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>不明</translation>
    </message>
    <message>
        <source>Total size</source>
        <translation>合計サイズ</translation>
    </message>
    <message>
        <source>Heap</source>
        <translation>ヒープ</translation>
    </message>
    <message numerus="yes">
        <source>Indexes (%n)</source>
        <translation>
            <numerusform>インデックス (%n)</numerusform>
        </translation>
    </message>
    <message>
        <source>TOAST</source>
        <translation>TOAST</translation>
    </message>
    <message>
        <source>Rows (estimate from pg_class)</source>
        <translation>行数 (pg_class の推定値)</translation>
    </message>
    <message>
        <source>Live tuples</source>
        <translation>有効タプル</translation>
    </message>
    <message>
        <source>Dead tuples</source>
        <translation>不要タプル</translation>
    </message>
    <message>
        <source>Changed since last analyze</source>
        <translation>前回の ANALYZE 以降の変更</translation>
    </message>
    <message>
        <source>Last vacuum / autovacuum</source>
        <translation>前回の VACUUM / 自動 VACUUM</translation>
    </message>
    <message>
        <source>Last analyze / autoanalyze</source>
        <translation>前回の ANALYZE / 自動 ANALYZE</translation>
    </message>
    <message>
        <source>Vacuums / autovacuums</source>
        <translation>VACUUM 回数 / 自動 VACUUM 回数</translation>
    </message>
    <message>
        <source>Analyzes / autoanalyzes</source>
        <translation>ANALYZE 回数 / 自動 ANALYZE 回数</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>メッセージ</translation>
    </message>
    <message>
        <source>Audit</source>
        <translation>監査</translation>
    </message>
    <message numerus="yes">
        <source>Finished more than %n day(s) ago (planner estimate)</source>
        <translation>
            <numerusform>%n 日より前に完了 (プランナーの推定値)</numerusform>
        </translation>
    </message>
    <message>
        <source>Read from the catalog at %1 (server clock).</source>
        <translation>%1 (サーバー時刻) にカタログから読み取りました。</translation>
    </message>
    <message>
        <source>This profile declares no purge.</source>
        <translation>このプロファイルは削除を宣言していません。</translation>
    </message>
    <message>
        <source>Read-only window: no purge.</source>
        <translation>読み取り専用のウィンドウ: 削除はできません。</translation>
    </message>
    <message>
        <source>This login may not purge (the kit&apos;s purge function is missing, or EXECUTE is the operator role&apos;s only).</source>
        <translation>このログインでは削除できません (キットの削除関数がないか、EXECUTE はオペレーターロールだけに許可されています)。</translation>
    </message>
    <message>
        <source>Read from the standby: sizes and row estimates are the primary&apos;s (replicated with the catalog); vacuum and analyze times and the dead-row and activity counters are the standby&apos;s own (each server keeps its own), so they do not say when the primary was vacuumed.</source>
        <translation>スタンバイから読んでいます: サイズと行数の推定はプライマリのものです (カタログとともに複製されます)。VACUUM と ANALYZE の時刻、不要行や活動のカウンタはスタンバイ自身のもので (サーバーごとに別々に保持されます)、プライマリがいつ VACUUM されたかは分かりません。</translation>
    </message>
    <message numerus="yes">
        <source>Partitions (%n)</source>
        <translation>
            <numerusform>パーティション (%n)</numerusform>
        </translation>
    </message>
    <message>
        <source>sizes and rows above are their sums</source>
        <translation>上のサイズと行数はこれらの合計です</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Archive</source>
        <translation>アーカイブ</translation>
    </message>
</context>
<context>
    <name>om::TriageView</name>
    <message>
        <source>Stuck</source>
        <translation>停滞</translation>
    </message>
    <message>
        <source>Near max retry</source>
        <translation>最大再試行に接近</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>All messages</source>
        <translation>すべてのメッセージ</translation>
    </message>
    <message>
        <source>Saved filters</source>
        <translation>保存済みフィルター</translation>
    </message>
    <message>
        <source>Save filter…</source>
        <translation>フィルターを保存…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>削除</translation>
    </message>
    <message>
        <source>Export CSV</source>
        <translation>CSV エクスポート</translation>
    </message>
    <message>
        <source>Everything matching the filter…</source>
        <translation>フィルターに一致するすべて…</translation>
    </message>
    <message>
        <source>Selected rows…</source>
        <translation>選択した行…</translation>
    </message>
    <message>
        <source>This column cannot be sorted on the server; sortable: id, retries, age, updated.</source>
        <translation>この列はサーバー側で並べ替えできません。並べ替え可能: id, retries, age, updated。</translation>
    </message>
    <message>
        <source>The list stops at %1 rows to keep memory bounded; narrow the filter or export to CSV for all of them.</source>
        <translation>メモリ使用量を抑えるため、一覧は %1 行で打ち切られます。フィルターを絞り込むか、全件を取得するには CSV にエクスポートしてください。</translation>
    </message>
    <message>
        <source>counting …</source>
        <translation>件数を取得中 …</translation>
    </message>
    <message>
        <source>about %1 matching (estimated)</source>
        <translation>約 %1 件が一致 (推定)</translation>
    </message>
    <message>
        <source>more than %1 matching</source>
        <translation>%1 件超が一致</translation>
    </message>
    <message>
        <source>%1 matching</source>
        <translation>%1 件が一致</translation>
    </message>
    <message>
        <source>count unavailable</source>
        <translation>件数を取得できません</translation>
    </message>
    <message>
        <source>Could not read the filter choices: %1</source>
        <translation>フィルターの選択肢を読み取れませんでした: %1</translation>
    </message>
    <message>
        <source>Saved filters…</source>
        <translation>保存済みフィルター…</translation>
    </message>
    <message>
        <source>Save filter</source>
        <translation>フィルターの保存</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名前:</translation>
    </message>
    <message>
        <source>Replace the saved filter &quot;%1&quot;?</source>
        <translation>保存済みフィルター「%1」を置き換えますか?</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) copied as tab-separated text.</source>
        <translation>
            <numerusform>%n 行をタブ区切りテキストとしてコピーしました。</numerusform>
        </translation>
    </message>
    <message>
        <source>Export to CSV</source>
        <translation>CSV にエクスポート</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV ファイル (*.csv)</translation>
    </message>
    <message>
        <source>Exporting messages …</source>
        <translation>メッセージをエクスポート中 …</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Exporting messages … %1 written</source>
        <translation>メッセージをエクスポート中 … %1 件書き込み済み</translation>
    </message>
    <message>
        <source>Select rows to export first.</source>
        <translation>先にエクスポートする行を選択してください。</translation>
    </message>
    <message>
        <source>Export selection to CSV</source>
        <translation>選択範囲を CSV にエクスポート</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) exported to %1.</source>
        <translation>
            <numerusform>%n 行を %1 にエクスポートしました。</numerusform>
        </translation>
    </message>
    <message>
        <source>No index follows this order: every page sorts about %1 messages on the server. Narrow the filter (a view, a state, a time range), sort by id, or ask the DBA to install resources/sql/kit/sort_indexes.sql.</source>
        <translation>この並び順に沿うインデックスがありません: ページごとにサーバーが約 %1 件を並べ替えます。絞り込む (ビュー、状態、期間) か、ID で並べ替えるか、DBA に resources/sql/kit/sort_indexes.sql の導入を依頼してください。</translation>
    </message>
    <message>
        <source>Show this view (%1)</source>
        <translation>このビューを表示 (%1)</translation>
    </message>
    <message numerus="yes">
        <source>%Ln row(s) shown · last page %1 ms</source>
        <translation>
            <numerusform>%Ln 行を表示 · 最終ページ %1 ms</numerusform>
        </translation>
    </message>
    <message>
        <source>Clear filter</source>
        <translation>フィルターを解除</translation>
    </message>
    <message>
        <source>Filter restored from your last session: %1</source>
        <translation>前回のセッションのフィルターを復元しました: %1</translation>
    </message>
    <message>
        <source>Triage › %1</source>
        <translation>トリアージ › %1</translation>
    </message>
    <message>
        <source>Triage › %1, %2</source>
        <translation>トリアージ › %1、%2</translation>
    </message>
    <message>
        <source>sorted by %1, descending</source>
        <translation>%1 の降順</translation>
    </message>
    <message>
        <source>sorted by %1, ascending</source>
        <translation>%1 の昇順</translation>
    </message>
    <message>
        <source>0 matching: the Ids filter cannot be read</source>
        <translation>0 件が一致: ID フィルターを読み取れません</translation>
    </message>
    <message numerus="yes">
        <source>Your %n selected message(s) changed and left this list; nothing is selected now.</source>
        <translation>
            <numerusform>選択していた %n 件のメッセージは変更されてこの一覧から外れました。いまは何も選択されていません。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n selected message(s) changed and left this list; still selected: %1.</source>
        <translation>
            <numerusform>選択していたメッセージのうち %n 件は変更されてこの一覧から外れました。選択中のまま: %1 件。</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing is listed while the Ids filter cannot be read: fix the ids or clear the box.</source>
        <translation>ID フィルターを読み取れない間は何も一覧に表示しません。ID を直すか、入力欄を空にしてください。</translation>
    </message>
    <message>
        <source>Only messages of %1 matching: %2</source>
        <translation>%1 のうち、次に一致するメッセージのみ: %2</translation>
    </message>
    <message>
        <source>No message of %1 matches the filter above. Clear the filter to see the whole view.</source>
        <translation>%1 には上のフィルターに一致するメッセージがありません。ビュー全体を見るにはフィルターを解除してください。</translation>
    </message>
    <message>
        <source>%1 holds no message now.</source>
        <translation>%1 には現在メッセージがありません。</translation>
    </message>
</context>
<context>
    <name>om::WaitingGroupModel</name>
    <message>
        <source>Waiting</source>
        <translation>送信待ち</translation>
    </message>
    <message>
        <source>Oldest</source>
        <translation>最古</translation>
    </message>
</context>
<context>
    <name>om::WorkerGroupModel</name>
    <message>
        <source>(no worker named)</source>
        <translation>(ワーカー名なし)</translation>
    </message>
    <message>
        <source>Worker</source>
        <translation>ワーカー</translation>
    </message>
    <message>
        <source>Holds</source>
        <translation>保持</translation>
    </message>
    <message>
        <source>Stuck</source>
        <translation>停滞</translation>
    </message>
    <message>
        <source>Since</source>
        <translation>最古のロック</translation>
    </message>
    <message>
        <source>Working on</source>
        <translation>処理対象</translation>
    </message>
    <message>
        <source>Oldest lock %1 ago</source>
        <translation>最古のロックは %1 前</translation>
    </message>
</context>
<context>
    <name>om::sqlite</name>
    <message>
        <source>The local history file %1 could not be opened: %2</source>
        <translation>ローカル履歴ファイル %1 を開けませんでした: %2</translation>
    </message>
    <message>
        <source>The local history file %1 was written by a newer version of Outbox Monitor (store version %2; this version reads up to %3). It was left as it is: use the newer version on this computer to keep its history, or move the file away to start a new one.</source>
        <translation>ローカル履歴ファイル %1 は新しいバージョンの Outbox Monitor が書き込んだものです (ストアのバージョン %2、このバージョンが読めるのは %3 まで)。ファイルはそのまま残してあります。履歴を残すにはこのコンピューターで新しいバージョンを使うか、ファイルを別の場所へ移して新しく始めてください。</translation>
    </message>
</context>
</TS>
