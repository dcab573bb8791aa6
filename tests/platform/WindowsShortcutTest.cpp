// The Windows shortcut seam (core/platform/WindowsShortcut_windows.cpp) on Windows' own shell and
// command-line parser: built by MinGW-w64 and run under Wine by the WindowsShortcutTest ctest
// entry (cmake/RunWindowsTest.cmake). No Qt and no GoogleTest exist for MinGW here, so the checks
// are plain; the last line is "N passed, M failed" and the exit code is the number failed.
//
// Evidence: the quoting cases are Microsoft's own table for how a program's command line is split
// ("Parsing C++ command-line arguments", Microsoft C++ docs); the shortcuts are shaped as the
// installers make them (VS Code's user install: Code.exe under AppData\Local\Programs with no
// arguments; Chrome's: chrome.exe with --profile-directory="Profile 1"); the quoted port is what
// IdeLauncher_windows.cpp wrote before this seam, which its own reader then took for port 0.

#include "platform/WindowsShortcut.h"

#include <cstdio>
#include <shlobj.h>
#include <shobjidl.h>
#include <string>
#include <vector>
#include <windows.h>

using namespace mpa::winshortcut;

namespace {

int g_passed = 0;
int g_failed = 0;

std::string narrow(const std::wstring &text)
{
    std::string out;
    for (const wchar_t c : text)
        out.push_back(c < 128 ? static_cast<char>(c) : '?');
    return out;
}

std::string show(const std::vector<std::wstring> &words)
{
    std::string out = "[";
    for (std::size_t i = 0; i < words.size(); ++i)
        out += (i ? ", <" : "<") + narrow(words[i]) + ">";
    return out + "]";
}

void check(bool ok, const std::string &what, const std::string &detail = {})
{
    if (ok) {
        ++g_passed;
        std::printf("ok      %s\n", what.c_str());
    } else {
        ++g_failed;
        std::printf("FAILED  %s %s\n", what.c_str(), detail.c_str());
    }
}

void checkSplit(const std::wstring &line, const std::vector<std::wstring> &expected)
{
    const auto got = splitArguments(line);
    check(got == expected, "split " + narrow(line), "got " + show(got) + " expected " + show(expected));
}

// Makes a shortcut as an installer would, through the same shell object.
bool makeShortcut(const std::wstring &path, const std::wstring &target, const std::wstring &arguments,
                  const std::wstring &workingDir, const std::wstring &icon)
{
    IShellLinkW *link = nullptr;
    if (FAILED(CoCreateInstance(CLSID_ShellLink, nullptr, CLSCTX_INPROC_SERVER, IID_IShellLinkW,
                                reinterpret_cast<void **>(&link))))
        return false;
    link->SetPath(target.c_str());
    link->SetArguments(arguments.c_str());
    link->SetWorkingDirectory(workingDir.c_str());
    link->SetIconLocation(icon.c_str(), 3);
    link->SetDescription(L"Code editing. Redefined.");
    IPersistFile *file = nullptr;
    bool ok = SUCCEEDED(link->QueryInterface(IID_IPersistFile, reinterpret_cast<void **>(&file)))
        && SUCCEEDED(file->Save(path.c_str(), TRUE));
    if (file)
        file->Release();
    link->Release();
    return ok;
}

struct Rest
{
    std::wstring workingDir;
    std::wstring icon;
    int iconIndex = -1;
    std::wstring description;
};

Rest restOf(const std::wstring &path)
{
    Rest rest;
    IShellLinkW *link = nullptr;
    if (FAILED(CoCreateInstance(CLSID_ShellLink, nullptr, CLSCTX_INPROC_SERVER, IID_IShellLinkW,
                                reinterpret_cast<void **>(&link))))
        return rest;
    IPersistFile *file = nullptr;
    if (SUCCEEDED(link->QueryInterface(IID_IPersistFile, reinterpret_cast<void **>(&file)))
        && SUCCEEDED(file->Load(path.c_str(), STGM_READ))) {
        wchar_t buffer[MAX_PATH] = {};
        link->GetWorkingDirectory(buffer, MAX_PATH);
        rest.workingDir = buffer;
        link->GetIconLocation(buffer, MAX_PATH, &rest.iconIndex);
        rest.icon = buffer;
        link->GetDescription(buffer, MAX_PATH);
        rest.description = buffer;
    }
    if (file)
        file->Release();
    link->Release();
    return rest;
}

std::wstring tempDir()
{
    wchar_t base[MAX_PATH] = {};
    GetTempPathW(MAX_PATH, base);
    std::wstring dir = std::wstring(base) + L"mpa-shortcut-test-" + std::to_wstring(GetCurrentProcessId());
    CreateDirectoryW(dir.c_str(), nullptr);
    return dir;
}

} // namespace

int main()
{
    CoInitializeEx(nullptr, COINIT_APARTMENTTHREADED);

    // Microsoft's table of how command lines are split.
    checkSplit(LR"("a b c" d e)", { L"a b c", L"d", L"e" });
    checkSplit(LR"("ab\"c" "\\" d)", { LR"(ab"c)", LR"(\)", L"d" });
    checkSplit(LR"(a\\\b d"e f"g h)", { LR"(a\\\b)", L"de fg", L"h" });
    checkSplit(LR"(a\\\"b c d)", { LR"(a\"b)", L"c", L"d" });
    checkSplit(LR"(a\\\\"b c" d e)", { LR"(a\\b c)", L"d", L"e" });
    checkSplit(L"", {});
    checkSplit(L"   ", {});

    // Every argument quoted comes back whole.
    const std::vector<std::wstring> tricky {
        L"",
        L"plain",
        L"two words",
        LR"(say "hi")",
        LR"(C:\Program Files\App\)",
        LR"(--user-data-dir=C:\Users\Ann Lee\AppData\Roaming\multi-purpose-agent\profiles\chrome\)",
        LR"(a\\"b)",
        L"tab\there",
        LR"(\\server\share\dir with space\\)",
        L"\u041f\u0440\u0438\u043c\u0435\u0440 \u4f8b",
    };
    for (const std::wstring &argument : tricky) {
        const auto back = splitArguments(quoteArgument(argument));
        check(back == std::vector<std::wstring> { argument }, "quote round trip " + narrow(argument),
              "line <" + narrow(quoteArgument(argument)) + "> gave " + show(back));
    }
    const auto all = splitArguments(appendArguments(L"--profile-directory=\"Profile 1\"  ", tricky));
    std::vector<std::wstring> expected { L"--profile-directory=Profile 1" };
    expected.insert(expected.end(), tricky.begin(), tricky.end());
    check(all == expected, "appended arguments keep the stored ones and come back whole", show(all));

    // The port, read as Chromium reads its switches.
    check(debuggingPort(L"") == 0, "no arguments, no port");
    check(debuggingPort(L"--remote-debugging-port=9222") == 9222, "a bare port");
    check(debuggingPort(LR"(--profile-directory="Profile 1" "--remote-debugging-port=9004")") == 9004,
          "a port quoted as the old launcher wrote it");
    check(debuggingPort(L"--remote-debugging-port=9222 --remote-debugging-port=9333") == 9333,
          "the last of two ports wins");
    check(debuggingPort(L"--remote-debugging-port=0") == 0, "port 0 is no port");
    check(debuggingPort(L"--remote-debugging-port=70000") == 0, "a number over 65535 is no port");
    check(debuggingPort(L"--remote-debugging-port=92a2") == 0, "letters are no port");
    check(debuggingPort(L"--remote-debugging-port=") == 0, "an empty value is no port");
    check(debuggingPort(L"--remote-debugging-port 9222") == 0, "a separated value is not Chromium's form");
    check(debuggingPort(LR"("--app-flag=x --remote-debugging-port=9222")") == 0,
          "a switch inside another argument is no port");

    // Real shortcuts through the shell.
    const std::wstring dir = tempDir();
    const std::wstring code = dir + L"\\Visual Studio Code.lnk";
    const std::wstring target = LR"(C:\Users\Ann Lee\AppData\Local\Programs\Microsoft VS Code\Code.exe)";
    check(makeShortcut(code, target, L"", LR"(C:\Users\Ann Lee\AppData\Local\Programs\Microsoft VS Code)",
                       target),
          "an installer's shortcut is made");
    std::wstring error;
    auto shortcut = read(code, &error);
    check(shortcut.has_value(), "the shortcut is read", narrow(error));
    if (shortcut) {
        check(shortcut->target == target, "its program", narrow(shortcut->target));
        check(shortcut->arguments.empty(), "no arguments", narrow(shortcut->arguments));
    }
    const Rest before = restOf(code);
    const std::vector<std::wstring> debugging {
        L"--remote-debugging-port=9004",
        LR"(--user-data-dir=C:\Users\Ann Lee\AppData\Roaming\multi-purpose-agent\profiles\vscode\)",
    };
    check(writeArguments(code, appendArguments(shortcut ? shortcut->arguments : L"", debugging), &error),
          "the debugging arguments are written", narrow(error));
    shortcut = read(code, &error);
    check(shortcut && splitArguments(shortcut->arguments) == debugging,
          "the program gets exactly the arguments added",
          shortcut ? narrow(shortcut->arguments) : narrow(error));
    check(shortcut && debuggingPort(shortcut->arguments) == 9004,
          "the rewritten shortcut's port is read back");
    check(shortcut && shortcut->target == target, "the program is unchanged");
    const Rest after = restOf(code);
    check(after.workingDir == before.workingDir && after.icon == before.icon
              && after.iconIndex == before.iconIndex && after.description == before.description
              && !before.description.empty(),
          "working folder, icon and description are kept",
          narrow(after.workingDir) + " | " + narrow(after.icon) + " | " + narrow(after.description));

    const std::wstring chrome = dir + L"\\Google Chrome.lnk";
    check(makeShortcut(chrome, LR"(C:\Program Files\Google\Chrome\Application\chrome.exe)",
                       LR"(--profile-directory="Profile 1")",
                       LR"(C:\Program Files\Google\Chrome\Application)",
                       LR"(C:\Program Files\Google\Chrome\Application\chrome.exe)"),
          "a shortcut with arguments of its own is made");
    auto chromeShortcut = read(chrome, &error);
    check(chromeShortcut
              && writeArguments(chrome, appendArguments(chromeShortcut->arguments, debugging), &error),
          "its arguments are extended", narrow(error));
    chromeShortcut = read(chrome, &error);
    std::vector<std::wstring> chromeExpected { L"--profile-directory=Profile 1" };
    chromeExpected.insert(chromeExpected.end(), debugging.begin(), debugging.end());
    check(chromeShortcut && splitArguments(chromeShortcut->arguments) == chromeExpected,
          "its own arguments stay first",
          chromeShortcut ? show(splitArguments(chromeShortcut->arguments)) : "");

    // Longer than the 1,024 characters the first reader's buffer held.
    std::wstring longValue(3000, L'x');
    check(writeArguments(code,
                         appendArguments(L"", { L"--long=" + longValue, L"--remote-debugging-port=9555" }),
                         &error),
          "a long command line is written", narrow(error));
    shortcut = read(code, &error);
    check(shortcut && debuggingPort(shortcut->arguments) == 9555 && shortcut->arguments.size() > 3000,
          "a long command line is read whole",
          shortcut ? std::to_string(shortcut->arguments.size()) : narrow(error));

    // Bad input says what was wrong.
    error.clear();
    check(!read(dir + L"\\missing.lnk", &error) && error.find(L"missing.lnk") != std::wstring::npos,
          "a missing shortcut is refused, naming it", narrow(error));
    const std::wstring text = dir + L"\\not-a-shortcut.lnk";
    HANDLE handle
        = CreateFileW(text.c_str(), GENERIC_WRITE, 0, nullptr, CREATE_ALWAYS, FILE_ATTRIBUTE_NORMAL, nullptr);
    DWORD written = 0;
    WriteFile(handle, "[InternetShortcut]\r\n", 20, &written, nullptr);
    CloseHandle(handle);
    error.clear();
    check(!read(text, &error) && !error.empty(), "a file that is no shortcut is refused", narrow(error));
    error.clear();
    check(!writeArguments(dir + L"\\missing.lnk", L"--x", &error) && !error.empty(),
          "writing a missing shortcut is refused", narrow(error));

    DeleteFileW(code.c_str());
    DeleteFileW(chrome.c_str());
    DeleteFileW(text.c_str());
    RemoveDirectoryW(dir.c_str());
    CoUninitialize();
    std::printf("%d passed, %d failed\n", g_passed, g_failed);
    return g_failed;
}
