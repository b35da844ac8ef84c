// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/common/csvfile.h"

#include <QSaveFile>

namespace om {

CsvFile::CsvFile(const QString &path) : m_file(std::make_unique<QSaveFile>(path)) {}

CsvFile::~CsvFile() { discard(); }

bool CsvFile::open(QString *error) {
    if (m_file->open(QIODevice::WriteOnly))
        return true;
    *error = m_file->errorString();
    m_done = true;
    return false;
}

void CsvFile::writeRecord(const QStringList &fields, const QList<CellKind> &kinds) { write(csvRecord(fields, kinds).toUtf8()); }

void CsvFile::write(const QByteArray &record) {
    // QSaveFile remembers a failed write and refuses to commit: checking once at the end is enough.
    if (!m_done)
        m_file->write(record);
}

bool CsvFile::ok() const { return m_file->error() == QFileDevice::NoError; }

QString CsvFile::errorString() const { return m_file->errorString(); }

bool CsvFile::commit(QString *error) {
    if (m_done)
        return false;
    m_done = true;
    if (m_file->commit())
        return true;
    *error = m_file->errorString();
    return false;
}

void CsvFile::discard() {
    if (m_done)
        return;
    m_done = true;
    m_file->cancelWriting();
    m_file->commit(); // after cancelWriting(), commit() removes the temporary file and returns false
}

QString CsvFile::fileName() const { return m_file->fileName(); }

} // namespace om
