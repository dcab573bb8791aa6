<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>mpa::BridgePage</name>
    <message numerus="yes">
        <source> · %n queued</source>
        <translation>
            <numerusform> · %n queued</numerusform>
            <numerusform> · %n queued</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>mpa::ConnectionPage</name>
    <message numerus="yes">
        <source>%1 is back with debugging on port %2 (%3), with %n folder(s) open. The app attaches to it by itself.</source>
        <translation>
            <numerusform>%1 is back with debugging on port %2 (%3), with %n folder open. The app attaches to it by itself.</numerusform>
            <numerusform>%1 is back with debugging on port %2 (%3), with %n folders open. The app attaches to it by itself.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>mpa::DashboardPage</name>
    <message numerus="yes">
        <source>Estimated at %n second(s) a click: noticing the button, switching to the IDE and clicking it yourself</source>
        <translation>
            <numerusform>Estimated at %n second a click: noticing the button, switching to the IDE and clicking it yourself</numerusform>
            <numerusform>Estimated at %n seconds a click: noticing the button, switching to the IDE and clicking it yourself</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>mpa::EndpointsBox</name>
    <message numerus="yes">
        <source>%1 answers at %2 · %n target(s).</source>
        <translation>
            <numerusform>%1 answers at %2 · %n target.</numerusform>
            <numerusform>%1 answers at %2 · %n targets.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>mpa::ExtensionImportDialog</name>
    <message numerus="yes">
        <source>%n prompt(s)</source>
        <translation>
            <numerusform>%n prompt</numerusform>
            <numerusform>%n prompts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Adds %n to the end of the queue</source>
        <translation>
            <numerusform>Adds %n to the end of the queue</numerusform>
            <numerusform>Adds %n to the end of the queue</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n setting(s) will be imported.</source>
        <translation>
            <numerusform>%n setting will be imported.</numerusform>
            <numerusform>%n settings will be imported.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n of them replace(s) a value you set yourself (marked in red).</source>
        <translation>
            <numerusform>%n of them replaces a value you set yourself (marked in red).</numerusform>
            <numerusform>%n of them replace a value you set yourself (marked in red).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>mpa::LogsPage</name>
    <message numerus="yes">
        <source>%n line(s)</source>
        <translation>
            <numerusform>%n line</numerusform>
            <numerusform>%n lines</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>mpa::ModelsPage</name>
    <message numerus="yes">
        <source>%n model(s) offered.</source>
        <translation>
            <numerusform>%n model offered.</numerusform>
            <numerusform>%n models offered.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>mpa::Notifier</name>
    <message numerus="yes">
        <source>%n prompt(s) sent; the queue is empty.</source>
        <translation>
            <numerusform>%n prompt sent; the queue is empty.</numerusform>
            <numerusform>%n prompts sent; the queue is empty.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n action(s) handled</source>
        <translation>
            <numerusform>%n action handled</numerusform>
            <numerusform>%n actions handled</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1, %n command(s) blocked</source>
        <translation>
            <numerusform>%1, %n command blocked</numerusform>
            <numerusform>%1, %n commands blocked</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n action(s) handled in %1 while you were away.</source>
        <translation>
            <numerusform>%n action was handled in %1 while you were away.</numerusform>
            <numerusform>%n actions were handled in %1 while you were away.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Last week the app clicked %n button(s) for you and saved you %1.</source>
        <translation>
            <numerusform>Last week the app clicked %n button for you and saved you %1.</numerusform>
            <numerusform>Last week the app clicked %n buttons for you and saved you %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>It blocked %n dangerous command(s).</source>
        <translation>
            <numerusform>It blocked %n dangerous command.</numerusform>
            <numerusform>It blocked %n dangerous commands.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>mpa::QueuePage</name>
    <message numerus="yes">
        <source>Stopped · %n prompt(s) in the queue</source>
        <translation>
            <numerusform>Stopped · %n prompt in the queue</numerusform>
            <numerusform>Stopped · %n prompts in the queue</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n conversation(s) open in the IDE.</source>
        <translation>
            <numerusform>%n conversation open in the IDE.</numerusform>
            <numerusform>%n conversations open in the IDE.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>mpa::SafetyPage</name>
    <message numerus="yes">
        <source>%n pattern(s)</source>
        <translation>
            <numerusform>%n pattern</numerusform>
            <numerusform>%n patterns</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1, %n of them regular expression(s)</source>
        <translation>
            <numerusform>%1, %n of them a regular expression</numerusform>
            <numerusform>%1, %n of them regular expressions</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n command(s) on the list</source>
        <translation>
            <numerusform>%n command on the list</numerusform>
            <numerusform>%n commands on the list</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>mpa::SettingField</name>
    <message numerus="yes">
        <source>%n line(s) not saved, the marked ones (the first: %1). Your other entries are saved and apply.</source>
        <translation>
            <numerusform>%n line not saved, the marked one (the first: %1). Your other entries are saved and apply.</numerusform>
            <numerusform>%n lines not saved, the marked ones (the first: %1). Your other entries are saved and apply.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>mpa::TasksPage</name>
    <message numerus="yes">
        <source>%1 · %n step(s) of at most %2</source>
        <translation>
            <numerusform>%1 · %n step of at most %2</numerusform>
            <numerusform>%1 · %n steps of at most %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>mpa::TrayController</name>
    <message numerus="yes">
        <source>%n click(s)</source>
        <translation>
            <numerusform>%n click</numerusform>
            <numerusform>%n clicks</numerusform>
        </translation>
    </message>
</context>
</TS>
