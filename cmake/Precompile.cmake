# Precompiled headers: the Qt (and, for the tests, GoogleTest) headers nearly every file of a
# big target includes, parsed once per target instead of once per file. On a cold build (CI
# has no compiler cache) this takes about 40 % off each file's compile. With a compiler
# launcher such as ccache they stay off by default: a rebuilt precompiled header would make
# every cached object a miss.

option(MPA_PRECOMPILED_HEADERS "Precompile the common Qt headers of the big targets" ${mpa_cold_build_default})

# mpa_precompile(<target> [WIDGETS] [TESTS]): WIDGETS adds the Qt Widgets headers, TESTS those of
# GoogleTest and Qt Test. Only for targets of many files: each precompiled header costs about
# as much as compiling two files.
function(mpa_precompile target)
    if(NOT MPA_PRECOMPILED_HEADERS)
        return()
    endif()
    cmake_parse_arguments(PARSE_ARGV 1 arg "WIDGETS;TESTS" "" "")
    set(headers
        <QObject> <QString> <QStringList> <QByteArray> <QList> <QHash> <QMap> <QSet> <QVariant>
        <QJsonObject> <QJsonArray> <QJsonValue> <QJsonDocument> <QPointer> <QDateTime> <QTimer>
        <QUrl> <QDir> <QFile> <QDebug>
        <functional> <memory> <optional> <chrono> <algorithm>)
    if(arg_WIDGETS)
        list(APPEND headers <QWidget> <QLabel> <QPushButton> <QBoxLayout> <QComboBox> <QCheckBox>
             <QLineEdit> <QApplication>)
    endif()
    if(arg_TESTS)
        list(APPEND headers <gtest/gtest.h> <QSignalSpy>)
    endif()
    target_precompile_headers(${target} PRIVATE ${headers})
endfunction()
