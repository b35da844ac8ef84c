// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/commandline.h"

#include <QCommandLineParser>
#include <QCoreApplication>

namespace om::cli {

namespace {

// Our own -h/--help, --help-all and -v/--version instead of addHelpOption()/addVersionOption():
// Qt's would print and exit inside process(), which needs an application object of the right
// kind; ours only return the text, and their descriptions are translated with everything else.
struct Parser {
    Q_DECLARE_TR_FUNCTIONS(main) // the texts keep the context they had in main.cpp
public:
    QCommandLineParser p;
    QCommandLineOption help{{QStringLiteral("h"), QStringLiteral("help")}, tr("Show this help and exit.")};
    QCommandLineOption helpAll{QStringLiteral("help-all"),
                               tr("Show this help and the options every Qt program takes (-platform, -style, …), and exit.")};
    QCommandLineOption version{{QStringLiteral("v"), QStringLiteral("version")}, tr("Show the program's version and exit.")};
    QCommandLineOption verbose{QStringLiteral("verbose"),
                               tr("Log SQL statements (without their values) and each refresh to stderr; "
                                  "by default only warnings and errors are logged.")};
    QCommandLineOption connect{QStringLiteral("connect"),
                               tr("libpq connection string or URI (PG* environment, service files and .pgpass apply)."), QStringLiteral("conninfo")};
    QCommandLineOption connection{QStringLiteral("connection"),
                                  tr("Open the saved connection of this name (Connection → Manage connections…): its connection string, "
                                     "profile, read-only setting and environment. Not with --connect or --profile."),
                                  QStringLiteral("name")};
    QCommandLineOption listConnections{QStringLiteral("list-connections"),
                                       tr("List the saved connections (name, environment, where each leads; never a password) and exit.")};
    QCommandLineOption fleet{QStringLiteral("fleet"),
                             tr("Open the fleet overview: every saved connection's database in one table, worst first, with one tray "
                                "icon for all (--interval sets its refresh).")};
    QCommandLineOption readOnly{QStringLiteral("read-only"),
                                tr("Open read-only sessions (default_transaction_read_only): nothing can be changed.")};
    QCommandLineOption profile{QStringLiteral("profile"),
                               tr("Schema profile: a built-in id (--list-profiles names them) or a JSON file."),
                               QStringLiteral("profile"), QStringLiteral("app_outbox")};
    QCommandLineOption listProfiles{QStringLiteral("list-profiles"),
                                    tr("List the built-in schema profiles and the file each one is read from, and exit.")};
    QCommandLineOption interval{QStringLiteral("interval"),
                                tr("Seconds between dashboard refreshes for this run (default: the connection's setting, 5 s)."), QStringLiteral("seconds")};
    QCommandLineOption screenshot{QStringLiteral("screenshot"),
                                  tr("Save a picture of the window to this PNG file after --screenshot-delay seconds, then quit."), QStringLiteral("file")};
    QCommandLineOption screenshotDelay{QStringLiteral("screenshot-delay"),
                                       tr("Seconds to wait before --screenshot."), QStringLiteral("seconds"), QStringLiteral("8")};
    QCommandLineOption tab{QStringLiteral("tab"), tr("Index of the tab to show first."), QStringLiteral("index"), QStringLiteral("0")};
    QCommandLineOption auditFilter{QStringLiteral("audit-filter"),
                                   tr("Filter the Audit tab: action=, operator=, key=, ticket=, reason= pairs separated by ';'."), QStringLiteral("filter")};
    QCommandLineOption report{QStringLiteral("report-pdf"),
                              tr("Write the incident report (as Audit → Incident report… does) to this PDF and exit, without a window "
                                 "or a display; the ticket comes from --audit-filter."),
                              QStringLiteral("file")};
    QCommandLineOption checkProfile{QStringLiteral("check-profile"),
                                    tr("Check a schema profile (a JSON file or a built-in id) against the database of --connect and exit: "
                                       "every mapped column exists with a fitting type, rows per state, the dashboard's indexes. "
                                       "Exit status 0 when it fits, 1 when it does not, 2 when the check could not run."),
                                    QStringLiteral("profile")};
    QCommandLineOption printKit{QStringLiteral("print-kit"),
                                tr("Print the admin kit for the table of --profile (SQL for psql -v ON_ERROR_STOP=1 -1 -f: its monitoring "
                                   "indexes, audit table, action function, roles and grants) and exit. Needs no database.")};
    QCommandLineOption auditorRole{QStringLiteral("auditor-role"),
                                   tr("--print-kit: name of the read-only group role."), QStringLiteral("name"), QStringLiteral("outbox_auditor")};
    QCommandLineOption operatorRole{QStringLiteral("operator-role"),
                                    tr("--print-kit: name of the operators' group role."), QStringLiteral("name"), QStringLiteral("outbox_operator")};
    QCommandLineOption readPolicy{QStringLiteral("read-policy"),
                                  tr("--print-kit: add a row-level security policy that lets both roles read every row of the table "
                                     "and its audit table (for tables whose policies would hide rows from the monitor).")};
    QCommandLineOption pooling{QStringLiteral("pooling"),
                               tr("What stands between the program and the server: auto (found out when connecting), own (direct: the "
                                  "server connection is the program's own; if a pooler answers, it is used as a transaction pool all the "
                                  "same), transaction or statement (a pooler in that mode)."),
                               QStringLiteral("path"), QStringLiteral("auto")};
    QCommandLineOption reportHours{QStringLiteral("report-hours"),
                                   tr("Hours before now that --report-pdf covers."), QStringLiteral("hours"), QStringLiteral("24")};

    Parser() {
        p.setApplicationDescription(tr("Watch and recover transactional-outbox tables in PostgreSQL."));
        p.addOptions({help, helpAll, version, verbose, connect, connection, listConnections, fleet, readOnly, profile, listProfiles, interval, screenshot,
                      screenshotDelay, tab, auditFilter, report, reportHours, checkProfile, printKit, auditorRole,
                      operatorRole, readPolicy, pooling});
    }
};

Options error(const QString &message) {
    Options o;
    o.mode = Options::Mode::Error;
    o.text = Parser::tr("%1 (--help lists the options)").arg(message);
    return o;
}

// A number option: nullopt (and *bad set) when the value is not a number in [min, max].
std::optional<double> number(const QCommandLineParser &p, const QCommandLineOption &opt, double min, double max, QString *bad) {
    bool ok = false;
    const double v = p.value(opt).toDouble(&ok);
    if (ok && v >= min && v <= max)
        return v;
    *bad = Parser::tr("--%1 needs a number from %2 to %3, not \"%4\".").arg(opt.names().constLast()).arg(min).arg(max).arg(p.value(opt));
    return std::nullopt;
}

// Qt's own GUI options (-platform xcb, -style=Fusion, -reverse, …) are read by QGuiApplication
// later, not here: leave them out of our parse so that they are not "unknown options".
QStringList withoutQtOptions(const QStringList &arguments) {
    static const QStringList withValue = {"-platform", "-platformpluginpath", "-platformtheme", "-plugin", "-qwindowgeometry",
                                          "-qwindowtitle", "-qwindowicon", "-style", "-stylesheet", "-session", "-display",
                                          "-geometry", "-fontengine"};
    static const QStringList flags = {"-reverse", "-widgetcount", "-nograb", "-dograb", "-sync"};
    QStringList out;
    for (int i = 0; i < arguments.size(); ++i) {
        const QString &a = arguments.at(i);
        const QString name = a.section(QLatin1Char('='), 0, 0);
        if (i > 0 && withValue.contains(name)) {
            if (!a.contains(QLatin1Char('=')))
                ++i; // its value is the next argument
            continue;
        }
        if (i > 0 && flags.contains(a))
            continue;
        out << a;
    }
    return out;
}

} // namespace

Options parseCommandLine(const QStringList &arguments) {
    Parser cli;
    if (!cli.p.parse(withoutQtOptions(arguments)))
        return error(cli.p.errorText());
    Options o;
    o.verbose = cli.p.isSet(cli.verbose); // first: --verbose --version logs where the translation came from
    if (cli.p.isSet(cli.help) || cli.p.isSet(cli.helpAll)) {
        o.mode = Options::Mode::Help;
        o.text = cli.p.helpText();
        if (cli.p.isSet(cli.helpAll))
            o.text += QLatin1Char('\n') + Parser::tr("Qt's own options also apply, e.g. -platform NAME, -style NAME, -reverse, "
                                                     "-qwindowgeometry GEOMETRY (see the QApplication and QGuiApplication documentation).")
                      + QLatin1Char('\n');
        return o;
    }
    if (cli.p.isSet(cli.version)) {
        o.mode = Options::Mode::Version;
        o.text = QStringLiteral("%1 %2\n").arg(QCoreApplication::applicationName(), QCoreApplication::applicationVersion());
        return o;
    }
    if (!cli.p.positionalArguments().isEmpty())
        return error(Parser::tr("Unexpected argument \"%1\".").arg(cli.p.positionalArguments().constFirst()));

    QString bad;
    o.conninfo = cli.p.value(cli.connect);
    o.connectGiven = cli.p.isSet(cli.connect);
    o.connectionName = cli.p.value(cli.connection);
    if (cli.p.isSet(cli.connection) && cli.p.isSet(cli.connect))
        return error(Parser::tr("--connection and --connect cannot be given together: a saved connection brings its own "
                                "connection string."));
    if (cli.p.isSet(cli.connection) && cli.p.isSet(cli.profile))
        return error(Parser::tr("--connection and --profile cannot be given together: a saved connection brings its own "
                                "profile."));
    if (cli.p.isSet(cli.connection) && o.connectionName.trimmed().isEmpty())
        return error(Parser::tr("--connection needs the name of a saved connection (--list-connections lists them)."));
    o.readOnly = cli.p.isSet(cli.readOnly);
    bool poolingKnown = false;
    o.pooling = poolSettingFromKey(cli.p.value(cli.pooling).trimmed().toLower(), &poolingKnown);
    o.poolingGiven = cli.p.isSet(cli.pooling);
    if (!poolingKnown)
        return error(Parser::tr("--pooling takes auto, own, transaction or statement, not \"%1\".").arg(cli.p.value(cli.pooling)));
    o.profile = cli.p.value(cli.profile);
    if (cli.p.isSet(cli.interval))
        o.intervalSeconds = number(cli.p, cli.interval, 0.1, 86400, &bad);
    o.screenshotFile = cli.p.value(cli.screenshot);
    o.screenshotDelaySeconds = number(cli.p, cli.screenshotDelay, 0, 3600, &bad).value_or(0);
    if (cli.p.isSet(cli.tab)) // its default ("0") would otherwise win over the tab the window was left on
        if (const auto tab = number(cli.p, cli.tab, 0, 100, &bad))
            o.tab = int(*tab);
    if (cli.p.isSet(cli.auditFilter))
        o.auditFilter = parseAuditFilter(cli.p.value(cli.auditFilter));
    o.reportFile = cli.p.value(cli.report);
    o.checkProfile = cli.p.value(cli.checkProfile);
    o.reportHours = number(cli.p, cli.reportHours, 0.001, 24 * 366, &bad).value_or(0);
    o.auditorRole = cli.p.value(cli.auditorRole);
    o.operatorRole = cli.p.value(cli.operatorRole);
    o.readPolicy = cli.p.isSet(cli.readPolicy);
    if (!bad.isEmpty())
        return error(bad);
    if (cli.p.isSet(cli.listProfiles))
        o.mode = Options::Mode::ListProfiles;
    else if (cli.p.isSet(cli.listConnections))
        o.mode = Options::Mode::ListConnections;
    else if (cli.p.isSet(cli.fleet)) {
        if (cli.p.isSet(cli.connect) || cli.p.isSet(cli.connection))
            return error(Parser::tr("--fleet opens every saved connection: not with --connect or --connection."));
        o.mode = Options::Mode::Fleet;
    } else if (cli.p.isSet(cli.printKit))
        o.mode = Options::Mode::PrintKit;
    else if (cli.p.isSet(cli.checkProfile))
        o.mode = Options::Mode::CheckProfile;
    else if (cli.p.isSet(cli.report)) {
        if (o.reportFile.isEmpty())
            return error(Parser::tr("--report-pdf needs a file name."));
        o.mode = Options::Mode::Report;
    }
    return o;
}

AuditFilter parseAuditFilter(const QString &text, AuditFilter f) {
    for (const QString &pair : text.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
        const QString name = pair.section(QLatin1Char('='), 0, 0).trimmed();
        const QString value = pair.section(QLatin1Char('='), 1).trimmed();
        QString *field = name == QLatin1String("action") ? &f.action : name == QLatin1String("operator") ? &f.operatorName
                                                                   : name == QLatin1String("key")        ? &f.keyText
                                                                   : name == QLatin1String("ticket")     ? &f.ticket
                                                                   : name == QLatin1String("reason")     ? &f.reasonText
                                                                                                         : nullptr;
        if (field)
            *field = value;
    }
    return f;
}

} // namespace om::cli
