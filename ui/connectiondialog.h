#pragma once
#include <QDialog>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;

namespace om {

/// Asked when the command line names no database: a libpq connection string or URI (the
/// password may come from ~/.pgpass, a service file or the environment, never typed here to
/// be stored), the schema profile, and read-only.
class ConnectionDialog : public QDialog {
    Q_OBJECT
public:
    explicit ConnectionDialog(const QStringList &profileIds, QWidget *parent = nullptr);
    QString connectionString() const;
    QString profileId() const;
    bool readOnly() const;

    /// Empty when `text` looks like a libpq connection string or URI; otherwise why not.
    static QString validate(const QString &text);

private:
    void revalidate();
    QLineEdit *m_conn;
    QComboBox *m_profile;
    QCheckBox *m_readOnly;
    QLabel *m_problem;
    class QPushButton *m_ok;
};

} // namespace om
