#include "actionpanel.h"
#include "actioncontroller.h"

#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QToolBar>
#include <QVBoxLayout>

namespace om {

ActionPanel::ActionPanel(ActionController *controller, QWidget *parent)
    : QWidget(parent), m_controller(controller), m_ids(new QLineEdit), m_hint(new QLabel) {
    auto *box = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("Message ids (separated by spaces or commas). The actions count what they would change, "
                                "ask for a reason and write one audit row per changed message."));
    intro->setWordWrap(true);
    box->addWidget(intro);
    m_ids->setPlaceholderText(tr("e.g. 1042, 1043 1050"));
    box->addWidget(m_ids);
    box->addWidget(m_hint);
    // Its own buttons on its own ids: the Triage selection and this box never share a target.
    auto *bar = new QToolBar;
    for (QAction *a : controller->actions()) {
        const QString kind = a->objectName();
        QAction *own = bar->addAction(ActionController::title(kind) + QStringLiteral("…"));
        own->setObjectName(QStringLiteral("panel_") + kind);
        connect(own, &QAction::triggered, this, [this, kind] {
            QString bad;
            const QList<qint64> ids = parseIds(m_ids->text(), &bad);
            if (!ids.isEmpty())
                m_controller->startOnIds(kind, ids, tr("the %n message id(s) typed in the Actions tab", nullptr, int(ids.size())));
        });
        m_buttons << own;
    }
    box->addWidget(bar);
    if (controller->action(QStringLiteral("recoverStuck"))) {
        auto *stuck = new QPushButton(tr("Recover every stuck message…"));
        connect(stuck, &QPushButton::clicked, this, [this] {
            ListFilter f;
            f.view = ListFilter::View::Stuck;
            m_controller->startOnFilter(QStringLiteral("recoverStuck"), f, tr("every stuck message (Actions tab)"));
        });
        box->addWidget(stuck, 0, Qt::AlignLeft);
    }
    if (controller->actions().isEmpty())
        box->addWidget(new QLabel(tr("Read-only session: no action can be run.")));
    box->addStretch(1);
    connect(m_ids, &QLineEdit::textChanged, this, &ActionPanel::idsEdited);
    idsEdited();
}

QList<qint64> ActionPanel::parseIds(const QString &text, QString *bad) {
    QList<qint64> ids;
    for (const QString &t : text.split(QRegularExpression(QStringLiteral("[\\s,;]+")), Qt::SkipEmptyParts)) {
        bool ok = false;
        const qint64 id = t.toLongLong(&ok);
        if (!ok || id <= 0) {
            if (bad)
                *bad = t;
            return {};
        }
        if (!ids.contains(id))
            ids << id;
    }
    return ids;
}

void ActionPanel::idsEdited() {
    QString bad;
    const QList<qint64> ids = parseIds(m_ids->text(), &bad);
    m_hint->setText(!bad.isEmpty() ? tr("\"%1\" is not a message id.").arg(bad)
                                   : tr("%n message(s) chosen.", nullptr, int(ids.size())));
    for (QAction *a : m_buttons)
        a->setEnabled(!ids.isEmpty());
}

} // namespace om
