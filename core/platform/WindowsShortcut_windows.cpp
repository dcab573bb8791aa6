#include "WindowsShortcut.h"

#include <cstdio>

// windows.h before the shell's headers, which rely on its macros.
// clang-format off
#include <windows.h>
#include <shellapi.h>
#include <shlobj.h>
#include <shobjidl.h>
// clang-format on

namespace mpa::winshortcut {

namespace {

// Room for the longest command line Windows takes (32,767 characters) and a long path.
constexpr int kLongest = 32768;
constexpr std::wstring_view kPortSwitch = L"--remote-debugging-port=";

// Holds one COM interface pointer and releases it.
template<typename T> class ComRef
{
public:
    ComRef() = default;
    ComRef(const ComRef &) = delete;
    ComRef &operator=(const ComRef &) = delete;
    ~ComRef()
    {
        if (m_ptr)
            m_ptr->Release();
    }
    T *operator->() const { return m_ptr; }
    void **out() { return reinterpret_cast<void **>(&m_ptr); }

private:
    T *m_ptr = nullptr;
};

void say(std::wstring *error, const wchar_t *what, const std::wstring &path, HRESULT result)
{
    if (!error)
        return;
    wchar_t code[16];
    std::swprintf(code, 16, L"0x%08lX", static_cast<unsigned long>(result));
    *error = std::wstring(what) + L' ' + path + L" (HRESULT " + code + L')';
}

// The shell's link object with the shortcut at `path` loaded into it.
bool load(ComRef<IShellLinkW> &link, ComRef<IPersistFile> &file, const std::wstring &path, DWORD mode,
          std::wstring *error)
{
    HRESULT result
        = CoCreateInstance(CLSID_ShellLink, nullptr, CLSCTX_INPROC_SERVER, IID_IShellLinkW, link.out());
    if (FAILED(result)) {
        say(error, L"the shell's link object is not available for", path, result);
        return false;
    }
    result = link->QueryInterface(IID_IPersistFile, file.out());
    if (FAILED(result)) {
        say(error, L"the shell's link object cannot load", path, result);
        return false;
    }
    result = file->Load(path.c_str(), mode);
    if (FAILED(result)) {
        say(error, L"cannot read the shortcut", path, result);
        return false;
    }
    return true;
}

} // namespace

std::optional<Shortcut> read(const std::wstring &path, std::wstring *error)
{
    ComRef<IShellLinkW> link;
    ComRef<IPersistFile> file;
    if (!load(link, file, path, STGM_READ, error))
        return std::nullopt;
    std::vector<wchar_t> target(kLongest, L'\0');
    std::vector<wchar_t> arguments(kLongest, L'\0');
    // A shortcut to something that is not a file (a shell folder) has no path: S_FALSE, empty.
    HRESULT result = link->GetPath(target.data(), kLongest, nullptr, SLGP_RAWPATH);
    if (FAILED(result)) {
        say(error, L"cannot read the program of the shortcut", path, result);
        return std::nullopt;
    }
    result = link->GetArguments(arguments.data(), kLongest);
    if (FAILED(result)) {
        say(error, L"cannot read the arguments of the shortcut", path, result);
        return std::nullopt;
    }
    return Shortcut { target.data(), arguments.data() };
}

bool writeArguments(const std::wstring &path, const std::wstring &arguments, std::wstring *error)
{
    ComRef<IShellLinkW> link;
    ComRef<IPersistFile> file;
    if (!load(link, file, path, STGM_READWRITE, error))
        return false;
    HRESULT result = link->SetArguments(arguments.c_str());
    if (FAILED(result)) {
        say(error, L"cannot set the arguments of the shortcut", path, result);
        return false;
    }
    result = file->Save(path.c_str(), TRUE);
    if (FAILED(result)) {
        say(error, L"cannot save the shortcut", path, result);
        return false;
    }
    return true;
}

std::wstring quoteArgument(const std::wstring &argument)
{
    if (!argument.empty() && argument.find_first_of(L" \t\n\v\"") == std::wstring::npos)
        return argument;
    std::wstring quoted(1, L'"');
    for (auto it = argument.begin();; ++it) {
        std::size_t backslashes = 0;
        while (it != argument.end() && *it == L'\\') {
            ++it;
            ++backslashes;
        }
        if (it == argument.end()) {
            // Before the closing quote every backslash is doubled, or the last would escape it.
            quoted.append(backslashes * 2, L'\\');
            break;
        }
        if (*it == L'"') {
            quoted.append(backslashes * 2 + 1, L'\\');
            quoted.push_back(L'"');
        } else {
            quoted.append(backslashes, L'\\');
            quoted.push_back(*it);
        }
    }
    quoted.push_back(L'"');
    return quoted;
}

std::wstring appendArguments(const std::wstring &arguments, const std::vector<std::wstring> &added)
{
    std::wstring line = arguments;
    while (!line.empty() && (line.back() == L' ' || line.back() == L'\t'))
        line.pop_back();
    for (const std::wstring &argument : added) {
        if (!line.empty())
            line.push_back(L' ');
        line += quoteArgument(argument);
    }
    return line;
}

std::vector<std::wstring> splitArguments(const std::wstring &arguments)
{
    // CommandLineToArgvW reads the first word as the program, by rules of its own, and an empty
    // line as this program's own path: a stand-in program name keeps both out.
    const std::wstring line = L"x " + arguments;
    int count = 0;
    LPWSTR *words = CommandLineToArgvW(line.c_str(), &count);
    std::vector<std::wstring> split;
    if (!words)
        return split;
    for (int i = 1; i < count; ++i)
        split.emplace_back(words[i]);
    LocalFree(words);
    return split;
}

unsigned debuggingPort(const std::wstring &arguments)
{
    unsigned port = 0;
    // As Chromium reads its switches, the last one given wins.
    for (const std::wstring &argument : splitArguments(arguments)) {
        if (argument.compare(0, kPortSwitch.size(), kPortSwitch) != 0)
            continue;
        const std::wstring digits = argument.substr(kPortSwitch.size());
        unsigned value = 0;
        bool valid = !digits.empty() && digits.size() <= 5;
        for (const wchar_t c : digits) {
            if (c < L'0' || c > L'9') {
                valid = false;
                break;
            }
            value = value * 10 + static_cast<unsigned>(c - L'0');
        }
        port = valid && value >= 1 && value <= 65535 ? value : 0;
    }
    return port;
}

} // namespace mpa::winshortcut
