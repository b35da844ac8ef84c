// SPDX-License-Identifier: GPL-3.0-or-later
#include "dashboard/profilecheckbanner.h"
#include "common/tones.h"
#include "core/profile/jsonlocator.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileInfo>
#include <QFontDatabase>
#include <QPlainTextEdit>
#include <QVBoxLayout>

namespace om {

namespace {

/// The profile's JSON: its file, or a built-in's own file in the resources. A profile is a few
/// kilobytes of a local file the program has just read; more than 1 MiB is not read again.
QByteArray profileText(const QString &source) {
    QFile f(QFileInfo::exists(source) ? source : QStringLiteral(":/profiles/%1.json").arg(source));
    if (!f.open(QIODevice::ReadOnly) || f.size() > (1 << 20))
        return {};
    return f.readAll();
}

} // namespace

ProfileCheckBanner::ProfileCheckBanner(const QString &source, QWidget *parent)
    : QLabel(parent), m_source(source), m_text(profileText(source)) {
    setObjectName(QStringLiteral("profileCheck"));
    setWordWrap(true);
    setTextFormat(Qt::RichText);
    setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
    connect(this, &QLabel::linkActivated, this, [this](const QString &link) {
        if (link == QLatin1String("recheck"))
            emit recheckRequested();
        else
            openDetails();
    });
    followPalette(this, [this] { setStyleSheet(bannerStyle(!m_report.ok())); });
    hide();
}

void ProfileCheckBanner::showReport(const ProfileCheckReport &report) {
    m_report = report;
    const QString summary = report.summary();
    if (summary.isEmpty()) {
        hide();
        return;
    }
    const bool errors = !report.ok();
    setStyleSheet(bannerStyle(errors));
    setText(QStringLiteral("%1 <a href=\"details\">%2</a> · <a href=\"recheck\">%3</a>")
                .arg(summary.toHtmlEscaped(), tr("Details…"), tr("Check again")));
    setToolTip(errors ? tr("Until this is fixed, counts or lists that read these columns may be wrong or fail.")
                      : QString());
    show();
}

QString ProfileCheckBanner::detailsText() const {
    // "file:12: columns.retries: error: …", as --check-profile prints it.
    if (m_text.isEmpty())
        return m_report.lines(m_source).join(QLatin1Char('\n'));
    const JsonLocator locator(m_text);
    return m_report.lines(m_source, [&locator](const QString &path) { return locator.line(path); }).join(QLatin1Char('\n'));
}

void ProfileCheckBanner::openDetails() {
    auto *dialog = new QDialog(window());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Profile check: %1").arg(m_report.table));
    auto *text = new QPlainTextEdit(detailsText());
    text->setReadOnly(true);
    text->setLineWrapMode(QPlainTextEdit::NoWrap);
    text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    auto *layout = new QVBoxLayout(dialog);
    layout->addWidget(text);
    layout->addWidget(buttons);
    dialog->resize(900, 420);
    dialog->open();
}

} // namespace om
