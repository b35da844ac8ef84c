// SPDX-License-Identifier: GPL-3.0-or-later
#include "filterbar.h"
#include "common/multiselectmenu.h"
#include "common/tones.h"
#include "core/common/countformat.h"
#include "core/model/idlist.h"
#include "link/limits.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTimeEdit>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QSpinBox>
#include <QTimer>
#include <QToolButton>

namespace om {

FilterBar::FilterBar(const SchemaProfile &profile, QWidget *parent)
    : QWidget(parent), m_profile(profile), m_states(makeMultiSelect(tr("&State"))), m_types(makeMultiSelect(tr("T&ype"))),
      m_destinations(makeMultiSelect(tr("&Destination"))), m_errorCodes(makeMultiSelect(tr("&Error code"))),
      m_createdFromOn(new QCheckBox(tr("Created from"))), m_createdToOn(new QCheckBox(tr("to"))),
      m_updatedFromOn(new QCheckBox(tr("Updated from"))), m_updatedToOn(new QCheckBox(tr("to"))),
      m_createdFrom(new QDateTimeEdit), m_createdTo(new QDateTimeEdit), m_updatedFrom(new QDateTimeEdit),
      m_updatedTo(new QDateTimeEdit), m_minAge(new QSpinBox), m_key(new QLineEdit), m_keyMode(new QComboBox),
      m_ids(new QLineEdit), m_idsProblem(new QLabel), m_debounce(new QTimer(this)) {
    setupChoices();
    setupTimeRanges();
    setupAgeAndKey();
    buildLayout();
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(limits::kFilterDebounceMs);
    connect(m_debounce, &QTimer::timeout, this, &FilterBar::filterEdited);
    connect(m_minAge, &QSpinBox::valueChanged, this, &FilterBar::edited);
    connect(m_key, &QLineEdit::textChanged, this, &FilterBar::edited);
    connect(m_keyMode, &QComboBox::currentIndexChanged, this, &FilterBar::edited);
    connect(m_ids, &QLineEdit::textChanged, this, &FilterBar::idsEdited);
}

void FilterBar::setupChoices() {
    QStringList states;
    for (const StateDef &s : m_profile.states)
        states << s.name;
    setOptions(m_states, states, {});
    m_destinations->setVisible(m_profile.has(QStringLiteral("destination")));
    m_errorCodes->setVisible(m_profile.has(QStringLiteral("errorCode")));
}

void FilterBar::setupTimeRanges() {
    const QDateTime now = QDateTime::currentDateTime();
    for (QDateTimeEdit *e : {m_createdFrom, m_createdTo, m_updatedFrom, m_updatedTo}) {
        e->setCalendarPopup(true);
        e->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm"));
        e->setDateTime(now);
        e->setEnabled(false);
    }
    m_createdFrom->setDateTime(now.addDays(-1));
    m_updatedFrom->setDateTime(now.addDays(-1));
    const bool hasUpdated = m_profile.has(QStringLiteral("updatedAt"));
    for (QWidget *w : {static_cast<QWidget *>(m_updatedFromOn), static_cast<QWidget *>(m_updatedToOn),
                       static_cast<QWidget *>(m_updatedFrom), static_cast<QWidget *>(m_updatedTo)})
        w->setVisible(hasUpdated);
    // clang-format off
    const QList<QPair<QCheckBox *, QDateTimeEdit *>> pairs = {{m_createdFromOn, m_createdFrom}, {m_createdToOn, m_createdTo},
                                                              {m_updatedFromOn, m_updatedFrom}, {m_updatedToOn, m_updatedTo}};
    // clang-format on
    for (const auto &p : pairs) {
        connect(p.first, &QCheckBox::toggled, p.second, &QWidget::setEnabled);
        connect(p.first, &QCheckBox::toggled, this, &FilterBar::edited);
        connect(p.second, &QDateTimeEdit::dateTimeChanged, this, &FilterBar::edited);
    }
}

void FilterBar::setupAgeAndKey() {
    m_minAge->setRange(0, 7 * 24 * 60);
    m_minAge->setSuffix(tr(" min"));
    m_minAge->setSpecialValueText(tr("any age"));
    m_minAge->setToolTip(tr("Only messages at least this old (server clock)"));
    m_key->setPlaceholderText(tr("%1 …").arg(m_profile.column(QStringLiteral("key"))));
    m_key->setClearButtonEnabled(true);
    m_key->setMaxLength(10000);
    m_keyMode->addItem(tr("contains"), int(ListFilter::TextMode::Contains));
    m_keyMode->addItem(tr("starts with"), int(ListFilter::TextMode::Prefix));
    m_keyMode->addItem(tr("is exactly"), int(ListFilter::TextMode::Exact));
    // Ids from a ticket: the list shows those messages, and an action then names them as its scope.
    m_ids->setObjectName(QStringLiteral("idsFilter"));
    m_ids->setPlaceholderText(tr("e.g. 1042, 1043 1050"));
    m_ids->setToolTip(tr("Only these message ids (separated by spaces, commas or new lines; at most %1)")
                          .arg(formatCount(limits::kMaxIdsPerFilter)));
    m_ids->setClearButtonEnabled(true);
    m_ids->setMaxLength(limits::kMaxIdsPerFilter * 21); // 19 digits and a separator each, with room
    m_idsProblem->setObjectName(QStringLiteral("idsProblem"));
    setProblemLook(m_idsProblem);
    m_idsProblem->hide();
}

void FilterBar::buildLayout() {
    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    auto *row1 = new QHBoxLayout;
    for (QWidget *w : {static_cast<QWidget *>(m_states), static_cast<QWidget *>(m_types),
                       static_cast<QWidget *>(m_destinations), static_cast<QWidget *>(m_errorCodes)})
        row1->addWidget(w);
    auto *ageLabel = new QLabel(tr("Min. &age"));
    ageLabel->setBuddy(m_minAge);
    row1->addWidget(ageLabel);
    row1->addWidget(m_minAge);
    // Alt+letter opens a list or focuses the key, so that a filter can be set from the keyboard.
    auto *keyLabel = new QLabel(tr("&Key"));
    keyLabel->setBuddy(m_key);
    row1->addWidget(keyLabel);
    row1->addWidget(m_keyMode);
    row1->addWidget(m_key, 1);
    // A table without message keys: nothing to filter by.
    const bool keyed = m_profile.has(QStringLiteral("key"));
    for (QWidget *w : {static_cast<QWidget *>(keyLabel), static_cast<QWidget *>(m_keyMode), static_cast<QWidget *>(m_key)})
        w->setVisible(keyed);
    if (!keyed)
        row1->addStretch(1);
    auto *row2 = new QHBoxLayout;
    for (QWidget *w : {static_cast<QWidget *>(m_createdFromOn), static_cast<QWidget *>(m_createdFrom),
                       static_cast<QWidget *>(m_createdToOn), static_cast<QWidget *>(m_createdTo),
                       static_cast<QWidget *>(m_updatedFromOn), static_cast<QWidget *>(m_updatedFrom),
                       static_cast<QWidget *>(m_updatedToOn), static_cast<QWidget *>(m_updatedTo)})
        row2->addWidget(w);
    auto *idsLabel = new QLabel(tr("&Ids"));
    idsLabel->setBuddy(m_ids);
    row2->addSpacing(12);
    row2->addWidget(idsLabel);
    row2->addWidget(m_ids, 1);
    row2->addWidget(m_idsProblem);
    grid->addLayout(row1, 0, 0);
    grid->addLayout(row2, 1, 0);
}

QToolButton *FilterBar::makeMultiSelect(const QString &label) {
    auto *b = new QToolButton;
    b->setText(label);
    b->setProperty("label", label);
    b->setPopupMode(QToolButton::InstantPopup);
    b->setMenu(new MultiSelectMenu(b));
    return b;
}

void FilterBar::setOptions(QToolButton *button, const QStringList &values, const QStringList &checked) {
    QMenu *menu = button->menu();
    menu->clear();
    // A value that is checked but no longer in the data (a saved filter) stays offered, checked.
    QStringList all = values;
    for (const QString &c : checked)
        if (!all.contains(c))
            all << c;
    for (const QString &v : all) {
        QAction *a = menu->addAction(v);
        a->setCheckable(true);
        a->setChecked(checked.contains(v));
        connect(a, &QAction::toggled, this, &FilterBar::edited);
    }
    const QString label = button->property("label").toString();
    button->setText(checked.isEmpty() ? label : QStringLiteral("%1 (%2)").arg(label).arg(checked.size()));
}

QStringList FilterBar::checkedValues(const QToolButton *button) {
    QStringList out;
    for (const QAction *a : button->menu()->actions())
        if (a->isChecked())
            out << a->text();
    return out;
}

void FilterBar::edited() {
    if (m_applying)
        return;
    for (QToolButton *b : {m_states, m_types, m_destinations, m_errorCodes}) {
        const QStringList c = checkedValues(b);
        const QString label = b->property("label").toString();
        b->setText(c.isEmpty() ? label : QStringLiteral("%1 (%2)").arg(label).arg(c.size()));
    }
    m_debounce->start();
}

void FilterBar::idsEdited() {
    if (m_applying)
        return;
    // A mistake says what is wrong and the list then matches nothing (ListFilter::idsUnreadable):
    // a half-read list must never become the filter, nor the scope of an action, and neither may
    // "no ids" (every message) while the box holds ids.
    const IdList parsed = IdList::parse(m_ids->text(), limits::kMaxIdsPerFilter, m_profile.types.id);
    const bool hadProblem = !m_idsProblem->isHidden();
    const bool problem = !parsed.problem.isEmpty();
    m_idsProblem->setText(parsed.problem);
    m_idsProblem->setVisible(problem);
    if (hadProblem != problem)
        emit idsProblemChanged(problem);
    if (problem ? hadProblem : parsed.ids == m_validIds && !hadProblem)
        return;
    if (!problem)
        m_validIds = parsed.ids;
    edited();
}

QString FilterBar::idsProblem() const { return m_idsProblem->isHidden() ? QString() : m_idsProblem->text(); }

ListFilter FilterBar::filter() const {
    ListFilter f;
    f.states = checkedValues(m_states);
    f.types = checkedValues(m_types);
    f.destinations = checkedValues(m_destinations);
    f.errorCodes = checkedValues(m_errorCodes);
    if (m_createdFromOn->isChecked()) f.createdFrom = m_createdFrom->dateTime();
    if (m_createdToOn->isChecked()) f.createdTo = m_createdTo->dateTime();
    if (m_updatedFromOn->isChecked()) f.updatedFrom = m_updatedFrom->dateTime();
    if (m_updatedToOn->isChecked()) f.updatedTo = m_updatedTo->dateTime();
    f.minAgeMinutes = m_minAge->value();
    f.keyText = m_key->text();
    f.keyMode = ListFilter::TextMode(m_keyMode->currentData().toInt());
    f.ids = m_validIds;
    f.idsUnreadable = !m_idsProblem->isHidden();
    return f;
}

void FilterBar::setFilter(const ListFilter &f) {
    m_applying = true;
    setOptions(
        m_states, [this] { QStringList s; for (const StateDef &d : m_profile.states) s << d.name; return s; }(), f.states);
    auto values = [](const QToolButton *b) { QStringList v; for (const QAction *a : b->menu()->actions()) v << a->text(); return v; };
    setOptions(m_types, values(m_types), f.types);
    setOptions(m_destinations, values(m_destinations), f.destinations);
    setOptions(m_errorCodes, values(m_errorCodes), f.errorCodes);
    auto time = [](QCheckBox *on, QDateTimeEdit *e, const QDateTime &t) {
        on->setChecked(t.isValid());
        if (t.isValid()) e->setDateTime(t.toLocalTime());
    };
    time(m_createdFromOn, m_createdFrom, f.createdFrom);
    time(m_createdToOn, m_createdTo, f.createdTo);
    time(m_updatedFromOn, m_updatedFrom, f.updatedFrom);
    time(m_updatedToOn, m_updatedTo, f.updatedTo);
    m_minAge->setValue(f.minAgeMinutes);
    m_key->setText(f.keyText);
    m_keyMode->setCurrentIndex(qMax(0, m_keyMode->findData(int(f.keyMode))));
    m_ids->setText(joinIds(f.ids, QStringLiteral(", ")));
    m_validIds = f.ids;
    if (!m_idsProblem->isHidden()) {
        m_idsProblem->hide();
        emit idsProblemChanged(false);
    }
    m_applying = false;
    m_debounce->stop();
}

void FilterBar::setChoices(const FilterChoices &c) {
    setOptions(m_types, c.types, checkedValues(m_types));
    setOptions(m_destinations, c.destinations, checkedValues(m_destinations));
    setOptions(m_errorCodes, c.errorCodes, checkedValues(m_errorCodes));
    const QString note = tr("Values found among the open messages");
    m_types->setToolTip(c.fromOpenOnly.contains(QStringLiteral("type")) ? note : QString());
    m_destinations->setToolTip(c.fromOpenOnly.contains(QStringLiteral("destination")) ? note : QString());
    m_errorCodes->setToolTip(c.fromOpenOnly.contains(QStringLiteral("errorCode")) ? note : QString());
}

} // namespace om
