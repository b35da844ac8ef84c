#pragma once
#include <QList>
#include <QWidget>

class QAction;

class QLabel;
class QLineEdit;

namespace om {

class ActionController;

/// Until the triage lists drive the ActionController: type message ids (or leave empty and use
/// the Stuck shortcut) and run the controller's actions on them.
class ActionPanel : public QWidget {
    Q_OBJECT
public:
    explicit ActionPanel(ActionController *controller, QWidget *parent = nullptr);
    /// Parses "1, 2 3;4" into ids; `bad` gets the first token that is not an id.
    static QList<qint64> parseIds(const QString &text, QString *bad);
    QLineEdit *idsEdit() const { return m_ids; }

private:
    void idsEdited();

    ActionController *m_controller;
    QLineEdit *m_ids;
    QLabel *m_hint;
    QList<QAction *> m_buttons; ///< this panel's own, on its own ids
};

} // namespace om
