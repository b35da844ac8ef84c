// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Triage filtered down to one test's rows, as the window tests need it: the rows insertMessages()
// tagged `tag` (their keys start with "k-<tag>-"), in the All view.
#include "mainwindow.h"
#include "triage/filterbar.h"
#include "triage/messagelistmodel.h"
#include "triage/triageview.h"

#include <QTabWidget>
#include <QTest>

namespace om::test {

/// Shows Triage with exactly the rows tagged `tag` and waits until all `rows` are loaded (a
/// failed wait fails the calling test function: check QTest::currentTestFailed() after it).
inline void showTagged(MainWindow &w, const QString &tag, int rows) {
    w.tabs()->setCurrentWidget(w.triageView());
    ListFilter f;
    f.view = ListFilter::View::All;
    f.keyText = QStringLiteral("k-%1-").arg(tag);
    f.keyMode = ListFilter::TextMode::Prefix;
    w.triageView()->applyFilter(f);
    MessageListModel *m = w.triageView()->model();
    QTRY_VERIFY_WITH_TIMEOUT(!m->isLoading() && m->rowCount() == rows, 15000);
}

} // namespace om::test
