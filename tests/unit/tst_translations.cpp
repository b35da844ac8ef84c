// SPDX-License-Identifier: GPL-3.0-or-later
// The Japanese translation is complete, keeps every placeholder, and is found at run time: a
// string translated through QCoreApplication::translate("Context", ...) is looked up under
// that context, so the context must be one lupdate filed strings under.
#include "testmain.h"

#include <algorithm>

#include <QDirIterator>
#include <QHash>
#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QTest>
#include <QTranslator>
#include <QXmlStreamReader>

class TestTranslations : public QObject {
    Q_OBJECT
    struct Message {
        QString context, source, translation;
        bool finished = true;
    };
    QList<Message> m_messages;

private slots:
    void initTestCase() {
        QFile f(QStringLiteral(OM_SOURCE_DIR "/translations/outbox-monitor_ja.ts"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&f);
        QString context;
        Message current;
        while (!xml.atEnd()) {
            xml.readNext();
            if (!xml.isStartElement())
                continue;
            if (xml.name() == QLatin1String("name"))
                context = xml.readElementText();
            else if (xml.name() == QLatin1String("message"))
                current = Message{context, {}, {}, true};
            else if (xml.name() == QLatin1String("source"))
                current.source = xml.readElementText();
            else if (xml.name() == QLatin1String("translation")) {
                current.finished = xml.attributes().value(QLatin1String("type")).isEmpty();
                current.translation = xml.readElementText(QXmlStreamReader::IncludeChildElements);
                m_messages << current;
            }
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QVERIFY(m_messages.size() > 100);
    }

    void everyMessageIsTranslated() {
        for (const Message &m : m_messages)
            QVERIFY2(m.finished && !m.translation.trimmed().isEmpty(), qPrintable(m.context + QLatin1String(": ") + m.source));
    }

    // One typography throughout: half-width brackets and colons with a space around them, as
    // most of the file had ("--help" once mixed "（" and " ("), no space after "。" (Japanese
    // sentences run on), and "alert" is アラート, not 警告, which is the "warning" level.
    void oneTypographyInJapanese() {
        static const QRegularExpression fullWidth(QStringLiteral("[\\x{FF08}\\x{FF09}\\x{FF1A}]"));
        static const QRegularExpression spaceAfterStop(QStringLiteral("\\x{3002} +\\S"));
        for (const Message &m : m_messages) {
            QVERIFY2(!m.translation.contains(fullWidth), qPrintable(m.source + QLatin1String(" => ") + m.translation));
            QVERIFY2(!m.translation.contains(spaceAfterStop), qPrintable(m.source + QLatin1String(" => ") + m.translation));
            if (m.source.contains(QLatin1String("alert"), Qt::CaseInsensitive))
                QVERIFY2(!m.translation.contains(QStringLiteral("\u8B66\u544A")), qPrintable(m.source + QLatin1String(" => ") + m.translation));
        }
    }

    // "%n message(s)" is the source text; what the operator reads is the language's plural form:
    // "1 message", "2 messages" in English (a plurals-only translation, loaded for any language
    // the program has no translation for), one form in Japanese. Every plural message of the
    // program, from the .qm files the build made.
    void pluralFormsInBothLanguages() {
        QTranslator en, ja;
        QVERIFY(en.load(QStringLiteral(OM_BUILD_DIR "/outbox-monitor_en.qm")));
        QVERIFY(ja.load(QStringLiteral(OM_BUILD_DIR "/outbox-monitor_ja.qm")));
        int plurals = 0;
        for (const Message &m : m_messages) {
            if (!m.source.contains(QLatin1String("%n")) && !m.source.contains(QLatin1String("%Ln")))
                continue;
            ++plurals;
            const QByteArray context = m.context.toUtf8(), source = m.source.toUtf8();
            const QString one = en.translate(context, source, nullptr, 1);
            const QString two = en.translate(context, source, nullptr, 2);
            QVERIFY2(!one.isEmpty() && !two.isEmpty(), source.constData()); // in the English file
            QVERIFY2(!one.contains(QLatin1String("(s)")) && !two.contains(QLatin1String("(s)")), source.constData());
            if (m.source.contains(QLatin1String("(s)")))
                QVERIFY2(one != two, source.constData());
            const QString japanese = ja.translate(context, source, nullptr, 2);
            QVERIFY2(!japanese.isEmpty() && !japanese.contains(QLatin1String("(s)")), source.constData());
        }
        QVERIFY(plurals >= 18);
        const QByteArray changed = "%n message(s) not changed:";
        QCOMPARE(en.translate("om::ResultDialog", changed, nullptr, 1), QStringLiteral("%n message not changed:"));
        QCOMPARE(en.translate("om::ResultDialog", changed, nullptr, 3), QStringLiteral("%n messages not changed:"));
    }

    void placeholdersAreKept() {
        static const QRegularExpression ph(QStringLiteral("%(?:n|L?\\d)"));
        for (const Message &m : m_messages) {
            QStringList want, got;
            for (auto it = ph.globalMatch(m.source); it.hasNext();) want << it.next().captured();
            for (auto it = ph.globalMatch(m.translation); it.hasNext();) got << it.next().captured();
            want.sort();
            want.removeDuplicates();
            got.sort();
            got.removeDuplicates();
            QVERIFY2(want == got, qPrintable(m.source + QLatin1String(" -> ") + m.translation));
        }
    }

    void explicitContextsExist() {
        QSet<QString> contexts;
        for (const Message &m : m_messages)
            contexts.insert(m.context);
        static const QRegularExpression call(QStringLiteral("translate\\(\\s*\"([^\"]+)\""));
        for (const char *dir : {"/app", "/ui"}) {
            QDirIterator it(QStringLiteral(OM_SOURCE_DIR) + QLatin1String(dir), {QStringLiteral("*.cpp"), QStringLiteral("*.h")},
                            QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                QFile f(it.next());
                QVERIFY(f.open(QIODevice::ReadOnly));
                const QString text = QString::fromUtf8(f.readAll());
                for (auto m = call.globalMatch(text); m.hasNext();) {
                    const QString ctx = m.next().captured(1);
                    QVERIFY2(contexts.contains(ctx), qPrintable(QStringLiteral("%1 uses context \"%2\", which the .ts file does not have")
                                                                    .arg(f.fileName(), ctx)));
                }
            }
        }
    }

    /// A file that translates through a helper of its own (`tr(s)` returning
    /// QCoreApplication::translate("om::IdList", s)) is looked up under the helper's context at
    /// run time, while lupdate files each call under the context it infers from the enclosing
    /// function ("om" for a free function): every literal such a `tr` is called with must be in
    /// the helper's context, or the Japanese never shows.
    void helperContextsHoldTheirStrings() {
        static const QRegularExpression helper(QStringLiteral("tr\\s*(?:\\(const char \\*\\w+\\)|=\\s*\\[\\]\\s*\\(const char \\*\\w+\\))\\s*\\{\\s*"
                                                              "return QCoreApplication::translate\\(\"([^\"]+)\""));
        static const QRegularExpression call(QStringLiteral("(?<![\\w:])tr\\(\"((?:[^\"\\\\]|\\\\.)*)\""));
        QHash<QString, QStringList> sources; // context -> sources
        for (const Message &m : m_messages)
            sources[m.context] << m.source;
        int checked = 0;
        for (const char *dir : {"/app", "/ui"}) {
            QDirIterator it(QStringLiteral(OM_SOURCE_DIR) + QLatin1String(dir), {QStringLiteral("*.cpp")}, QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                QFile f(it.next());
                QVERIFY(f.open(QIODevice::ReadOnly));
                const QString text = QString::fromUtf8(f.readAll());
                const QRegularExpressionMatch h = helper.match(text);
                if (!h.hasMatch())
                    continue;
                const QStringList inContext = sources.value(h.captured(1));
                for (auto m = call.globalMatch(text); m.hasNext();) {
                    QString literal = m.next().captured(1);
                    literal.replace(QLatin1String("\\\""), QLatin1String("\"")).replace(QLatin1String("\\n"), QLatin1String("\n"));
                    const bool found = std::any_of(inContext.cbegin(), inContext.cend(), [&literal](const QString &s) { return s.startsWith(literal); });
                    QVERIFY2(found, qPrintable(QStringLiteral("%1: tr(\"%2\") is not in context \"%3\" of the .ts file (lupdate filed it elsewhere)")
                                                   .arg(f.fileName(), literal, h.captured(1))));
                    ++checked;
                }
            }
        }
        QVERIFY(checked > 20);
    }
};

OM_TEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"
