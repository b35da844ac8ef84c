// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QString>
#include <QStringList>

namespace om {

/// Translated sentences as one text: a space between them, except after a sentence that ends in
/// full-width punctuation (Japanese "。", "！", "？", "）"), which carries its own space.
QString joinSentences(const QStringList &sentences);

} // namespace om
