// Windows: processes from a Toolhelp snapshot, their command lines through
// NtQueryInformationProcess(ProcessCommandLineInformation) (Windows 8.1 and later, needs only
// PROCESS_QUERY_LIMITED_INFORMATION), listening ports from GetExtendedTcpTable.
// Compiled on every Linux run by MinGW-w64, syntax only (PlatformCompileCheck); kept small and
// close to the documented APIs.
#include "ProcessFinder.h"

#include <algorithm>
#include <string>

// winsock2.h must come before windows.h (it warns otherwise), the rest after both.
// clang-format off
#include <winsock2.h>
#include <windows.h>
#include <iphlpapi.h>
#include <shellapi.h>
#include <tlhelp32.h>
#include <ws2tcpip.h>
// clang-format on

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

using NtQueryInformationProcessFn = LONG(WINAPI *)(HANDLE, ULONG, PVOID, ULONG, PULONG);
constexpr ULONG kProcessCommandLineInformation = 60;

// The UNICODE_STRING that heads the answer; its Buffer points into the same allocation.
struct CommandLineText
{
    USHORT length; // bytes
    USHORT maximumLength;
    PWSTR buffer;
};

QStringList commandLineOf(DWORD pid)
{
    // Through void (*)(): the cast compilers accept between unrelated function pointer types.
    static const auto query = reinterpret_cast<NtQueryInformationProcessFn>(reinterpret_cast<void (*)()>(
        ::GetProcAddress(::GetModuleHandleW(L"ntdll.dll"), "NtQueryInformationProcess")));
    if (!query)
        return {};
    HANDLE process = ::OpenProcess(PROCESS_QUERY_LIMITED_INFORMATION, FALSE, pid);
    if (!process)
        return {};
    QStringList arguments;
    ULONG size = 0;
    query(process, kProcessCommandLineInformation, nullptr, 0, &size);
    if (size >= sizeof(CommandLineText) && size < (1u << 20)) {
        QByteArray buffer(qsizetype(size), '\0');
        if (query(process, kProcessCommandLineInformation, buffer.data(), size, &size) >= 0) {
            const auto *text = reinterpret_cast<const CommandLineText *>(buffer.constData());
            const std::wstring line(text->buffer, text->length / sizeof(wchar_t));
            int count = 0;
            if (LPWSTR *argv = ::CommandLineToArgvW(line.c_str(), &count)) {
                for (int i = 0; i < count; ++i)
                    arguments.append(QString::fromWCharArray(argv[i]));
                ::LocalFree(argv);
            }
        }
    }
    ::CloseHandle(process);
    return arguments;
}

// Calls GetExtendedTcpTable until the buffer is large enough (the table may grow meanwhile).
QByteArray listenerTable(ULONG family)
{
    DWORD size = 0;
    QByteArray buffer;
    for (int attempt = 0; attempt < 4; ++attempt) {
        const DWORD result = ::GetExtendedTcpTable(buffer.isEmpty() ? nullptr : buffer.data(), &size, FALSE,
                                                   family, TCP_TABLE_OWNER_PID_LISTENER, 0);
        if (result == NO_ERROR)
            return buffer;
        if (result != ERROR_INSUFFICIENT_BUFFER)
            return {};
        buffer.resize(qsizetype(size));
    }
    return {};
}

class WindowsProcessFinder : public ProcessFinder
{
public:
    QList<ProcessInfo> processes(QString *error) const override
    {
        HANDLE snapshot = ::CreateToolhelp32Snapshot(TH32CS_SNAPPROCESS, 0);
        if (snapshot == INVALID_HANDLE_VALUE) {
            if (error)
                *error = u"cannot list processes (CreateToolhelp32Snapshot failed with %1)"_s.arg(
                    ::GetLastError());
            return {};
        }
        QList<ProcessInfo> found;
        PROCESSENTRY32W entry {};
        entry.dwSize = sizeof(entry);
        for (BOOL more = ::Process32FirstW(snapshot, &entry); more;
             more = ::Process32NextW(snapshot, &entry)) {
            ProcessInfo info;
            info.pid = qint64(entry.th32ProcessID);
            info.name = QString::fromWCharArray(entry.szExeFile);
            info.arguments = commandLineOf(entry.th32ProcessID);
            found.append(info);
        }
        ::CloseHandle(snapshot);
        return found;
    }

    QList<quint16> listeningTcpPorts(qint64 pid, QString *error) const override
    {
        QList<quint16> ports;
        const QByteArray v4 = listenerTable(AF_INET);
        if (v4.size() >= qsizetype(sizeof(MIB_TCPTABLE_OWNER_PID))) {
            const auto *table = reinterpret_cast<const MIB_TCPTABLE_OWNER_PID *>(v4.constData());
            for (DWORD i = 0; i < table->dwNumEntries; ++i) {
                const MIB_TCPROW_OWNER_PID &row = table->table[i];
                const ULONG address = ::ntohl(row.dwLocalAddr);
                if (qint64(row.dwOwningPid) == pid && (address == 0 || (address >> 24) == 127))
                    ports.append(::ntohs(u_short(row.dwLocalPort)));
            }
        }
        const QByteArray v6 = listenerTable(AF_INET6);
        if (v6.size() >= qsizetype(sizeof(MIB_TCP6TABLE_OWNER_PID))) {
            static const UCHAR any[16] = {};
            static const UCHAR loopback[16] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1 };
            const auto *table = reinterpret_cast<const MIB_TCP6TABLE_OWNER_PID *>(v6.constData());
            for (DWORD i = 0; i < table->dwNumEntries; ++i) {
                const MIB_TCP6ROW_OWNER_PID &row = table->table[i];
                const bool local = std::equal(row.ucLocalAddr, row.ucLocalAddr + 16, any)
                    || std::equal(row.ucLocalAddr, row.ucLocalAddr + 16, loopback);
                if (qint64(row.dwOwningPid) == pid && local)
                    ports.append(::ntohs(u_short(row.dwLocalPort)));
            }
        }
        if (v4.isEmpty() && v6.isEmpty()) {
            if (error)
                *error = u"cannot read the TCP listener table"_s;
            return {};
        }
        std::sort(ports.begin(), ports.end());
        ports.erase(std::unique(ports.begin(), ports.end()), ports.end());
        return ports;
    }
};

} // namespace

std::unique_ptr<ProcessFinder> ProcessFinder::createDefault()
{
    return std::make_unique<WindowsProcessFinder>();
}

} // namespace mpa
