// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Ages ("oldest waiting 1,234 s") grow while a test runs: the program's reading and a brute-force
// reading taken after it differ by the time that passed between them, which on a loaded machine
// (the sanitizers' build, two tests at once) can be seconds. Compare them against that time, not
// against a fixed tolerance.
#include <QElapsedTimer>

namespace om::test {

/// `shown` was read by the program after `sinceBefore` started; `truthAfter` by brute force after
/// the program's reading. True when they agree up to the time passed (and a second of rounding).
inline bool ageAgrees(double shown, double truthAfter, const QElapsedTimer &sinceBefore) {
    const double passedS = double(sinceBefore.elapsed()) / 1000.0;
    return shown <= truthAfter + 1.0 && truthAfter - shown <= passedS + 1.0;
}

} // namespace om::test
