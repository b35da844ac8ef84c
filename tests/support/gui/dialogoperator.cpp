// SPDX-License-Identifier: GPL-3.0-or-later
#include "dialogoperator.h"
#include "actions/reasondialog.h"
#include "actions/resultdialog.h"
#include "dashboard/dashboardsettingsdialog.h"

#include <QAbstractButton>
#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QScopedValueRollback>
#include <QSpinBox>

namespace om::test {
namespace {

QString labelText(QWidget *w, const char *name) {
    const QLabel *l = w->findChild<QLabel *>(QLatin1String(name));
    return l ? l->text() : QString();
}

} // namespace

DialogOperator::DialogOperator() {
    m_timer.setInterval(10);
    connect(&m_timer, &QTimer::timeout, this, &DialogOperator::look);
    m_timer.start();
}

bool DialogOperator::anyProgressVisible() {
    for (QWidget *w : QApplication::topLevelWidgets())
        if (qobject_cast<QProgressDialog *>(w) && w->isVisible())
            return true;
    return false;
}

void DialogOperator::seen(QWidget *dialog, const QString &kind) {
    if (onDialog)
        onDialog(dialog, kind);
}

void DialogOperator::look() {
    progressEverShown = progressEverShown || anyProgressVisible();
    if (m_answering)
        return; // onDialog may wait in a nested event loop: answer each dialog once
    const QScopedValueRollback<bool> guard(m_answering, true);
    QWidget *modal = QApplication::activeModalWidget();
    if (auto *d = qobject_cast<ReasonDialog *>(modal)) {
        reasonScopes << labelText(d, "scope");
        reasonRules << labelText(d, "stuckRule");
        QStringList all;
        for (const QLabel *l : d->findChildren<QLabel *>())
            all << l->text();
        reasonTexts << all.join(QLatin1Char('\n'));
        d->reasonEdit()->setText(QStringLiteral("Downstream fixed, INC-12 replay"));
        d->ticketEdit()->setText(QStringLiteral("INC-12"));
        seen(d, QStringLiteral("reason"));
        d->okButton()->click();
    } else if (auto *r = qobject_cast<ResultDialog *>(modal)) {
        progressVisibleAtResult = progressVisibleAtResult || anyProgressVisible();
        results << r->summary();
        outcomes << r->summary();
        seen(r, QStringLiteral("result"));
        r->accept();
    } else if (auto *s = qobject_cast<DashboardSettingsDialog *>(modal)) {
        s->findChild<QSpinBox *>(QStringLiteral("stuckTimeout"))->setValue(stuckMinutes);
        s->accept();
    } else if (auto *m = qobject_cast<QMessageBox *>(modal)) {
        messages << m->text();
        outcomes << m->text();
        seen(m, QStringLiteral("message"));
        if (QAbstractButton *yes = confirm ? m->button(QMessageBox::Yes) : nullptr)
            yes->click();
        else
            m->accept();
    }
}

} // namespace om::test
