// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QString>

namespace om {

/// A count of messages or rows for people: the operator's locale with its thousands separators
/// ("1,234,567"; "1.234.567" in German), also under the C locale of a cron job or an SSH session,
/// which leaves them out by default and would print "1234567" in a report.
QString formatCount(qint64 n);

} // namespace om
