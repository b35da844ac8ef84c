// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/listfilter.h"
#include "core/model/messagepage.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDateTimeEdit;
class QLabel;
class QLineEdit;
class QSpinBox;
class QTimer;
class QToolButton;

namespace om {

/// The filter's inputs (states, type, destination, error code, created/updated ranges, minimum
/// age, key text and how to match it). Typing is debounced: filterEdited fires once the operator
/// pauses, so a query is not started per keystroke.
class FilterBar : public QWidget {
    Q_OBJECT
public:
    explicit FilterBar(const SchemaProfile &profile, QWidget *parent = nullptr);

    /// The inputs as a filter (the view is not part of the bar; it is left as All).
    ListFilter filter() const;
    /// Shows `filter` in the inputs without emitting filterEdited.
    void setFilter(const ListFilter &filter);
    /// The values offered in the type / destination / error code lists.
    void setChoices(const FilterChoices &choices);
    QLineEdit *keyEdit() const { return m_key; }
    QLineEdit *idsEdit() const { return m_ids; }
    /// What is wrong with the typed ids ("" when they are a valid list).
    QString idsProblem() const;

signals:
    /// The operator changed something and paused (debounced).
    void filterEdited();
    /// The ids box started or stopped holding a mistake (idsProblem()).
    void idsProblemChanged(bool hasProblem);

private:
    // The constructor's steps, in order.
    void setupChoices();
    void setupTimeRanges();
    void setupAgeAndKey();
    void buildLayout();
    QToolButton *makeMultiSelect(const QString &label);
    void setOptions(QToolButton *button, const QStringList &values, const QStringList &checked);
    static QStringList checkedValues(const QToolButton *button);
    void edited();
    void idsEdited();

    SchemaProfile m_profile;
    QToolButton *m_states, *m_types, *m_destinations, *m_errorCodes;
    QCheckBox *m_createdFromOn, *m_createdToOn, *m_updatedFromOn, *m_updatedToOn;
    QDateTimeEdit *m_createdFrom, *m_createdTo, *m_updatedFrom, *m_updatedTo;
    QSpinBox *m_minAge;
    QLineEdit *m_key;
    QComboBox *m_keyMode;
    QLineEdit *m_ids;
    QLabel *m_idsProblem;
    QList<MessageId> m_validIds; ///< the last list typed without a mistake: what the filter uses
    QTimer *m_debounce;
    bool m_applying = false;
};

} // namespace om
