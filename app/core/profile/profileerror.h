// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QString>

namespace om {

/// Why a profile was refused, and where: kept as data so that each place that shows it (the
/// command line, the start dialog, a window banner) can lay it out its own way.
struct ProfileError {
    QString file;    ///< the profile file ("" for JSON given in memory)
    QString path;    ///< JSON path of the bad value, e.g. states[2].when[1].after ("" for the whole file)
    int line = 0;    ///< 1-based line of that value (0 when unknown)
    int column = 0;  ///< 1-based column, for JSON syntax errors (0 otherwise)
    QString message; ///< what is wrong, translated

    bool isEmpty() const { return message.isEmpty(); }
    /// One line, compiler style: `file.json:23: states[2].when[1].after: message`.
    QString format() const;
};

} // namespace om
