<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>EngineControls</name>
    <message>
        <source>“%1”</source>
        <translation>„%1“</translation>
    </message>
    <message>
        <source>Auto-accept paused on %1</source>
        <translation>Automatisches Annehmen auf %1 pausiert</translation>
    </message>
    <message>
        <source>Auto-accept paused on %1 of %2 pages: %3</source>
        <translation>Automatisches Annehmen auf %1 von %2 Seiten pausiert: %3</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 · sent %2 s ago, silence counts from %3 s</source>
        <translation>%1 · vor %2 s gesendet, die Stille zählt ab %3 s</translation>
    </message>
    <message>
        <source>%1 · silent for %2 of %3 s</source>
        <translation>%1 · still seit %2 von %3 s</translation>
    </message>
    <message>
        <source>Paused: untick to let auto-accept click and the prompt queue go on</source>
        <translation>Pausiert: Haken entfernen, damit das automatische Annehmen wieder klickt und die Warteschlange weiterläuft</translation>
    </message>
    <message>
        <source>Nothing to pause: auto-accept is off and the prompt queue is not running</source>
        <translation>Nichts zu pausieren: Das automatische Annehmen ist aus und die Warteschlange läuft nicht</translation>
    </message>
    <message>
        <source>Stop auto-accept&apos;s clicking and pause the prompt queue until you untick it</source>
        <translation>Das automatische Annehmen hört auf zu klicken und die Warteschlange hält an, bis Sie den Haken entfernen</translation>
    </message>
    <message>
        <source>, </source>
        <translation>, </translation>
    </message>
    <message>
        <source>The queue is running.</source>
        <translation>Die Warteschlange läuft.</translation>
    </message>
    <message>
        <source>The queue is empty: add prompts in Settings ▸ Prompt queue first.</source>
        <translation>Die Warteschlange ist leer: Fügen Sie zuerst unter Einstellungen ▸ Warteschlange Prompts hinzu.</translation>
    </message>
    <message>
        <source>port %1 is in use by another program — choose another port</source>
        <translation>Port %1 wird von einem anderen Programm belegt – wählen Sie einen anderen Port</translation>
    </message>
    <message>
        <source>Debug API not running: %1</source>
        <translation>Debug-API läuft nicht: %1</translation>
    </message>
    <message>
        <source>Agent server not running: %1</source>
        <translation>Agent-Server läuft nicht: %1</translation>
    </message>
    <message>
        <source>Quota: %1% left (%2)</source>
        <translation>Kontingent: %1 % übrig (%2)</translation>
    </message>
    <message>
        <source>sending</source>
        <translation>wird gesendet</translation>
    </message>
    <message>
        <source>retrying soon</source>
        <translation>neuer Versuch in Kürze</translation>
    </message>
    <message>
        <source>waiting for the agent to finish</source>
        <translation>wartet, bis der Agent fertig ist</translation>
    </message>
    <message>
        <source>held: quota used up</source>
        <translation>angehalten: Kontingent aufgebraucht</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <comment>the queue&apos;s status · what it does now</comment>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 – %2</translation>
    </message>
</context>
<context>
    <name>mpa::AboutDialog</name>
    <message>
        <source>About Multi Purpose Agent</source>
        <translation>Über Multi Purpose Agent</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Multi Purpose Agent %1&lt;/h3&gt;&lt;p&gt;Keeps the AI agents in your IDEs moving, feeds them prompts, pauses while the model&apos;s quota is spent, and lets other agents and LLMs work in your browser tabs — safely.&lt;/p&gt;&lt;p&gt;Qt %2 (built with %3) · MIT licence&lt;/p&gt;&lt;p&gt;&lt;a href=&quot;%4&quot;&gt;Project page&lt;/a&gt; · &lt;a href=&quot;%4/issues&quot;&gt;Report a problem&lt;/a&gt;&lt;/p&gt;&lt;p&gt;Settings and data: &lt;code&gt;%5&lt;/code&gt;&lt;br&gt;Logs: &lt;code&gt;%6&lt;/code&gt;&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Multi Purpose Agent %1&lt;/h3&gt;&lt;p&gt;Hält die KI-Agenten in Ihren IDEs in Bewegung, versorgt sie mit Prompts, pausiert, solange das Kontingent des Modells aufgebraucht ist, und lässt andere Agenten und LLMs in Ihren Browser-Tabs arbeiten – sicher.&lt;/p&gt;&lt;p&gt;Qt %2 (erstellt mit %3) · MIT-Lizenz&lt;/p&gt;&lt;p&gt;&lt;a href=&quot;%4&quot;&gt;Projektseite&lt;/a&gt; · &lt;a href=&quot;%4/issues&quot;&gt;Problem melden&lt;/a&gt;&lt;/p&gt;&lt;p&gt;Einstellungen und Daten: &lt;code&gt;%5&lt;/code&gt;&lt;br&gt;Protokolle: &lt;code&gt;%6&lt;/code&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Open the Settings Folder</source>
        <translation>Einstellungsordner öffnen</translation>
    </message>
</context>
<context>
    <name>mpa::AgentsPage</name>
    <message>
        <source>Agents</source>
        <translation>Agenten</translation>
    </message>
    <message>
        <source>Outside agents driving your browser through the agent server: who is connected, the tabs each holds, and what they did.</source>
        <translation>Externe Agenten, die Ihren Browser über den Agent-Server steuern: wer verbunden ist, welche Tabs jeder hält und was sie getan haben.</translation>
    </message>
    <message>
        <source>Connected</source>
        <translation>Verbunden</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>Agent</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>Verbindung</translation>
    </message>
    <message>
        <source>Since</source>
        <translation>Seit</translation>
    </message>
    <message>
        <source>Tabs it holds</source>
        <translation>Gehaltene Tabs</translation>
    </message>
    <message>
        <source>No agent is connected. Turn on the agent server on the Servers page. Agents that start “multi-purpose-agent mcp” themselves run in that process and are not listed here.</source>
        <translation>Kein Agent ist verbunden. Schalten Sie den Agent-Server auf der Seite „Server“ ein. Agenten, die „multi-purpose-agent mcp“ selbst starten, laufen in jenem Prozess und erscheinen hier nicht.</translation>
    </message>
    <message>
        <source>Release Its Tabs</source>
        <translation>Seine Tabs freigeben</translation>
    </message>
    <message>
        <source>The agent no longer controls its tabs (they stay open); a tab of yours needs your consent again</source>
        <translation>Der Agent steuert seine Tabs nicht mehr (sie bleiben offen); für einen Ihrer Tabs braucht er wieder Ihre Zustimmung</translation>
    </message>
    <message>
        <source>Disconnect</source>
        <translation>Trennen</translation>
    </message>
    <message>
        <source>Ends the agent&apos;s connection (an agent in client mode is dialled again)</source>
        <translation>Beendet die Verbindung des Agenten (ein Agent im Client-Modus wird erneut angewählt)</translation>
    </message>
    <message>
        <source>Activity</source>
        <translation>Aktivität</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Befehl</translation>
    </message>
    <message>
        <source>Tab</source>
        <translation>Tab</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>done in %1 ms</source>
        <translation>erledigt in %1 ms</translation>
    </message>
    <message>
        <source>Protocol</source>
        <translation>Protokoll</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>Sitzung</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>The agent assigned no session (it does not speak the tab daemon&apos;s handshake)</source>
        <translation>Der Agent hat keine Sitzung zugewiesen (er spricht den Handshake des Tab-Daemons nicht)</translation>
    </message>
</context>
<context>
    <name>mpa::AutoAcceptPage</name>
    <message>
        <source>Auto-accept</source>
        <translation>Automatisch annehmen</translation>
    </message>
    <message>
        <source>Clicks Accept, Run, Retry and similar buttons in the IDE&apos;s agent panel so the agent keeps going. Commands on the ban list are never run.</source>
        <translation>Klickt Accept, Run, Retry und ähnliche Schaltflächen im Agentenbereich der IDE, damit der Agent weiterarbeitet. Befehle auf der Sperrliste werden nie ausgeführt.</translation>
    </message>
    <message>
        <source>Switch</source>
        <translation>Schalter</translation>
    </message>
    <message>
        <source>Auto-accept in every attached IDE</source>
        <translation>Automatisch annehmen in jeder verbundenen IDE</translation>
    </message>
    <message>
        <source>Timing</source>
        <translation>Zeitverhalten</translation>
    </message>
    <message>
        <source>Fallback scan every:</source>
        <translation>Ersatzsuche alle:</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>Buttons are normally seen the moment they appear; this scan only catches what slipped through.</source>
        <translation>Schaltflächen werden normalerweise sofort beim Erscheinen erkannt; diese Suche fängt nur auf, was durchgerutscht ist.</translation>
    </message>
    <message>
        <source>Hold off after typing:</source>
        <translation>Pause nach dem Tippen:</translation>
    </message>
    <message>
        <source>No click while you typed in the page within this time.</source>
        <translation>Kein Klick, wenn Sie innerhalb dieser Zeit auf der Seite getippt haben.</translation>
    </message>
    <message>
        <source>Button words</source>
        <translation>Schaltflächenwörter</translation>
    </message>
    <message>
        <source>One per line; case does not matter. Buttons labelled with a word on the left are clicked; a word on the right keeps a button from being clicked.</source>
        <translation>Eines pro Zeile; Groß-/Kleinschreibung egal. Schaltflächen mit einem Wort links werden geklickt; ein Wort rechts verhindert den Klick.</translation>
    </message>
    <message>
        <source>Click buttons labelled:</source>
        <translation>Klicken bei Beschriftung:</translation>
    </message>
    <message>
        <source>Never click buttons labelled:</source>
        <translation>Nie klicken bei Beschriftung:</translation>
    </message>
    <message>
        <source>Pages and profiles</source>
        <translation>Seiten und Profile</translation>
    </message>
    <message>
        <source>Untick a page to pause auto-accept there only (until you tick it again or the app restarts).</source>
        <translation>Entfernen Sie das Häkchen bei einer Seite, um das automatische Annehmen nur dort zu pausieren (bis Sie es wieder setzen oder die App neu startet).</translation>
    </message>
    <message>
        <source>IDE profiles say how a page is recognised and where its agent panel is. A JSON file in %1 replaces the bundled profile of the same name or adds one.</source>
        <translation>IDE-Profile legen fest, woran eine Seite erkannt wird und wo ihr Agentenbereich liegt. Eine JSON-Datei in %1 ersetzt das mitgelieferte Profil gleichen Namens oder fügt eines hinzu.</translation>
    </message>
    <message>
        <source>Reload profiles</source>
        <translation>Profile neu laden</translation>
    </message>
    <message>
        <source>Read the bundled profiles and your folder again and apply them to every page</source>
        <translation>Die mitgelieferten Profile und Ihren Ordner neu einlesen und auf jede Seite anwenden</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>no IDE profile</source>
        <translation>kein IDE-Profil</translation>
    </message>
    <message>
        <source>No page to work on yet</source>
        <translation>Noch keine Seite, mit der die App arbeitet</translation>
    </message>
    <message>
        <source>%1 (%2) — bundled</source>
        <translation>%1 (%2) – mitgeliefert</translation>
    </message>
    <message>
        <source>%1 (%2) — from your folder</source>
        <translation>%1 (%2) – aus Ihrem Ordner</translation>
    </message>
    <message>
        <source>On for this run because of --auto-accept; switching it here saves your choice.</source>
        <translation>Für diesen Lauf wegen --auto-accept eingeschaltet; ein Umschalten hier speichert Ihre Wahl.</translation>
    </message>
</context>
<context>
    <name>mpa::AutoAcceptPlots</name>
    <message>
        <source>Per day, last %1 weeks</source>
        <translation>Pro Tag, letzte %1 Wochen</translation>
    </message>
    <message>
        <source>Reaction time</source>
        <translation>Reaktionszeit</translation>
    </message>
    <message>
        <source>From a button appearing to its click being verified, for up to the last %1 clicks</source>
        <translation>Vom Erscheinen einer Schaltfläche bis zum bestätigten Klick, für bis zu %1 letzte Klicks</translation>
    </message>
    <message>
        <source>Clicks and blocked commands per day</source>
        <translation>Klicks und gesperrte Befehle pro Tag</translation>
    </message>
    <message>
        <source>No data yet: clicks and blocked commands will show here per day</source>
        <translation>Noch keine Daten: Klicks und gesperrte Befehle erscheinen hier pro Tag</translation>
    </message>
    <message>
        <source>Reaction time of auto-accept</source>
        <translation>Reaktionszeit des automatischen Annehmens</translation>
    </message>
    <message>
        <source>No data yet: reaction times show after the first click</source>
        <translation>Noch keine Daten: Reaktionszeiten erscheinen nach dem ersten Klick</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>Clicks</source>
        <translation>Klicks</translation>
    </message>
    <message>
        <source>Blocked commands</source>
        <translation>Gesperrte Befehle</translation>
    </message>
    <message>
        <source>Median %1 · 9 in 10 within %2</source>
        <translation>Median %1 · 9 von 10 innerhalb von %2</translation>
    </message>
</context>
<context>
    <name>mpa::BarChart</name>
    <message>
        <source>%1: %2 in all</source>
        <translation>%1: insgesamt %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>mpa::BridgePage</name>
    <message>
        <source>Bridge</source>
        <translation>Chat-Brücke</translation>
    </message>
    <message>
        <source>Let a web chat you already use (ChatGPT, Claude, Gemini, AI Studio …) work on your other tabs: it writes commands, the app runs them one at a time and sends back what happened. Personal data is masked before anything reaches the chat; in careful mode it asks you before anything risky.</source>
        <translation>Lassen Sie einen Web-Chat, den Sie schon nutzen (ChatGPT, Claude, Gemini, AI Studio …), in Ihren anderen Tabs arbeiten: Er schreibt Befehle, die App führt sie einzeln aus und meldet zurück, was geschah. Persönliche Daten werden maskiert, bevor etwas den Chat erreicht; im vorsichtigen Modus fragt die App Sie vor allem Riskanten.</translation>
    </message>
    <message>
        <source>New session</source>
        <translation>Neue Sitzung</translation>
    </message>
    <message>
        <source>The tab with the web chat that drives the session.</source>
        <translation>Der Tab mit dem Web-Chat, der die Sitzung steuert.</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Neu laden</translation>
    </message>
    <message>
        <source>Read the browser&apos;s tabs again.</source>
        <translation>Die Tabs des Browsers neu einlesen.</translation>
    </message>
    <message>
        <source>Learn This Chat…</source>
        <translation>Anlernen …</translation>
    </message>
    <message>
        <source>For a chat the app does not know yet: click its message box, then its send button, and the app remembers where they are.</source>
        <translation>Für einen Chat, den die App noch nicht kennt: Klicken Sie auf sein Nachrichtenfeld, dann auf seine Senden-Schaltfläche, und die App merkt sich, wo sie sind.</translation>
    </message>
    <message>
        <source>Chat tab:</source>
        <translation>Chat-Tab:</translation>
    </message>
    <message>
        <source>None ticked: the chat opens its own tabs.</source>
        <translation>Keiner angehakt: Der Chat öffnet eigene Tabs.</translation>
    </message>
    <message>
        <source>Tabs it may use:</source>
        <translation>Nutzbare Tabs:</translation>
    </message>
    <message>
        <source>e.g. Fill in the travel expense form with the receipts in my mail</source>
        <translation>z. B. Fülle das Reisekostenformular mit den Belegen aus meiner Mail aus</translation>
    </message>
    <message>
        <source>Goal:</source>
        <translation>Ziel:</translation>
    </message>
    <message>
        <source>Careful — ask me before payments, sign-ins, sending, deleting</source>
        <translation>Vorsichtig – fragt vor Zahlung, Anmeldung, Senden, Löschen</translation>
    </message>
    <message>
        <source>Autonomous — ask only about payments and sign-ins</source>
        <translation>Selbstständig – fragt nur bei Zahlung und Anmeldung</translation>
    </message>
    <message>
        <source>The default is the bridge/mode setting.</source>
        <translation>Der Standard ist die Einstellung bridge/mode.</translation>
    </message>
    <message>
        <source>Mode:</source>
        <translation>Modus:</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>Sitzung</translation>
    </message>
    <message>
        <source>No session yet.</source>
        <translation>Noch keine Sitzung.</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pausieren</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stoppen</translation>
    </message>
    <message>
        <source>The session asks you</source>
        <translation>Die Sitzung fragt Sie</translation>
    </message>
    <message>
        <source>Turn</source>
        <translation>Runde</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Befehl</translation>
    </message>
    <message>
        <source>Element</source>
        <translation>Element</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Masking is the bridge/redact setting; your own patterns are bridge/redactRules.</source>
        <translation>Die Maskierung ist die Einstellung bridge/redact; Ihre eigenen Muster sind bridge/redactRules.</translation>
    </message>
    <message>
        <source>Show the Text Sent…</source>
        <translation>Gesendeten Text anzeigen …</translation>
    </message>
    <message>
        <source>The last message exactly as the chat received it.</source>
        <translation>Die letzte Nachricht genau so, wie der Chat sie erhalten hat.</translation>
    </message>
    <message>
        <source>Past sessions</source>
        <translation>Frühere Sitzungen</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Goal</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Turns</source>
        <translation>Runden</translation>
    </message>
    <message>
        <source>Pick one to see its commands above. An interrupted session can be resumed.</source>
        <translation>Wählen Sie eine aus, um oben ihre Befehle zu sehen. Eine unterbrochene Sitzung lässt sich fortsetzen.</translation>
    </message>
    <message>
        <source>Saved tools</source>
        <translation>Gespeicherte Werkzeuge</translation>
    </message>
    <message>
        <source>Addresses the chat may open by name, e.g. “Jira” — it writes open_tool with the name.</source>
        <translation>Adressen, die der Chat per Name öffnen darf, z. B. „Jira“ – er schreibt open_tool mit dem Namen.</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>No tabs: is the browser connected?</source>
        <translation>Keine Tabs – Browser verbunden?</translation>
    </message>
    <message>
        <source>The chat says: %1</source>
        <translation>Der Chat sagt: %1</translation>
    </message>
    <message>
        <source>Turn %1 of %2</source>
        <translation>Runde %1 von %2</translation>
    </message>
    <message>
        <source>Turn %1 of %2 · chat: %3</source>
        <translation>Runde %1 von %2 · Chat: %3</translation>
    </message>
    <message>
        <source>Masked in the last message: %1</source>
        <translation>In der letzten Nachricht maskiert: %1</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>nichts</translation>
    </message>
    <message>
        <source>waiting for you</source>
        <translation>wartet auf Sie</translation>
    </message>
    <message>
        <source>Saved.</source>
        <translation>Gespeichert.</translation>
    </message>
    <message>
        <source>Text sent to the chat</source>
        <translation>An den Chat gesendeter Text</translation>
    </message>
    <message>
        <source>The last message exactly as the chat received it, after masking.</source>
        <translation>Die letzte Nachricht genau so, wie der Chat sie nach der Maskierung erhalten hat.</translation>
    </message>
    <message>
        <source>Pick the chat&apos;s tab first.</source>
        <translation>Wählen Sie zuerst den Tab des Chats.</translation>
    </message>
    <message>
        <source>Click the chat&apos;s message box in the browser.</source>
        <translation>Klicken Sie im Browser auf das Nachrichtenfeld des Chats.</translation>
    </message>
    <message>
        <source>Now click its send button.</source>
        <translation>Klicken Sie jetzt auf seine Senden-Schaltfläche.</translation>
    </message>
    <message>
        <source>Learned: saved as profile %1.</source>
        <translation>Angelernt: als Profil %1 gespeichert.</translation>
    </message>
    <message>
        <source>Starting</source>
        <translation>Startet</translation>
    </message>
    <message>
        <source>Waiting for the chat</source>
        <translation>Wartet auf den Chat</translation>
    </message>
    <message>
        <source>Running a command</source>
        <translation>Führt einen Befehl aus</translation>
    </message>
    <message>
        <source>Sending to the chat</source>
        <translation>Sendet an den Chat</translation>
    </message>
    <message>
        <source>Waiting for you</source>
        <translation>Wartet auf Sie</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>Pausiert</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Fertig</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>Gestoppt</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Interrupted</source>
        <translation>Unterbrochen</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>wartet</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>done</source>
        <translation>erledigt</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>abgelehnt</translation>
    </message>
    <message>
        <source>unknown — not run again</source>
        <translation>unbekannt – nicht erneut ausgeführt</translation>
    </message>
    <message>
        <source>%1 (approved by you)</source>
        <translation>%1 (von Ihnen genehmigt)</translation>
    </message>
    <message>
        <source>%1 (denied by you)</source>
        <translation>%1 (von Ihnen abgelehnt)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Stop waiting for the clicks; nothing is learned.</source>
        <translation>Nicht mehr auf die Klicks warten; nichts wird gelernt.</translation>
    </message>
    <message>
        <source>Stopped: nothing was learned.</source>
        <translation>Abgebrochen: Nichts wurde gelernt.</translation>
    </message>
    <message>
        <source>This chat takes images</source>
        <translation>Dieser Chat nimmt Bilder an</translation>
    </message>
    <message>
        <source>With agent/vision on auto, each message then carries a screenshot of the page, uploaded through the chat&apos;s file input. Saved in the chat&apos;s profile.</source>
        <translation>Mit agent/vision auf auto trägt dann jede Nachricht einen Screenshot der Seite, hochgeladen über das Dateifeld des Chats. Wird im Profil des Chats gespeichert.</translation>
    </message>
    <message>
        <source>Bridge: %1</source>
        <translation>Chat-Brücke: %1</translation>
    </message>
    <message numerus="yes">
        <source> · %n queued</source>
        <translation>
            <numerusform> · %n wartet</numerusform>
            <numerusform> · %n warten</numerusform>
        </translation>
    </message>
    <message>
        <source> · last: %1</source>
        <translation> · zuletzt: %1</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1 auf %2</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>erledigt</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
</context>
<context>
    <name>mpa::ConnectionPage</name>
    <message>
        <source>Connection</source>
        <translation>Verbindung</translation>
    </message>
    <message>
        <source>The app drives your IDE through its DevTools debugging port. The IDE has to be started with --remote-debugging-port; below you can make its launcher do that.</source>
        <translation>Die App steuert Ihre IDE über deren DevTools-Debugging-Port. Die IDE muss mit --remote-debugging-port gestartet werden; unten können Sie ihren Starter so einrichten.</translation>
    </message>
    <message>
        <source>Debugging endpoint</source>
        <translation>Debugging-Endpunkt</translation>
    </message>
    <message>
        <source>Host:</source>
        <translation>Host:</translation>
    </message>
    <message>
        <source>Port:</source>
        <translation>Port:</translation>
    </message>
    <message>
        <source>Now:</source>
        <translation>Jetzt:</translation>
    </message>
    <message>
        <source>Test Connection</source>
        <translation>Verbindung testen</translation>
    </message>
    <message>
        <source>Ask the address above what it offers, without disturbing the running connection</source>
        <translation>Die Adresse oben fragen, was sie anbietet, ohne die laufende Verbindung zu stören</translation>
    </message>
    <message>
        <source>Page</source>
        <translation>Seite</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>The app</source>
        <translation>Die App</translation>
    </message>
    <message>
        <source>Pages to leave alone</source>
        <translation>Seiten, die unberührt bleiben</translation>
    </message>
    <message>
        <source>e.g. Settings, or /github\.com\/.*\/pull/</source>
        <translation>z. B. Settings oder /github\.com\/.*\/pull/</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>One per line: pages whose title or address contains the text (or matches /regex/) are never touched.</source>
        <translation>Eine pro Zeile: Seiten, deren Titel oder Adresse den Text enthält (oder auf /regex/ passt), werden nie angefasst.</translation>
    </message>
    <message>
        <source>Start an IDE with debugging</source>
        <translation>Eine IDE mit Debugging starten</translation>
    </message>
    <message>
        <source>IDE:</source>
        <translation>IDE:</translation>
    </message>
    <message>
        <source>Launcher:</source>
        <translation>Starter:</translation>
    </message>
    <message>
        <source>Restore Original</source>
        <translation>Zurücksetzen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Stop waiting for the port (the started program is left running)</source>
        <translation>Nicht länger auf den Port warten (das gestartete Programm läuft weiter)</translation>
    </message>
    <message>
        <source>Restart Running IDE with Debugging</source>
        <translation>Laufende IDE mit Debugging neu starten</translation>
    </message>
    <message>
        <source>Quit the IDE that runs now and open it again with debugging on the app&apos;s port and the same folders</source>
        <translation>Die laufende IDE beenden und mit Debugging auf dem Port der App und denselben Ordnern wieder öffnen</translation>
    </message>
    <message>
        <source>Quit %1 (process %2) and open it again with debugging on the app&apos;s port and the same folders</source>
        <translation>%1 (Prozess %2) beenden und mit Debugging auf dem Port der App und denselben Ordnern wieder öffnen</translation>
    </message>
    <message numerus="yes">
        <source>%1 is back with debugging on port %2 (%3), with %n folder(s) open. The app attaches to it by itself.</source>
        <translation>
            <numerusform>%1 ist mit Debugging auf Port %2 (%3) zurück, mit %n geöffneten Ordner. Die App verbindet sich von selbst.</numerusform>
            <numerusform>%1 ist mit Debugging auf Port %2 (%3) zurück, mit %n geöffneten Ordnern. Die App verbindet sich von selbst.</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not restart with debugging: %1.</source>
        <translation>Neustart mit Debugging nicht möglich: %1.</translation>
    </message>
    <message>
        <source>Waiting for %1 to open port %2… (%3 s)</source>
        <translation>Warten, bis %1 Port %2 öffnet … (%3 s)</translation>
    </message>
    <message>
        <source>The program started ended at once (exit code 0), as a launcher that hands over does; if no window opens, %1 may already be running without debugging.</source>
        <translation>Das gestartete Programm endete sofort (Exit-Code 0), wie es ein weiterreichender Starter tut; öffnet sich kein Fenster, läuft %1 vielleicht schon ohne Debugging.</translation>
    </message>
    <message>
        <source>The IDE</source>
        <translation>Die IDE</translation>
    </message>
    <message>
        <source>%1 answers on port %2 (%3). The app attaches to it by itself.</source>
        <translation>%1 antwortet auf Port %2 (%3). Die App verbindet sich von selbst.</translation>
    </message>
    <message>
        <source>%1 did not open port %2 within %3 s. If it was already running, close all its windows and start it again.</source>
        <translation>%1 hat Port %2 nicht innerhalb von %3 s geöffnet. Lief das Programm schon, schließen Sie alle seine Fenster und starten Sie es erneut.</translation>
    </message>
    <message>
        <source>Stopped waiting. %1 is still running (process %2); close it yourself if you do not want it.</source>
        <translation>Warten beendet. %1 läuft noch (Prozess %2); schließen Sie das Programm selbst, wenn Sie es nicht brauchen.</translation>
    </message>
    <message>
        <source>Stopped waiting.</source>
        <translation>Warten beendet.</translation>
    </message>
    <message>
        <source>%1 was killed before it opened port %2.</source>
        <translation>%1 wurde beendet, bevor Port %2 offen war.</translation>
    </message>
    <message>
        <source>%1 ended before it opened port %2 (exit code %3).</source>
        <translation>%1 endete, bevor Port %2 offen war (Exit-Code %3).</translation>
    </message>
    <message>
        <source>All it wrote is in %1.</source>
        <translation>Die gesamte Ausgabe steht in %1.</translation>
    </message>
    <message>
        <source>This run uses %1:%2 (set on the command line); the saved address applies from the next start.</source>
        <translation>Dieser Lauf verwendet %1:%2 (auf der Befehlszeile gesetzt); die gespeicherte Adresse gilt ab dem nächsten Start.</translation>
    </message>
    <message>
        <source>Fix the host first.</source>
        <translation>Korrigieren Sie zuerst den Host.</translation>
    </message>
    <message>
        <source>Asking %1:%2…</source>
        <translation>Frage %1:%2 …</translation>
    </message>
    <message>
        <source>skips: another debugger holds it</source>
        <translation>übersprungen: ein anderer Debugger hält sie</translation>
    </message>
    <message>
        <source>skips: %1</source>
        <translation>übersprungen: %1</translation>
    </message>
    <message>
        <source>attaches</source>
        <translation>wird verbunden</translation>
    </message>
    <message>
        <source>A DevTools endpoint</source>
        <translation>Ein DevTools-Endpunkt</translation>
    </message>
    <message>
        <source>%1 answers at %2 · 1 target, %3 to work on</source>
        <translation>%1 antwortet unter %2 · 1 Ziel, die App arbeitet mit %3</translation>
    </message>
    <message>
        <source>%1 answers at %2 · %4 targets, %3 to work on</source>
        <translation>%1 antwortet unter %2 · %4 Ziele, die App arbeitet mit %3</translation>
    </message>
    <message>
        <source>No launcher for %1 was found on this system.</source>
        <translation>Auf diesem System wurde kein Starter für %1 gefunden.</translation>
    </message>
    <message>
        <source>%1 — starts %2 without debugging.</source>
        <translation>%1 – startet %2 ohne Debugging.</translation>
    </message>
    <message>
        <source>%1 starts %2 with debugging on port %3, but the app watches port %4.</source>
        <translation>%1 startet %2 mit Debugging auf Port %3, doch die App beobachtet Port %4.</translation>
    </message>
    <message>
        <source>%1 starts %2 with debugging on port %3. The original is kept (%4).</source>
        <translation>%1 startet %2 mit Debugging auf Port %3. Das Original ist aufbewahrt (%4).</translation>
    </message>
    <message>
        <source>Update to Port %1</source>
        <translation>Auf Port %1 ändern</translation>
    </message>
    <message>
        <source>Add Debugging to Launcher</source>
        <translation>Starter anpassen</translation>
    </message>
    <message>
        <source>Make the usual way of starting %1 pass --remote-debugging-port=%2</source>
        <translation>Den üblichen Start von %1 so ändern, dass er --remote-debugging-port=%2 übergibt</translation>
    </message>
    <message>
        <source>Start %1 with Debugging</source>
        <translation>%1 mit Debugging starten</translation>
    </message>
    <message>
        <source>Could not change the launcher: %1.</source>
        <translation>Der Starter konnte nicht geändert werden: %1.</translation>
    </message>
    <message>
        <source>Could not restore the launcher: %1.</source>
        <translation>Der Starter konnte nicht wiederhergestellt werden: %1.</translation>
    </message>
    <message>
        <source>Restart %1</source>
        <translation>%1 neu starten</translation>
    </message>
    <message>
        <source>Restart %1 with debugging on port %2?</source>
        <translation>%1 mit Debugging auf Port %2 neu starten?</translation>
    </message>
    <message>
        <source>It opens again without a folder.</source>
        <translation>Das Programm öffnet sich wieder ohne Ordner.</translation>
    </message>
    <message>
        <source>It opens again with: %1</source>
        <translation>Das Programm öffnet sich wieder mit: %1</translation>
    </message>
    <message>
        <source>%1 quits as if you chose Quit (it may ask you to save your files), then starts again with --remote-debugging-port=%2. %3</source>
        <translation>%1 wird beendet, als hätten Sie „Beenden“ gewählt (eventuell werden Sie gefragt, ob Ihre Dateien gespeichert werden sollen), und startet dann erneut mit --remote-debugging-port=%2. %3</translation>
    </message>
    <message>
        <source>No launcher for %1 was found, so it cannot be started from here.</source>
        <translation>Für %1 wurde kein Starter gefunden, daher lässt es sich hier nicht starten.</translation>
    </message>
    <message>
        <source>Start %1</source>
        <translation>%1 starten</translation>
    </message>
    <message>
        <source>Close every %1 window first.</source>
        <translation>Schließen Sie zuerst jedes Fenster von %1.</translation>
    </message>
    <message>
        <source>A %1 that is still running ignores the debugging flag and only opens another window. Start %1 with debugging on port %2 now?</source>
        <translation>Ein noch laufendes %1 ignoriert die Debugging-Option und öffnet nur ein weiteres Fenster. %1 jetzt mit Debugging auf Port %2 starten?</translation>
    </message>
    <message>
        <source>Could not start %1 (%2).</source>
        <translation>%1 konnte nicht gestartet werden (%2).</translation>
    </message>
    <message>
        <source>Waiting for %1 to open port %2…</source>
        <translation>Warten, bis %1 Port %2 öffnet …</translation>
    </message>
    <message>
        <source>%1 — starts %2 without debugging. Adding debugging writes a separate entry “%3” to %4 with a profile of its own; %1 stays as it is.</source>
        <translation>%1 – startet %2 ohne Debugging. Beim Hinzufügen des Debuggings wird ein eigener Eintrag „%3“ mit eigenem Profil in %4 geschrieben; %1 bleibt, wie er ist.</translation>
    </message>
    <message>
        <source>The entry “%1” (%2) starts %3 with debugging on port %4, but the app watches port %5. Your entry %6 is unchanged.</source>
        <translation>Der Eintrag „%1“ (%2) startet %3 mit Debugging auf Port %4, die App beobachtet aber Port %5. Ihr Eintrag %6 ist unverändert.</translation>
    </message>
    <message>
        <source>The entry “%1” (%2) starts %3 with debugging on port %4 in a profile of its own. Your entry %5 is unchanged.</source>
        <translation>Der Eintrag „%1“ (%2) startet %3 mit Debugging auf Port %4 in einem eigenen Profil. Ihr Eintrag %5 ist unverändert.</translation>
    </message>
    <message>
        <source>Add Debugging Entry</source>
        <translation>Debugging-Eintrag hinzufügen</translation>
    </message>
    <message>
        <source>Write %1, a separate entry “%2” that starts %3 with --remote-debugging-port=%4 and a profile of its own; %5 is not changed</source>
        <translation>Schreibt %1, einen eigenen Eintrag „%2“, der %3 mit --remote-debugging-port=%4 und eigenem Profil startet; %5 wird nicht verändert</translation>
    </message>
    <message>
        <source>Remove Debugging Entry</source>
        <translation>Debugging-Eintrag entfernen</translation>
    </message>
    <message>
        <source>Delete %1</source>
        <translation>%1 löschen</translation>
    </message>
    <message>
        <source>Nothing to restart: none of %1 is running.</source>
        <translation>Nichts neu zu starten: Keine der IDEs %1 läuft.</translation>
    </message>
    <message>
        <source>The last it printed: %1</source>
        <translation>Zuletzt ausgegeben: %1</translation>
    </message>
    <message>
        <source>Browsers the app watches</source>
        <translation>Browser, die die App beobachtet</translation>
    </message>
</context>
<context>
    <name>mpa::DashboardPage</name>
    <message>
        <source>Dashboard</source>
        <translation>Übersicht</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>Jetzt</translation>
    </message>
    <message>
        <source>The model with the least quota left; the Quota page lists them all</source>
        <translation>Das Modell mit dem geringsten verbleibenden Kontingent; die Seite „Kontingent“ listet alle auf</translation>
    </message>
    <message>
        <source>Auto-accept</source>
        <translation>Automatisch annehmen</translation>
    </message>
    <message>
        <source>Attached pages</source>
        <translation>Verbundene Seiten</translation>
    </message>
    <message>
        <source>What it did</source>
        <translation>Was die App getan hat</translation>
    </message>
    <message>
        <source>This week</source>
        <translation>Diese Woche</translation>
    </message>
    <message>
        <source>All time</source>
        <translation>Insgesamt</translation>
    </message>
    <message>
        <source>Clicks</source>
        <translation>Klicks</translation>
    </message>
    <message>
        <source>Time saved</source>
        <translation>Gesparte Zeit</translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation>Sitzungen</translation>
    </message>
    <message>
        <source>File edits accepted</source>
        <translation>Angenommene Dateiänderungen</translation>
    </message>
    <message>
        <source>Terminal commands run</source>
        <translation>Ausgeführte Terminalbefehle</translation>
    </message>
    <message>
        <source>Blocked commands</source>
        <translation>Gesperrte Befehle</translation>
    </message>
    <message numerus="yes">
        <source>Estimated at %n second(s) a click: noticing the button, switching to the IDE and clicking it yourself</source>
        <translation>
            <numerusform>Geschätzt mit %n Sekunde pro Klick: die Schaltfläche bemerken, zur IDE wechseln und selbst klicken</numerusform>
            <numerusform>Geschätzt mit %n Sekunden pro Klick: die Schaltfläche bemerken, zur IDE wechseln und selbst klicken</numerusform>
        </translation>
    </message>
    <message>
        <source>Runs of the app in which auto-accept clicked at least once</source>
        <translation>Läufe der App, in denen das automatische Annehmen mindestens einmal geklickt hat</translation>
    </message>
    <message>
        <source>A click counts once the button went away. Per page, this run:</source>
        <translation>Ein Klick zählt, sobald die Schaltfläche verschwunden ist. Pro Seite, in diesem Lauf:</translation>
    </message>
    <message>
        <source>Page</source>
        <translation>Seite</translation>
    </message>
    <message>
        <source>IDE profile</source>
        <translation>IDE-Profil</translation>
    </message>
    <message>
        <source>Blocked</source>
        <translation>Gesperrt</translation>
    </message>
    <message>
        <source>Connection settings…</source>
        <translation>Verbindungseinstellungen …</translation>
    </message>
    <message>
        <source>Quota used up: %1</source>
        <translation>Kontingent aufgebraucht: %1</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pausieren</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>Connected, but no page to work on yet</source>
        <translation>Verbunden, aber noch keine Seite, mit der die App arbeitet</translation>
    </message>
    <message>
        <source>No pages attached yet</source>
        <translation>Noch keine Seiten verbunden</translation>
    </message>
    <message>
        <source>0 min</source>
        <translation>0 Min.</translation>
    </message>
    <message>
        <source>&lt; 1 min</source>
        <translation>&lt; 1 Min.</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 Min.</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 Std. %2 Min.</translation>
    </message>
    <message>
        <source>Counted since %1</source>
        <translation>Gezählt seit %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>%1. To resume there, tick the page again on the Auto-accept page.</source>
        <translation>%1. Um dort fortzufahren, setzen Sie auf der Seite „Automatisch annehmen“ wieder das Häkchen bei der Seite.</translation>
    </message>
    <message>
        <source>%1 — auto-accept paused here</source>
        <translation>%1 – automatisches Annehmen hier pausiert</translation>
    </message>
    <message>
        <source>Over time</source>
        <translation>Im Zeitverlauf</translation>
    </message>
    <message>
        <source>%1 — no agent panel</source>
        <translation>%1 – kein Agentenbereich</translation>
    </message>
</context>
<context>
    <name>mpa::EndpointChoice</name>
    <message>
        <source>%1 (not watched now)</source>
        <translation>%1 (derzeit nicht beobachtet)</translation>
    </message>
</context>
<context>
    <name>mpa::EndpointDialog</name>
    <message>
        <source>Add a Browser</source>
        <translation>Browser hinzufügen</translation>
    </message>
    <message>
        <source>127.0.0.1:9222, or ws://host:3000 for a browser service</source>
        <translation>127.0.0.1:9222 oder ws://host:3000 für einen Browser-Dienst</translation>
    </message>
    <message>
        <source>Address:</source>
        <translation>Adresse:</translation>
    </message>
    <message>
        <source>The service&apos;s token (or its whole query, name=value)</source>
        <translation>Das Token des Dienstes (oder seine ganze Abfrage, name=wert)</translation>
    </message>
    <message>
        <source>Token:</source>
        <translation>Token:</translation>
    </message>
    <message>
        <source>Authorization: Bearer …</source>
        <translation>Authorization: Bearer …</translation>
    </message>
    <message>
        <source>Header line:</source>
        <translation>Kopfzeile:</translation>
    </message>
    <message>
        <source>The token and the header line are kept in your system&apos;s keychain, never in the settings.</source>
        <translation>Token und Kopfzeile werden im Schlüsselbund Ihres Systems aufbewahrt, nie in den Einstellungen.</translation>
    </message>
    <message>
        <source>Auto-accept on this service</source>
        <translation>Automatisch annehmen auf diesem Dienst</translation>
    </message>
    <message>
        <source>A remote service runs pages that are not your IDE&apos;s: auto-accept clicks there only when this is ticked (setting autoAccept/remoteEndpoints)</source>
        <translation>Ein entfernter Dienst zeigt Seiten, die nicht zu Ihrer IDE gehören: Das automatische Annehmen klickt dort nur, wenn dies angehakt ist (Einstellung autoAccept/remoteEndpoints)</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>%1 is in the list already.</source>
        <translation>%1 steht bereits in der Liste.</translation>
    </message>
    <message>
        <source>Write the header line as Name: value, e.g. Authorization: Bearer followed by the token.</source>
        <translation>Schreiben Sie die Kopfzeile als Name: Wert, z. B. Authorization: Bearer, gefolgt vom Token.</translation>
    </message>
    <message>
        <source>The header %1 has no value: write it as %1: value.</source>
        <translation>Die Kopfzeile %1 hat keinen Wert: Schreiben Sie sie als %1: Wert.</translation>
    </message>
</context>
<context>
    <name>mpa::EndpointEntry</name>
    <message>
        <source>an endpoint is empty: give host:port, or a ws://, wss://, http:// or https:// address</source>
        <translation>ein Endpunkt ist leer: Geben Sie host:port oder eine ws://-, wss://-, http://- oder https://-Adresse an</translation>
    </message>
    <message>
        <source>the endpoint &quot;%1&quot; is not a ws://, wss://, http:// or https:// address</source>
        <translation>der Endpunkt „%1“ ist keine ws://-, wss://-, http://- oder https://-Adresse</translation>
    </message>
    <message>
        <source>the endpoint &quot;%1&quot; names no host</source>
        <translation>der Endpunkt „%1“ nennt keinen Host</translation>
    </message>
    <message>
        <source>the endpoint &quot;%1&quot; carries a token or password: secrets are kept in the keychain, not in the settings (add the endpoint on the Connection page)</source>
        <translation>der Endpunkt „%1“ enthält ein Token oder Passwort: Geheimnisse werden im Schlüsselbund aufbewahrt, nicht in den Einstellungen (fügen Sie den Endpunkt auf der Seite „Verbindung“ hinzu)</translation>
    </message>
    <message>
        <source>the endpoint &quot;%1&quot; is neither host:port nor a ws://, wss://, http:// or https:// address</source>
        <translation>der Endpunkt „%1“ ist weder host:port noch eine ws://-, wss://-, http://- oder https://-Adresse</translation>
    </message>
    <message>
        <source>the endpoint &quot;%1&quot; has no port from 1 to 65535 after its last colon</source>
        <translation>der Endpunkt „%1“ hat nach seinem letzten Doppelpunkt keinen Port von 1 bis 65535</translation>
    </message>
    <message>
        <source>the endpoint &quot;%1&quot; has no IP address or host name before its port</source>
        <translation>der Endpunkt „%1“ hat vor seinem Port keine IP-Adresse und keinen Hostnamen</translation>
    </message>
</context>
<context>
    <name>mpa::EndpointsBox</name>
    <message>
        <source>The first is the endpoint above. Add another IDE, a Chrome for agents or a remote browser service (Browserless, a Selenium Grid, a cloud browser): the app watches them all at once.</source>
        <translation>Der erste ist der Endpunkt oben. Fügen Sie eine weitere IDE, ein Chrome für Agenten oder einen entfernten Browser-Dienst hinzu (Browserless, ein Selenium Grid, ein Cloud-Browser): Die App beobachtet alle zugleich.</translation>
    </message>
    <message>
        <source>Endpoint</source>
        <translation>Endpunkt</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>IDE</source>
        <translation>IDE</translation>
    </message>
    <message>
        <source>Pages</source>
        <translation>Seiten</translation>
    </message>
    <message>
        <source>Add…</source>
        <translation>Hinzufügen …</translation>
    </message>
    <message>
        <source>Watch another browser: host:port, or a remote service&apos;s ws://, wss://, http:// or https:// address</source>
        <translation>Einen weiteren Browser beobachten: host:port oder die ws://-, wss://-, http://- oder https://-Adresse eines entfernten Dienstes</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Stop watching the selected browser and delete its token from the keychain</source>
        <translation>Den gewählten Browser nicht mehr beobachten und sein Token aus dem Schlüsselbund löschen</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>Testen</translation>
    </message>
    <message>
        <source>Ask the selected browser what answers there, without disturbing the app&apos;s connection</source>
        <translation>Den gewählten Browser fragen, was dort antwortet, ohne die Verbindung der App zu stören</translation>
    </message>
    <message>
        <source>The first endpoint while it is connected</source>
        <translation>Der erste Endpunkt, solange er verbunden ist</translation>
    </message>
    <message>
        <source>Where the toolkit, MCP and run open a new tab when the agent names no endpoint (setting toolkit/defaultEndpoint)</source>
        <translation>Wo Toolkit, MCP und run einen neuen Tab öffnen, wenn der Agent keinen Endpunkt nennt (Einstellung toolkit/defaultEndpoint)</translation>
    </message>
    <message>
        <source>New agent tabs open on:</source>
        <translation>Neue Agenten-Tabs öffnen auf:</translation>
    </message>
    <message>
        <source>the same browser as %1</source>
        <translation>derselbe Browser wie %1</translation>
    </message>
    <message>
        <source>connected</source>
        <translation>verbunden</translation>
    </message>
    <message>
        <source>connecting…</source>
        <translation>verbindet …</translation>
    </message>
    <message>
        <source>waiting for the browser</source>
        <translation>wartet auf den Browser</translation>
    </message>
    <message>
        <source>refused: %1</source>
        <translation>abgewiesen: %1</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>gestoppt</translation>
    </message>
    <message>
        <source>%1 (first)</source>
        <translation>%1 (erster)</translation>
    </message>
    <message>
        <source>The debugging endpoint above (cdp/host, cdp/port)</source>
        <translation>Der Debugging-Endpunkt oben (cdp/host, cdp/port)</translation>
    </message>
    <message>
        <source>starting…</source>
        <translation>startet …</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>A remote service: auto-accept clicks there only when it is listed in autoAccept/remoteEndpoints (tick it when you add the service)</source>
        <translation>Ein entfernter Dienst: Das automatische Annehmen klickt dort nur, wenn er in autoAccept/remoteEndpoints steht (haken Sie es beim Hinzufügen des Dienstes an)</translation>
    </message>
    <message>
        <source>The first endpoint is the one above: change its host and port there</source>
        <translation>Der erste Endpunkt ist der oben: Ändern Sie Host und Port dort</translation>
    </message>
    <message>
        <source>The keychain is not available (%1). A token entered here is kept for this session only; it is never written to a file.</source>
        <translation>Der Schlüsselbund ist nicht verfügbar (%1). Ein hier eingegebenes Token wird nur für diese Sitzung aufbewahrt; es wird nie in eine Datei geschrieben.</translation>
    </message>
    <message>
        <source>The keychain is not available (%1): the token of %2 is kept for this session only.</source>
        <translation>Der Schlüsselbund ist nicht verfügbar (%1): Das Token von %2 wird nur für diese Sitzung aufbewahrt.</translation>
    </message>
    <message>
        <source>The keychain refused the token: %1</source>
        <translation>Der Schlüsselbund hat das Token abgelehnt: %1</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>%1 entfernen</translation>
    </message>
    <message>
        <source>Stop watching %1?</source>
        <translation>%1 nicht mehr beobachten?</translation>
    </message>
    <message>
        <source>Its token and header line are deleted from the keychain.</source>
        <translation>Sein Token und seine Kopfzeile werden aus dem Schlüsselbund gelöscht.</translation>
    </message>
    <message>
        <source>Its pages are left as they are; the app no longer touches them.</source>
        <translation>Seine Seiten bleiben, wie sie sind; die App rührt sie nicht mehr an.</translation>
    </message>
    <message>
        <source>The token could not be removed from the keychain: %1</source>
        <translation>Das Token konnte nicht aus dem Schlüsselbund entfernt werden: %1</translation>
    </message>
    <message>
        <source>%1 is starting.</source>
        <translation>%1 startet.</translation>
    </message>
    <message>
        <source>%1 is connected (%2).</source>
        <translation>%1 ist verbunden (%2).</translation>
    </message>
    <message>
        <source>a browser</source>
        <translation>ein Browser</translation>
    </message>
    <message>
        <source>%1: %2.</source>
        <translation>%1: %2.</translation>
    </message>
    <message>
        <source>%1: %2. %3</source>
        <translation>%1: %2. %3</translation>
    </message>
    <message>
        <source>Asking %1…</source>
        <translation>Frage %1 …</translation>
    </message>
    <message>
        <source>A DevTools endpoint</source>
        <translation>Ein DevTools-Endpunkt</translation>
    </message>
    <message numerus="yes">
        <source>%1 answers at %2 · %n target(s).</source>
        <translation>
            <numerusform>%1 antwortet unter %2 · %n Ziel.</numerusform>
            <numerusform>%1 antwortet unter %2 · %n Ziele.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (no auto-accept)</source>
        <translation>%1 (ohne automatisches Annehmen)</translation>
    </message>
</context>
<context>
    <name>mpa::EngineStatus</name>
    <message>
        <source>Stopped</source>
        <translation>Gestoppt</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Verbinde mit %1 …</translation>
    </message>
    <message>
        <source>Waiting for a browser at %1</source>
        <translation>Warte auf einen Browser unter %1</translation>
    </message>
    <message>
        <source>Connected to %1 · 1 page</source>
        <translation>Verbunden mit %1 · 1 Seite</translation>
    </message>
    <message>
        <source>Connected to %1 · %2 pages</source>
        <translation>Verbunden mit %1 · %2 Seiten</translation>
    </message>
    <message>
        <source>%1 · paused</source>
        <translation>%1 · pausiert</translation>
    </message>
    <message>
        <source>Connected to %1 of %2 endpoints · %3 pages</source>
        <translation>Verbunden mit %1 von %2 Endpunkten · %3 Seiten</translation>
    </message>
    <message>
        <source>the same browser as %1</source>
        <translation>derselbe Browser wie %1</translation>
    </message>
    <message>
        <source>connected · 1 page</source>
        <translation>verbunden · 1 Seite</translation>
    </message>
    <message>
        <source>connected · %1 pages</source>
        <translation>verbunden · %1 Seiten</translation>
    </message>
    <message>
        <source>connecting…</source>
        <translation>verbindet …</translation>
    </message>
    <message>
        <source>waiting for the browser</source>
        <translation>wartet auf den Browser</translation>
    </message>
    <message>
        <source>refused: %1</source>
        <translation>abgewiesen: %1</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>gestoppt</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>mpa::ExtensionImportDialog</name>
    <message>
        <source>(none)</source>
        <translation>(keiner)</translation>
    </message>
    <message>
        <source>on</source>
        <translation>an</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>a list</source>
        <translation>eine Liste</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>ein Objekt</translation>
    </message>
    <message>
        <source>Send prompts automatically</source>
        <translation>Prompts automatisch senden</translation>
    </message>
    <message>
        <source>Schedule mode</source>
        <translation>Zeitplanmodus</translation>
    </message>
    <message>
        <source>Every / at</source>
        <translation>Alle / um</translation>
    </message>
    <message>
        <source>Scheduled prompt</source>
        <translation>Geplanter Prompt</translation>
    </message>
    <message>
        <source>After sending</source>
        <translation>Nach dem Senden</translation>
    </message>
    <message>
        <source>Silent for (s)</source>
        <translation>Ruhezeit (s)</translation>
    </message>
    <message>
        <source>Check prompt</source>
        <translation>Prüf-Prompt</translation>
    </message>
    <message>
        <source>Check prompt text</source>
        <translation>Text des Prüf-Prompts</translation>
    </message>
    <message>
        <source>Watch the quota</source>
        <translation>Kontingent beobachten</translation>
    </message>
    <message>
        <source>Quota check every (s)</source>
        <translation>Kontingentprüfung alle (s)</translation>
    </message>
    <message>
        <source>Wait for the quota, then go on</source>
        <translation>Auf das Kontingent warten, dann weitermachen</translation>
    </message>
    <message>
        <source>Tell the agent to continue</source>
        <translation>Dem Agenten sagen, dass er weitermachen soll</translation>
    </message>
    <message>
        <source>Debugging port</source>
        <translation>Debugging-Port</translation>
    </message>
    <message>
        <source>Debug API</source>
        <translation>Debug-API</translation>
    </message>
    <message>
        <source>Ban list</source>
        <translation>Sperrliste</translation>
    </message>
    <message>
        <source>Import Settings from the VS Code Extension</source>
        <translation>Einstellungen aus der VS-Code-Erweiterung übernehmen</translation>
    </message>
    <message>
        <source>The Multi Purpose Agent extension&apos;s settings were found. Tick what to bring over; nothing is written until you press Import.</source>
        <translation>Die Einstellungen der Erweiterung Multi Purpose Agent wurden gefunden. Haken Sie an, was übernommen werden soll; geschrieben wird erst, wenn Sie „Übernehmen“ drücken.</translation>
    </message>
    <message>
        <source>%1 (%2): %3 — skipped</source>
        <translation>%1 (%2): %3 – übersprungen</translation>
    </message>
    <message>
        <source>From:</source>
        <translation>Aus:</translation>
    </message>
    <message>
        <source>Setting</source>
        <translation>Einstellung</translation>
    </message>
    <message>
        <source>Ours now</source>
        <translation>Derzeit hier</translation>
    </message>
    <message>
        <source>Imported</source>
        <translation>Übernommen</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>Übernehmen</translation>
    </message>
    <message>
        <source>Not Now</source>
        <translation>Nicht jetzt</translation>
    </message>
    <message>
        <source>Nothing to import.</source>
        <translation>Nichts zu übernehmen.</translation>
    </message>
    <message>
        <source>Not imported: %1</source>
        <translation>Nicht übernommen: %1</translation>
    </message>
    <message>
        <source>Same as ours</source>
        <translation>Wie hier</translation>
    </message>
    <message>
        <source>Tick to import: it turns the debug API on</source>
        <translation>Zum Übernehmen anhaken: schaltet die Debug-API ein</translation>
    </message>
    <message>
        <source>Replaces the value you set</source>
        <translation>Ersetzt den von Ihnen gesetzten Wert</translation>
    </message>
    <message>
        <source>Replaces the default</source>
        <translation>Ersetzt den Standardwert</translation>
    </message>
    <message>
        <source>Prompt queue</source>
        <translation>Warteschlange</translation>
    </message>
    <message numerus="yes">
        <source>%n prompt(s)</source>
        <translation>
            <numerusform>%n Prompt</numerusform>
            <numerusform>%n Prompts</numerusform>
        </translation>
    </message>
    <message>
        <source>Already in the queue</source>
        <translation>Bereits in der Warteschlange</translation>
    </message>
    <message numerus="yes">
        <source>Adds %n to the end of the queue</source>
        <translation>
            <numerusform>Fügt %n am Ende der Warteschlange hinzu</numerusform>
            <numerusform>Fügt %n am Ende der Warteschlange hinzu</numerusform>
        </translation>
    </message>
    <message>
        <source>Not imported: not a setting of the extension this app knows</source>
        <translation>Nicht übernommen: keine Einstellung der Erweiterung, die diese App kennt</translation>
    </message>
    <message numerus="yes">
        <source>%n setting(s) will be imported.</source>
        <translation>
            <numerusform>%n Einstellung wird übernommen.</numerusform>
            <numerusform>%n Einstellungen werden übernommen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n of them replace(s) a value you set yourself (marked in red).</source>
        <translation>
            <numerusform>%n davon ersetzt einen Wert, den Sie selbst gesetzt haben (rot markiert).</numerusform>
            <numerusform>%n davon ersetzen einen Wert, den Sie selbst gesetzt haben (rot markiert).</numerusform>
        </translation>
    </message>
    <message>
        <source>Imported: %1.</source>
        <translation>Übernommen: %1.</translation>
    </message>
    <message>
        <source>The prompts were not added: %1</source>
        <translation>Die Prompts wurden nicht hinzugefügt: %1</translation>
    </message>
    <message>
        <source>Prompts added to the queue.</source>
        <translation>Prompts zur Warteschlange hinzugefügt.</translation>
    </message>
    <message>
        <source>Import from the VS Code extension</source>
        <translation>Aus der VS-Code-Erweiterung übernehmen</translation>
    </message>
    <message>
        <source>No settings of the Multi Purpose Agent extension were found.</source>
        <translation>Es wurden keine Einstellungen der Erweiterung Multi Purpose Agent gefunden.</translation>
    </message>
    <message>
        <source>Looked in:
%1</source>
        <translation>Gesucht in:
%1</translation>
    </message>
</context>
<context>
    <name>mpa::GeneralPage</name>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message>
        <source>General</source>
        <translation>Allgemein</translation>
    </message>
    <message>
        <source>Startup and notifications</source>
        <translation>Start und Benachrichtigungen</translation>
    </message>
    <message>
        <source>Start Multi Purpose Agent when I log in</source>
        <translation>Multi Purpose Agent bei der Anmeldung starten</translation>
    </message>
    <message>
        <source>Start at login</source>
        <translation>Start bei der Anmeldung</translation>
    </message>
    <message>
        <source>Could not change the start at login: %1.</source>
        <translation>Der Start bei der Anmeldung konnte nicht geändert werden: %1.</translation>
    </message>
    <message>
        <source>Show desktop notifications</source>
        <translation>Desktop-Benachrichtigungen anzeigen</translation>
    </message>
    <message>
        <source>When the connection to the IDE is lost or back, a command was blocked, the queue finished, or the quota ran out or reset. At most one per subject every few seconds.</source>
        <translation>Wenn die Verbindung zur IDE verloren geht oder zurückkommt, ein Befehl gesperrt wurde, die Warteschlange fertig ist oder das Kontingent aufgebraucht oder erneuert wurde. Höchstens eine pro Thema alle paar Sekunden.</translation>
    </message>
    <message>
        <source>Sum up the session when auto-accept is switched off</source>
        <translation>Nach dem automatischen Annehmen die Sitzung zusammenfassen</translation>
    </message>
    <message>
        <source>Say what was clicked while I was away from the IDE</source>
        <translation>Sagen, was geklickt wurde, während ich nicht in der IDE war</translation>
    </message>
    <message>
        <source>Sum up last week when a new week begins</source>
        <translation>Zum Wochenbeginn die letzte Woche zusammenfassen</translation>
    </message>
    <message>
        <source>Say that the app is still running when I close the window</source>
        <translation>Beim Schließen des Fensters sagen, dass die App weiterläuft</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Dateien</translation>
    </message>
    <message>
        <source>Settings and data:</source>
        <translation>Einstellungen und Daten:</translation>
    </message>
    <message>
        <source>Logs:</source>
        <translation>Protokolle:</translation>
    </message>
    <message>
        <source>The settings file could not be read when the app started; it was kept as %1 and the defaults are in use.</source>
        <translation>Die Einstellungsdatei konnte beim Start der App nicht gelesen werden; sie wurde als %1 aufbewahrt, und die Standardwerte sind in Gebrauch.</translation>
    </message>
    <message>
        <source>Coming from the VS Code extension</source>
        <translation>Umstieg von der VS-Code-Erweiterung</translation>
    </message>
    <message>
        <source>Brings the Multi Purpose Agent extension&apos;s settings over from the settings.json of Antigravity, VS Code, Cursor or Windsurf: the schedule, the queue&apos;s prompts, the check prompt, the quota, the port and the debug server. You see every value before it is imported.</source>
        <translation>Übernimmt die Einstellungen der Erweiterung Multi Purpose Agent aus der settings.json von Antigravity, VS Code, Cursor oder Windsurf: den Zeitplan, die Prompts der Warteschlange, den Prüf-Prompt, das Kontingent, den Port und den Debug-Server. Sie sehen jeden Wert, bevor er übernommen wird.</translation>
    </message>
    <message>
        <source>Import from the VS Code Extension…</source>
        <translation>Aus der VS-Code-Erweiterung übernehmen …</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Zurücksetzen</translation>
    </message>
    <message>
        <source>Puts every setting back to its default. Tokens, the prompt queue, the history and the statistics stay.</source>
        <translation>Setzt jede Einstellung auf ihren Standardwert zurück. Tokens, die Warteschlange, der Verlauf und die Statistik bleiben.</translation>
    </message>
    <message>
        <source>Reset All Settings…</source>
        <translation>Alle Einstellungen zurücksetzen …</translation>
    </message>
    <message>
        <source>Starting at login is not supported on this system.</source>
        <translation>Der Start bei der Anmeldung wird auf diesem System nicht unterstützt.</translation>
    </message>
    <message>
        <source>Started at login by %1</source>
        <translation>Wird bei der Anmeldung gestartet durch %1</translation>
    </message>
    <message>
        <source>Not started at login (the entry would be %1)</source>
        <translation>Wird bei der Anmeldung nicht gestartet (der Eintrag wäre %1)</translation>
    </message>
    <message>
        <source>Reset all settings</source>
        <translation>Alle Einstellungen zurücksetzen</translation>
    </message>
    <message>
        <source>Put every setting back to its default?</source>
        <translation>Jede Einstellung auf ihren Standardwert zurücksetzen?</translation>
    </message>
    <message>
        <source>Auto-accept words, the ban list, the schedule, the connection and the servers go back to their defaults. This cannot be undone here; a copy of the old settings is kept next to settings.ini.</source>
        <translation>Die Wörter für das automatische Annehmen, die Sperrliste, der Zeitplan, die Verbindung und die Server kehren zu ihren Standardwerten zurück. Das lässt sich hier nicht rückgängig machen; eine Kopie der alten Einstellungen bleibt neben settings.ini.</translation>
    </message>
    <message>
        <source>Reset All Settings</source>
        <translation>Alle Einstellungen zurücksetzen</translation>
    </message>
    <message>
        <source>Appearance</source>
        <translation>Darstellung</translation>
    </message>
    <message>
        <source>Colours:</source>
        <translation>Farben:</translation>
    </message>
    <message>
        <source>As the desktop has them</source>
        <translation>Wie in der Arbeitsumgebung</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <source>Light and Dark use Qt&apos;s Fusion style, whatever the desktop&apos;s theme. Changes at once.</source>
        <translation>Hell und Dunkel verwenden den Fusion-Stil von Qt, unabhängig vom Design der Arbeitsumgebung. Wirkt sofort.</translation>
    </message>
</context>
<context>
    <name>mpa::Histogram</name>
    <message>
        <source>≥%1</source>
        <translation>≥%1</translation>
    </message>
    <message>
        <source>%1 or more</source>
        <translation>%1 oder mehr</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 bis %2</translation>
    </message>
</context>
<context>
    <name>mpa::HistoryPage</name>
    <message>
        <source>Sent</source>
        <translation>Gesendet</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation>Übersprungen</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>The prompts the app sent, newest first.</source>
        <translation>Die Prompts, die die App gesendet hat, neueste zuerst.</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Page</source>
        <translation>Seite</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>Prompt</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Send Again</source>
        <translation>Erneut senden</translation>
    </message>
    <message>
        <source>Sends the selected prompt to the same conversation now</source>
        <translation>Sendet den ausgewählten Prompt jetzt an dieselbe Unterhaltung</translation>
    </message>
    <message>
        <source>Sending…</source>
        <translation>Wird gesendet …</translation>
    </message>
    <message>
        <source>Sent to %1.</source>
        <translation>An %1 gesendet.</translation>
    </message>
    <message>
        <source>Not sent: %1</source>
        <translation>Nicht gesendet: %1</translation>
    </message>
    <message>
        <source>no page found</source>
        <translation>keine Seite gefunden</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>the active page</source>
        <translation>die aktive Seite</translation>
    </message>
</context>
<context>
    <name>mpa::KnownSentences</name>
    <message>
        <source>no keychain runs on this desktop (GNOME Keyring, KWallet or KeePassXC provide one)</source>
        <translation>auf diesem Desktop läuft kein Schlüsselbund (GNOME Keyring, KWallet oder KeePassXC stellen einen bereit)</translation>
    </message>
    <message>
        <source>no keychain answers on this desktop session (GNOME Keyring, KWallet or KeePassXC provide one)</source>
        <translation>in dieser Desktop-Sitzung antwortet kein Schlüsselbund (GNOME Keyring, KWallet oder KeePassXC stellen einen bereit)</translation>
    </message>
    <message>
        <source>the keychain could not delete the key (%1)</source>
        <translation>der Schlüsselbund konnte den Schlüssel nicht löschen (%1)</translation>
    </message>
    <message>
        <source>the keychain refused access (%1)</source>
        <translation>der Schlüsselbund hat den Zugriff verweigert (%1)</translation>
    </message>
    <message>
        <source>the keychain cannot do this here (%1)</source>
        <translation>der Schlüsselbund kann das hier nicht (%1)</translation>
    </message>
    <message>
        <source>the keychain failed: %1</source>
        <translation>der Schlüsselbund ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>no address: choose a provider or give an address</source>
        <translation>keine Adresse: Wählen Sie einen Anbieter, oder geben Sie eine Adresse an</translation>
    </message>
    <message>
        <source>no model chosen</source>
        <translation>kein Modell gewählt</translation>
    </message>
    <message>
        <source>OK: %1 answered in %2 ms (“%3”)</source>
        <translation>OK: %1 hat in %2 ms geantwortet („%3“)</translation>
    </message>
    <message>
        <source>the API key was refused by %1 (HTTP %2)</source>
        <translation>%1 hat den API-Schlüssel abgelehnt (HTTP %2)</translation>
    </message>
    <message>
        <source>the API key was refused by %1 (HTTP %2: %3)</source>
        <translation>%1 hat den API-Schlüssel abgelehnt (HTTP %2: %3)</translation>
    </message>
    <message>
        <source>the authorization key was refused by %1 (HTTP %2)</source>
        <translation>%1 hat den Autorisierungsschlüssel abgelehnt (HTTP %2)</translation>
    </message>
    <message>
        <source>%1 answered HTTP %2 to the list of models</source>
        <translation>%1 hat auf die Abfrage der Modellliste mit HTTP %2 geantwortet</translation>
    </message>
    <message>
        <source>%1 could not be reached: %2</source>
        <translation>%1 war nicht erreichbar: %2</translation>
    </message>
    <message>
        <source>%1&apos;s sign-in service could not be reached: %2</source>
        <translation>der Anmeldedienst von %1 war nicht erreichbar: %2</translation>
    </message>
    <message>
        <source>%1 did not answer within %2 s</source>
        <translation>%1 hat nicht innerhalb von %2 s geantwortet</translation>
    </message>
    <message>
        <source>%1 could not be reached at %2: %3</source>
        <translation>%1 war unter %2 nicht erreichbar: %3</translation>
    </message>
    <message>
        <source>%1 refused the connection at %2: is it running, and on that port?</source>
        <translation>%1 hat die Verbindung unter %2 abgelehnt: Läuft der Dienst, und auf diesem Port?</translation>
    </message>
    <message>
        <source>%1 answered HTTP %2: %3</source>
        <translation>%1 hat mit HTTP %2 geantwortet: %3</translation>
    </message>
    <message>
        <source>%1 (after %2 attempts)</source>
        <translation>%1 (nach %2 Versuchen)</translation>
    </message>
    <message>
        <source>%1 stopped its answer: %2</source>
        <translation>%1 hat die Antwort abgebrochen: %2</translation>
    </message>
    <message>
        <source>%1 answered something that is not a chat completion (%2)</source>
        <translation>%1 hat etwas geantwortet, das keine Chat-Antwort ist (%2)</translation>
    </message>
    <message>
        <source>the task is empty: say what the run should do</source>
        <translation>die Aufgabe ist leer: Sagen Sie, was der Lauf tun soll</translation>
    </message>
    <message>
        <source>give a tab or a start address, not both</source>
        <translation>geben Sie einen Tab oder eine Startadresse an, nicht beides</translation>
    </message>
    <message>
        <source>the start address &apos;%1&apos; is not an http(s) address</source>
        <translation>die Startadresse „%1“ ist keine http(s)-Adresse</translation>
    </message>
    <message>
        <source>no model address: choose a provider or set llm/baseUrl on the Models page</source>
        <translation>keine Modelladresse: Wählen Sie auf der Seite „Modelle“ einen Anbieter, oder setzen Sie llm/baseUrl</translation>
    </message>
    <message>
        <source>no model chosen: set llm/model on the Models page</source>
        <translation>kein Modell gewählt: Wählen Sie eines auf der Seite „Modelle“ (llm/model)</translation>
    </message>
    <message>
        <source>no API key for %1%2: add one on the Models page (kept in the keychain, or for this session only) or set MPA_LLM_API_KEY</source>
        <translation>kein API-Schlüssel für %1%2: Fügen Sie auf der Seite „Modelle“ einen hinzu (im Schlüsselbund oder nur für diese Sitzung), oder setzen Sie MPA_LLM_API_KEY</translation>
    </message>
    <message>
        <source> (the keychain could not be read: %1)</source>
        <translation> (der Schlüsselbund konnte nicht gelesen werden: %1)</translation>
    </message>
    <message>
        <source>the task names secrets, and the keychain that holds them is not available: %1</source>
        <translation>die Aufgabe nennt Geheimnisse, und der Schlüsselbund, der sie aufbewahrt, ist nicht verfügbar: %1</translation>
    </message>
    <message>
        <source>Nothing answered at %1 within %2 s (%3).</source>
        <translation>Unter %1 hat innerhalb von %2 s nichts geantwortet (%3).</translation>
    </message>
    <message>
        <source>Nothing answers at %1 (%2). Start the IDE or browser with --remote-debugging-port=%3, or check the host and port.</source>
        <translation>Unter %1 antwortet nichts (%2). Starten Sie die IDE oder den Browser mit --remote-debugging-port=%3, oder prüfen Sie Host und Port.</translation>
    </message>
    <message>
        <source>%1 answers as %2 but its target list failed (%3).</source>
        <translation>%1 antwortet als %2, aber seine Zielliste ist fehlgeschlagen (%3).</translation>
    </message>
    <message>
        <source>%1 answers as %2 but its target list is not a DevTools one (%3).</source>
        <translation>%1 antwortet als %2, aber seine Zielliste ist keine von DevTools (%3).</translation>
    </message>
    <message>
        <source>Connection refused</source>
        <translation>Verbindung verweigert</translation>
    </message>
    <message>
        <source>an entry is empty</source>
        <translation>ein Eintrag ist leer</translation>
    </message>
    <message>
        <source>&apos;%1&apos; has a flag JavaScript does not know: &apos;%2&apos;</source>
        <translation>„%1“ hat ein Flag, das JavaScript nicht kennt: „%2“</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a JavaScript regular expression: %2</source>
        <translation>„%1“ ist kein regulärer Ausdruck von JavaScript: %2</translation>
    </message>
    <message>
        <source>inline flags like (?i): use the flags after the closing /</source>
        <translation>eingebettete Flags wie (?i): Setzen Sie die Flags hinter den schließenden /</translation>
    </message>
    <message>
        <source>POSIX classes like [[:space:]]: use \s, \d, \w</source>
        <translation>POSIX-Klassen wie [[:space:]]: Verwenden Sie \s, \d, \w</translation>
    </message>
    <message>
        <source>atomic groups (?&gt;…)</source>
        <translation>atomare Gruppen (?&gt;…)</translation>
    </message>
    <message>
        <source>possessive quantifiers like *+</source>
        <translation>possessive Quantoren wie *+</translation>
    </message>
    <message>
        <source>\A, \Z, \z and \G: use ^ and $</source>
        <translation>\A, \Z, \z und \G: Verwenden Sie ^ und $</translation>
    </message>
    <message>
        <source>(?P&lt;name&gt;…): use (?&lt;name&gt;…)</source>
        <translation>(?P&lt;name&gt;…): Verwenden Sie (?&lt;name&gt;…)</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a JavaScript regular expression with the u flag: \- outside a [class]</source>
        <translation>„%1“ ist mit dem Flag u kein regulärer Ausdruck von JavaScript: \- außerhalb einer [Klasse]</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a JavaScript regular expression with the u flag: \%2 escapes nothing</source>
        <translation>„%1“ ist mit dem Flag u kein regulärer Ausdruck von JavaScript: \%2 maskiert nichts</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid regular expression: %2</source>
        <translation>„%1“ ist kein gültiger regulärer Ausdruck: %2</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a command: %2</source>
        <translation>„%1“ ist kein Befehl: %2</translation>
    </message>
    <message>
        <source>&apos;%1&apos; must be one command, without ; | &amp;&amp; || or &amp;</source>
        <translation>„%1“ muss ein einzelner Befehl sein, ohne ; | &amp;&amp; || oder &amp;</translation>
    </message>
    <message>
        <source>&apos;%1&apos; must be a command and its words, without VAR= or redirections</source>
        <translation>„%1“ muss ein Befehl mit seinen Wörtern sein, ohne VAR= oder Umleitungen</translation>
    </message>
    <message>
        <source>&apos;%1&apos; may not hold $, ` or ~ expansions</source>
        <translation>„%1“ darf keine Ersetzungen mit $, ` oder ~ enthalten</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: * may stand only alone, as the last word</source>
        <translation>„%1“: * darf nur allein stehen, als letztes Wort</translation>
    </message>
    <message>
        <source>&apos;%1&apos; would allow every command</source>
        <translation>„%1“ würde jeden Befehl erlauben</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not name@site (e.g. password@example.com)</source>
        <translation>„%1“ hat nicht die Form Name@Website (z. B. password@example.com)</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: a secret&apos;s name is a letter, then up to 39 letters, digits or _ . -</source>
        <translation>„%1“: Der Name eines Geheimnisses ist ein Buchstabe, dann bis zu 39 Buchstaben, Ziffern oder _ . -</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: the site is a host name such as example.com</source>
        <translation>„%1“: Die Website ist ein Hostname wie example.com</translation>
    </message>
    <message>
        <source>missing closing parenthesis</source>
        <translation>fehlende schließende Klammer</translation>
    </message>
    <message>
        <source>unmatched closing parenthesis</source>
        <translation>überzählige schließende Klammer</translation>
    </message>
    <message>
        <source>missing terminating ] for character class</source>
        <translation>schließende eckige Klammer fehlt bei Zeichenklasse</translation>
    </message>
    <message>
        <source>range out of order in character class</source>
        <translation>ungültiger Bereich in Zeichenklasse</translation>
    </message>
    <message>
        <source>quantifier does not follow a repeatable item</source>
        <translation>Quantifizierer folgt auf nicht-wiederholbares Element</translation>
    </message>
    <message>
        <source>\ at end of pattern</source>
        <translation>\ am Ende des Musters</translation>
    </message>
    <message>
        <source>reference to non-existent subpattern</source>
        <translation>Referenz auf nicht existentes Untermuster</translation>
    </message>
    <message>
        <source>lookbehind assertion is not fixed length</source>
        <translation>Lookbehind hat keine feste Länge</translation>
    </message>
    <message>
        <source>unrecognized character follows \</source>
        <translation>unbekanntes Zeichen nach \</translation>
    </message>
    <message>
        <source>Waiting for %1 to quit…</source>
        <translation>Warten, bis %1 beendet ist …</translation>
    </message>
    <message>
        <source>Waiting for %1 to open port %2…</source>
        <translation>Warten, bis %1 Port %2 öffnet …</translation>
    </message>
    <message>
        <source>a relaunch is already under way</source>
        <translation>ein Neustart läuft bereits</translation>
    </message>
    <message>
        <source>the running processes could not be listed: %1</source>
        <translation>die laufenden Prozesse konnten nicht aufgelistet werden: %1</translation>
    </message>
    <message>
        <source>%1; nothing was restarted</source>
        <translation>%1; nichts wurde neu gestartet</translation>
    </message>
    <message>
        <source>%1 (pid %2) could not be asked to quit; nothing was restarted</source>
        <translation>%1 (PID %2) konnte nicht zum Beenden aufgefordert werden; nichts wurde neu gestartet</translation>
    </message>
    <message>
        <source>%1 did not quit within %2 s (is it asking whether to save?); it was not started again</source>
        <translation>%1 hat sich nicht innerhalb von %2 s beendet (fragt es, ob gespeichert werden soll?); es wurde nicht neu gestartet</translation>
    </message>
    <message>
        <source>%1 quit, but %2 could not be started again</source>
        <translation>%1 wurde beendet, aber %2 konnte nicht neu gestartet werden</translation>
    </message>
    <message>
        <source>%1 was started again (pid %2), but nothing answered on %3 within %4 s: %5</source>
        <translation>%1 wurde neu gestartet (PID %2), aber unter %3 hat innerhalb von %4 s nichts geantwortet: %5</translation>
    </message>
    <message>
        <source>Ignored: the queue was started less than 2 s ago.</source>
        <translation>Ignoriert: Die Warteschlange wurde vor weniger als 2 s gestartet.</translation>
    </message>
    <message>
        <source>The queue is empty; add prompts first.</source>
        <translation>Die Warteschlange ist leer; fügen Sie zuerst Prompts hinzu.</translation>
    </message>
    <message>
        <source>The queue is already running.</source>
        <translation>Die Warteschlange läuft bereits.</translation>
    </message>
    <message>
        <source>The queue is not running.</source>
        <translation>Die Warteschlange läuft nicht.</translation>
    </message>
    <message>
        <source>The queue is stopped, not paused; start it.</source>
        <translation>Die Warteschlange ist gestoppt, nicht pausiert; starten Sie sie.</translation>
    </message>
    <message>
        <source>The queue is empty.</source>
        <translation>Die Warteschlange ist leer.</translation>
    </message>
    <message>
        <source>There is no current prompt to skip.</source>
        <translation>Es gibt keinen aktuellen Prompt zum Überspringen.</translation>
    </message>
    <message>
        <source>The queue is running; pause or stop it before replacing its prompts.</source>
        <translation>Die Warteschlange läuft; pausieren oder stoppen Sie sie, bevor Sie ihre Prompts ersetzen.</translation>
    </message>
    <message>
        <source>Prompt %1 of the queue is empty.</source>
        <translation>Prompt %1 der Warteschlange ist leer.</translation>
    </message>
    <message>
        <source>The queue&apos;s prompts were not changed: %1</source>
        <translation>Die Prompts der Warteschlange wurden nicht geändert: %1</translation>
    </message>
    <message>
        <source>cannot listen on 127.0.0.1:%1: %2</source>
        <translation>kann nicht auf 127.0.0.1:%1 lauschen: %2</translation>
    </message>
    <message>
        <source>Listening on 127.0.0.1:%1, %2</source>
        <translation>Lauscht auf 127.0.0.1:%1, %2</translation>
    </message>
    <message>
        <source>1 client</source>
        <translation>1 Client</translation>
    </message>
    <message>
        <source>%1 clients</source>
        <translation>%1 Clients</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Verbinde mit %1 …</translation>
    </message>
    <message>
        <source>Connected to %1</source>
        <translation>Verbunden mit %1</translation>
    </message>
    <message>
        <source>Connected to %1 (tab daemon, session %2)</source>
        <translation>Verbunden mit %1 (Tab-Daemon, Sitzung %2)</translation>
    </message>
    <message>
        <source>Connecting to %1 (retry in %2 s): %3</source>
        <translation>Verbinde mit %1 (neuer Versuch in %2 s): %3</translation>
    </message>
    <message>
        <source>Generic agent panel</source>
        <translation>Allgemeiner Agentenbereich</translation>
    </message>
    <message>
        <source>VS Code (Copilot chat)</source>
        <translation>VS Code (Copilot-Chat)</translation>
    </message>
    <message>
        <source>looking at the chat</source>
        <translation>sieht sich den Chat an</translation>
    </message>
    <message>
        <source>reading the page</source>
        <translation>liest die Seite</translation>
    </message>
    <message>
        <source>reading the page after the command</source>
        <translation>liest die Seite nach dem Befehl</translation>
    </message>
    <message>
        <source>waiting for the chat&apos;s reply</source>
        <translation>wartet auf die Antwort des Chats</translation>
    </message>
    <message>
        <source>attaching the screenshot to the message</source>
        <translation>hängt den Screenshot an die Nachricht an</translation>
    </message>
    <message>
        <source>sending again: the chat lost the message</source>
        <translation>sendet erneut: Der Chat hat die Nachricht verloren</translation>
    </message>
    <message>
        <source>paused; resume to go on</source>
        <translation>pausiert; zum Weitermachen fortsetzen</translation>
    </message>
    <message>
        <source>stopped by the user</source>
        <translation>vom Benutzer gestoppt</translation>
    </message>
    <message>
        <source>the chat could not be read: %1</source>
        <translation>der Chat konnte nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>the chat did not answer within %1 minutes</source>
        <translation>der Chat hat nicht innerhalb von %1 Minuten geantwortet</translation>
    </message>
    <message>
        <source>the chat does not show the message the bridge sent</source>
        <translation>der Chat zeigt die Nachricht nicht an, die die Brücke gesendet hat</translation>
    </message>
    <message>
        <source>the chat tab is gone</source>
        <translation>der Chat-Tab ist nicht mehr da</translation>
    </message>
    <message>
        <source>the message could not be sent to the chat: %1</source>
        <translation>die Nachricht konnte nicht an den Chat gesendet werden: %1</translation>
    </message>
    <message>
        <source>the page could not be read: %1</source>
        <translation>die Seite konnte nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>the app stopped while the session was under way; resume it to go on</source>
        <translation>die App wurde beendet, während die Sitzung lief; setzen Sie sie fort, um weiterzumachen</translation>
    </message>
    <message>
        <source>%1 steps failed in a row; the last: %2</source>
        <translation>%1 Schritte sind nacheinander fehlgeschlagen; der letzte: %2</translation>
    </message>
    <message>
        <source>no model is set up</source>
        <translation>es ist kein Modell eingerichtet</translation>
    </message>
    <message>
        <source>reached the step limit (%1) before the task was done</source>
        <translation>das Schrittlimit (%1) wurde erreicht, bevor die Aufgabe erledigt war</translation>
    </message>
    <message>
        <source>stopped: progress was rated %1 twice in a row — %2</source>
        <translation>gestoppt: Der Fortschritt wurde zweimal nacheinander mit %1 bewertet – %2</translation>
    </message>
    <message>
        <source>the model did not answer: %1</source>
        <translation>das Modell hat nicht geantwortet: %1</translation>
    </message>
    <message>
        <source>the model&apos;s data did not match the result schema in %1 answers; the last: %2</source>
        <translation>die Daten des Modells passten in %1 Antworten nicht zum Ergebnisschema; die letzte: %2</translation>
    </message>
    <message>
        <source>the run&apos;s tab is gone: %1</source>
        <translation>der Tab des Laufs ist nicht mehr da: %1</translation>
    </message>
    <message>
        <source>the browser is not available to this job</source>
        <translation>der Browser steht diesem Auftrag nicht zur Verfügung</translation>
    </message>
    <message>
        <source>the app stopped while the run was under way; resume it to go on</source>
        <translation>die App wurde beendet, während der Lauf lief; setzen Sie ihn fort, um weiterzumachen</translation>
    </message>
    <message>
        <source>navigated to %1</source>
        <translation>zu %1 navigiert</translation>
    </message>
    <message>
        <source>opened tab %1</source>
        <translation>Tab %1 geöffnet</translation>
    </message>
    <message>
        <source>opened a new tab %1</source>
        <translation>neuen Tab %1 geöffnet</translation>
    </message>
    <message>
        <source>a dialog: %1</source>
        <translation>ein Dialog: %1</translation>
    </message>
    <message>
        <source>a %1 dialog said “%2”</source>
        <translation>ein %1-Dialog sagte „%2“</translation>
    </message>
    <message>
        <source>value: %1</source>
        <translation>Wert: %1</translation>
    </message>
    <message>
        <source>the app stopped while it ran; whether it happened is unknown, so it was not run again</source>
        <translation>die App wurde beendet, während der Schritt lief; ob er ausgeführt wurde, ist unbekannt, daher wurde er nicht erneut ausgeführt</translation>
    </message>
    <message>
        <source>not run: the session ended</source>
        <translation>nicht ausgeführt: die Sitzung ist beendet</translation>
    </message>
    <message>
        <source>the user denied it</source>
        <translation>vom Benutzer abgelehnt</translation>
    </message>
    <message>
        <source>the user denied it: %1</source>
        <translation>vom Benutzer abgelehnt: %1</translation>
    </message>
    <message>
        <source>unknown tool &apos;%1&apos;; the tools are: %2</source>
        <translation>unbekanntes Werkzeug „%1“; die Werkzeuge sind: %2</translation>
    </message>
    <message>
        <source>eval is off (the user has not allowed it: toolkit/allowEval)</source>
        <translation>eval ist aus (der Benutzer hat es nicht erlaubt: toolkit/allowEval)</translation>
    </message>
    <message>
        <source>a screenshot cannot be sent into the chat; ask for a snapshot instead</source>
        <translation>ein Bildschirmfoto kann nicht in den Chat gesendet werden; fragen Sie stattdessen nach einem Snapshot</translation>
    </message>
    <message>
        <source>the command is not valid JSON (%1 at character %2)</source>
        <translation>der Befehl ist kein gültiges JSON (%1 bei Zeichen %2)</translation>
    </message>
    <message>
        <source>the command names no tool (a &quot;tool&quot; field)</source>
        <translation>der Befehl nennt kein Werkzeug (ein Feld „tool“)</translation>
    </message>
    <message>
        <source>&quot;params&quot; must be an object</source>
        <translation>„params“ muss ein Objekt sein</translation>
    </message>
    <message>
        <source>the &lt;tool_code&gt; block is not closed with &lt;/tool_code&gt;</source>
        <translation>der &lt;tool_code&gt;-Block ist nicht mit &lt;/tool_code&gt; geschlossen</translation>
    </message>
    <message>
        <source>a password field&apos;s value is never read out</source>
        <translation>der Wert eines Passwortfelds wird nie ausgelesen</translation>
    </message>
    <message>
        <source>%1 names a point of the screenshot, and this step has none: act by ref</source>
        <translation>%1 nennt einen Punkt des Bildschirmfotos, und dieser Schritt hat keines: handeln Sie über eine Ref</translation>
    </message>
    <message>
        <source>%1 needs x and y, numbers (pixels of the screenshot)</source>
        <translation>%1 braucht x und y als Zahlen (Pixel des Bildschirmfotos)</translation>
    </message>
    <message>
        <source>type_xy needs text, the text to type</source>
        <translation>type_xy braucht text, den einzugebenden Text</translation>
    </message>
    <message>
        <source>the point %1 is outside the screenshot, which is %2 × %3 pixels from (0, 0) at its top left</source>
        <translation>der Punkt %1 liegt außerhalb des Bildschirmfotos, das %2 × %3 Pixel misst, ab (0, 0) oben links</translation>
    </message>
    <message>
        <source>the app cannot tell what is at a point of this page</source>
        <translation>die App kann nicht erkennen, was an einem Punkt dieser Seite liegt</translation>
    </message>
    <message>
        <source>the app cannot tell what is at %1 of the screenshot (%2)</source>
        <translation>die App kann nicht erkennen, was bei %1 des Bildschirmfotos liegt (%2)</translation>
    </message>
    <message>
        <source>the point was not checked: look again</source>
        <translation>der Punkt wurde nicht geprüft: sehen Sie erneut hin</translation>
    </message>
    <message>
        <source>the page changed under the point %1 since it was checked: look again</source>
        <translation>die Seite hat sich unter dem Punkt %1 geändert, seit er geprüft wurde: sehen Sie erneut hin</translation>
    </message>
    <message>
        <source>no saved tool is named &apos;%1&apos; (the user has saved none)</source>
        <translation>kein gespeichertes Werkzeug heißt „%1“ (der Benutzer hat keines gespeichert)</translation>
    </message>
    <message>
        <source>no saved tool is named &apos;%1&apos;; saved: %2</source>
        <translation>kein gespeichertes Werkzeug heißt „%1“; gespeichert: %2</translation>
    </message>
    <message>
        <source>%1 needs a url</source>
        <translation>%1 braucht eine url</translation>
    </message>
    <message>
        <source>only a tab opened for this task can be closed; the user&apos;s own tabs stay open</source>
        <translation>nur ein für diese Aufgabe geöffneter Tab kann geschlossen werden; die eigenen Tabs des Benutzers bleiben offen</translation>
    </message>
    <message>
        <source>there is no tab %1 in the browser</source>
        <translation>im Browser gibt es keinen Tab %1</translation>
    </message>
    <message>
        <source>The chat wants to %1 %2. %3. Allow it?</source>
        <translation>Der Chat möchte %1 %2 ausführen. %3. Zulassen?</translation>
    </message>
    <message>
        <source>Allow this step? %1</source>
        <translation>Diesen Schritt zulassen? %1</translation>
    </message>
    <message>
        <source>it types the secret %1 into %2</source>
        <translation>er gibt das Geheimnis %1 in %2 ein</translation>
    </message>
    <message>
        <source>a field</source>
        <translation>ein Feld</translation>
    </message>
    <message>
        <source>this element</source>
        <translation>dieses Element</translation>
    </message>
    <message>
        <source>Running the model&apos;s own JavaScript can do anything the page can (eval)</source>
        <translation>Eigenes JavaScript des Modells auszuführen kann alles, was die Seite kann (eval)</translation>
    </message>
    <message>
        <source>%1 is a file input: the file chosen is uploaded to the site</source>
        <translation>%1 ist eine Dateiauswahl: die gewählte Datei wird auf die Website hochgeladen</translation>
    </message>
    <message>
        <source>Typing into %1 enters credentials (a %2 field)</source>
        <translation>Tippen in %1 gibt Zugangsdaten ein (ein %2-Feld)</translation>
    </message>
    <message>
        <source>Typing into %1 enters card details (%2)</source>
        <translation>Tippen in %1 gibt Kartendaten ein (%2)</translation>
    </message>
    <message>
        <source>Typing into %1 enters card details (a field named “%2”)</source>
        <translation>Tippen in %1 gibt Kartendaten ein (ein Feld namens „%2“)</translation>
    </message>
    <message>
        <source>Pressing Enter in %1</source>
        <translation>Enter in %1</translation>
    </message>
    <message>
        <source>Pressing Enter in %1 sends what was written there (a message box)</source>
        <translation>Enter in %1 sendet, was dort geschrieben steht (ein Nachrichtenfeld)</translation>
    </message>
    <message>
        <source>%1 submits a form with card fields: it looks like a payment</source>
        <translation>%1 sendet ein Formular mit Kartenfeldern ab: es sieht nach einer Zahlung aus</translation>
    </message>
    <message>
        <source>%1 submits a form that holds a password or a one-time code: it enters credentials</source>
        <translation>%1 sendet ein Formular mit einem Passwort oder Einmalcode ab: es gibt Zugangsdaten ein</translation>
    </message>
    <message>
        <source>%1 submits a form with free text: it sends what was written</source>
        <translation>%1 sendet ein Formular mit freiem Text ab: es sendet, was geschrieben wurde</translation>
    </message>
    <message>
        <source>%1 sends your contact details (a form that posts an email address or phone number)</source>
        <translation>%1 sendet Ihre Kontaktdaten (ein Formular, das eine E-Mail-Adresse oder Telefonnummer sendet)</translation>
    </message>
    <message>
        <source>Going to %1 leaves the sites the task started on (%2)</source>
        <translation>Der Wechsel zu %1 verlässt die Websites, auf denen die Aufgabe begann (%2)</translation>
    </message>
    <message>
        <source>%1 downloads a file</source>
        <translation>%1 lädt eine Datei herunter</translation>
    </message>
    <message>
        <source>%1 links to a file (%2): following it downloads it</source>
        <translation>%1 verweist auf eine Datei (%2): dem Link zu folgen lädt sie herunter</translation>
    </message>
    <message>
        <source>%1 looks like a download</source>
        <translation>%1 sieht nach einem Download aus</translation>
    </message>
    <message>
        <source>%1 is a link whose address deletes something (%2)</source>
        <translation>%1 ist ein Link, dessen Adresse etwas löscht (%2)</translation>
    </message>
    <message>
        <source>%1 looks like a payment (a %2 named “%3”%4)</source>
        <translation>%1 sieht nach einer Zahlung aus (ein %2 namens „%3“%4)</translation>
    </message>
    <message>
        <source> on a form with %1</source>
        <translation> auf einem Formular mit %1</translation>
    </message>
    <message>
        <source>card fields</source>
        <translation>Kartenfeldern</translation>
    </message>
    <message>
        <source>a password field</source>
        <translation>einem Passwortfeld</translation>
    </message>
    <message>
        <source>%1 submits a form on a checkout page: it may complete a payment</source>
        <translation>%1 sendet ein Formular auf einer Kassenseite ab: es kann eine Zahlung abschließen</translation>
    </message>
    <message>
        <source>%1 changes or sends account credentials (a %2 named “%3”)</source>
        <translation>%1 ändert oder sendet Zugangsdaten eines Kontos (ein %2 namens „%3“)</translation>
    </message>
    <message>
        <source>%1 looks like deleting something (a %2 named “%3”)</source>
        <translation>%1 sieht nach dem Löschen von etwas aus (ein %2 namens „%3“)</translation>
    </message>
    <message>
        <source>%1 looks like uploading a file</source>
        <translation>%1 sieht nach dem Hochladen einer Datei aus</translation>
    </message>
    <message>
        <source>%1 looks like sending or publishing (a %2 named “%3”)</source>
        <translation>%1 sieht nach Senden oder Veröffentlichen aus (ein %2 namens „%3“)</translation>
    </message>
    <message>
        <source>%1 sends the text written beside it (a %2 by a message box)</source>
        <translation>%1 sendet den daneben geschriebenen Text (ein %2 neben einem Nachrichtenfeld)</translation>
    </message>
    <message>
        <source>the page did not answer: %1</source>
        <translation>die Seite hat nicht geantwortet: %1</translation>
    </message>
    <message>
        <source>the page refused a key press</source>
        <translation>die Seite hat einen Tastendruck abgelehnt</translation>
    </message>
    <message>
        <source>the tab was closed</source>
        <translation>der Tab wurde geschlossen</translation>
    </message>
    <message>
        <source>the tab was closed before the action finished</source>
        <translation>der Tab wurde geschlossen, bevor die Aktion fertig war</translation>
    </message>
    <message>
        <source>the tab closed meanwhile</source>
        <translation>der Tab wurde inzwischen geschlossen</translation>
    </message>
    <message>
        <source>the tab “%1” is not attached</source>
        <translation>der Tab „%1“ ist nicht verbunden</translation>
    </message>
    <message>
        <source>no tab “%1” (tab {&quot;action&quot;: &quot;list&quot;} shows the tabs)</source>
        <translation>kein Tab „%1“ (tab {&quot;action&quot;: &quot;list&quot;} zeigt die Tabs)</translation>
    </message>
    <message>
        <source>the tab “%1” is in use by another agent: open a tab of your own with open {&quot;url&quot;: …}</source>
        <translation>der Tab „%1“ wird von einem anderen Agenten benutzt: öffnen Sie einen eigenen Tab mit open {&quot;url&quot;: …}</translation>
    </message>
    <message>
        <source>no tab is in front, and you have none: open a page with open {&quot;url&quot;: …} or tab {&quot;action&quot;: &quot;new&quot;}</source>
        <translation>kein Tab ist im Vordergrund, und Sie haben keinen: öffnen Sie eine Seite mit open {&quot;url&quot;: …} oder tab {&quot;action&quot;: &quot;new&quot;}</translation>
    </message>
    <message>
        <source>no browser tab is attached: is the browser running with remote debugging on %1?</source>
        <translation>kein Browser-Tab ist verbunden: läuft der Browser mit Remote-Debugging auf %1?</translation>
    </message>
    <message>
        <source>you have no tab yet: open a page with open {&quot;url&quot;: …} or tab {&quot;action&quot;: &quot;new&quot;}</source>
        <translation>Sie haben noch keinen Tab: öffnen Sie eine Seite mit open {&quot;url&quot;: …} oder tab {&quot;action&quot;: &quot;new&quot;}</translation>
    </message>
    <message>
        <source>%1: a %2 dialog is open on this tab (“%3”) and the page waits for it; answer it first with dialog {action: accept|dismiss}</source>
        <translation>%1: auf diesem Tab ist ein %2-Dialog offen („%3“), und die Seite wartet darauf; beantworten Sie ihn zuerst mit dialog {action: accept|dismiss}</translation>
    </message>
    <message>
        <source>the app is shutting down</source>
        <translation>die App wird beendet</translation>
    </message>
    <message>
        <source>cannot use the remote browser at %1: %2</source>
        <translation>der entfernte Browser unter %1 kann nicht benutzt werden: %2</translation>
    </message>
    <message>
        <source>no browser answered at %1 within %2 s%3</source>
        <translation>unter %1 hat innerhalb von %2 s kein Browser geantwortet%3</translation>
    </message>
    <message>
        <source>%1. Check that the remote browser service runs at that address and takes another session</source>
        <translation>%1. Prüfen Sie, ob der entfernte Browserdienst unter dieser Adresse läuft und eine weitere Sitzung annimmt</translation>
    </message>
    <message>
        <source>%1. Start one with remote debugging on that port, e.g. chromium --remote-debugging-port=%2 --user-data-dir=/tmp/mpa-browser, or point the app at another with --cdp-host/--cdp-port or --cdp-url</source>
        <translation>%1. Starten Sie einen mit Remote-Debugging auf diesem Port, z. B. chromium --remote-debugging-port=%2 --user-data-dir=/tmp/mpa-browser, oder verweisen Sie die App mit --cdp-host/--cdp-port oder --cdp-url auf einen anderen</translation>
    </message>
    <message>
        <source>the tab %1 is the user&apos;s, and agents may not use the user&apos;s tabs (toolkit/userTabs is deny): open a tab of your own with open {&quot;url&quot;: …}</source>
        <translation>der Tab %1 gehört dem Benutzer, und Agenten dürfen die Tabs des Benutzers nicht benutzen (toolkit/userTabs ist deny): öffnen Sie einen eigenen Tab mit open {&quot;url&quot;: …}</translation>
    </message>
    <message>
        <source>the tab %1 is the user&apos;s, and no one is at the desktop to allow it: the user can set toolkit/userTabs=allow, or add %2 to toolkit/allowedSites. Meanwhile open a page of your own with open {&quot;url&quot;: …}</source>
        <translation>der Tab %1 gehört dem Benutzer, und niemand ist am Desktop, um es zu erlauben: der Benutzer kann toolkit/userTabs=allow setzen oder %2 zu toolkit/allowedSites hinzufügen. Öffnen Sie bis dahin eine eigene Seite mit open {&quot;url&quot;: …}</translation>
    </message>
    <message>
        <source>its site</source>
        <translation>seine Website</translation>
    </message>
    <message>
        <source>the user refused %1 the tab “%2”</source>
        <translation>der Benutzer hat %1 den Tab „%2“ verweigert</translation>
    </message>
    <message>
        <source>the user refused %1 the cookies and storage of %2</source>
        <translation>der Benutzer hat %1 die Cookies und den Speicher von %2 verweigert</translation>
    </message>
    <message>
        <source>this page belongs to no site (an about:, data: or file: address): it has no cookies or storage to give</source>
        <translation>diese Seite gehört zu keiner Website (eine about:-, data:- oder file:-Adresse): sie hat keine Cookies oder Speicher herzugeben</translation>
    </message>
    <message>
        <source>%1&apos;s cookies and storage are the user&apos;s, and agents may not use the user&apos;s things (toolkit/userTabs is deny): make an isolated context of your own with context {&quot;action&quot;: &quot;new&quot;}</source>
        <translation>die Cookies und der Speicher von %1 gehören dem Benutzer, und Agenten dürfen die Dinge des Benutzers nicht benutzen (toolkit/userTabs ist deny): legen Sie mit context {&quot;action&quot;: &quot;new&quot;} einen eigenen isolierten Kontext an</translation>
    </message>
    <message>
        <source>%1&apos;s cookies and storage are the user&apos;s (its sign-ins), and no one is at the desktop to allow it: the user can add %1 to toolkit/dataSites. Meanwhile use an isolated context of your own: context {&quot;action&quot;: &quot;new&quot;}</source>
        <translation>die Cookies und der Speicher von %1 gehören dem Benutzer (seine Anmeldungen), und niemand ist am Desktop, um es zu erlauben: der Benutzer kann %1 zu toolkit/dataSites hinzufügen. Benutzen Sie bis dahin einen eigenen isolierten Kontext: context {&quot;action&quot;: &quot;new&quot;}</translation>
    </message>
    <message>
        <source>params.url “%1” is not an http(s), file or about: address</source>
        <translation>params.url „%1“ ist keine http(s)-, file- oder about:-Adresse</translation>
    </message>
    <message>
        <source>%1 names a file on another machine (%2): file: addresses are opened on this one only</source>
        <translation>%1 nennt eine Datei auf einem anderen Rechner (%2): file:-Adressen werden nur auf diesem geöffnet</translation>
    </message>
    <message>
        <source>%1 is in the app&apos;s own folder (%2), which holds its tokens: it is never opened in a page</source>
        <translation>%1 liegt im eigenen Ordner der App (%2), der ihre Tokens enthält: es wird nie in einer Seite geöffnet</translation>
    </message>
    <message>
        <source>file: addresses (your files) are off for agents: the user can allow them in the settings window (toolkit/allowFileUrls)</source>
        <translation>file:-Adressen (Ihre Dateien) sind für Agenten aus: der Benutzer kann sie im Einstellungsfenster erlauben (toolkit/allowFileUrls)</translation>
    </message>
    <message>
        <source>params.ref “%1” is not a ref: refs look like e3 (or f1e3 inside a frame), as a snapshot lists them</source>
        <translation>params.ref „%1“ ist keine Ref: Refs sehen aus wie e3 (oder f1e3 in einem Frame), wie ein Snapshot sie auflistet</translation>
    </message>
    <message>
        <source>params.%1 “%2” is not a ref: refs look like e3 (or f1e3 inside a frame), as a snapshot lists them</source>
        <translation>params.%1 „%2“ ist keine Ref: Refs sehen aus wie e3 (oder f1e3 in einem Frame), wie ein Snapshot sie auflistet</translation>
    </message>
    <message>
        <source>params.%1 must be a ref (e3) or a point {&quot;x&quot;: …, &quot;y&quot;: …} of the viewport</source>
        <translation>params.%1 muss eine Ref (e3) oder ein Punkt {&quot;x&quot;: …, &quot;y&quot;: …} des sichtbaren Bereichs sein</translation>
    </message>
    <message>
        <source>params.%1 is required</source>
        <translation>params.%1 ist erforderlich</translation>
    </message>
    <message>
        <source>params.%1 must be %2</source>
        <translation>params.%1 muss %2 sein</translation>
    </message>
    <message>
        <source>params.%1 must be a whole number</source>
        <translation>params.%1 muss eine ganze Zahl sein</translation>
    </message>
    <message>
        <source>params.%1 must be between %2 and %3</source>
        <translation>params.%1 muss zwischen %2 und %3 liegen</translation>
    </message>
    <message>
        <source>params.%1 must be an array of strings</source>
        <translation>params.%1 muss eine Liste von Zeichenketten sein</translation>
    </message>
    <message>
        <source>params.%1 must be one of %2</source>
        <translation>params.%1 muss eines von %2 sein</translation>
    </message>
    <message>
        <source>unknown %1 &apos;%2&apos;</source>
        <translation>unbekannt: %1 „%2“</translation>
    </message>
    <message>
        <source>Element not found: %1 — stale ref %1: the element is gone (or from a previous page); take a new snapshot</source>
        <translation>Element nicht gefunden: %1 — veraltete Ref %1: das Element ist weg (oder stammt von einer früheren Seite); machen Sie einen neuen Snapshot</translation>
    </message>
    <message>
        <source>%1 is not visible</source>
        <translation>%1 ist nicht sichtbar</translation>
    </message>
    <message>
        <source>%1 is disabled</source>
        <translation>%1 ist deaktiviert</translation>
    </message>
    <message>
        <source>%1 is covered by %2</source>
        <translation>%1 ist von %2 verdeckt</translation>
    </message>
    <message>
        <source>%1 is covered by %2 at (%3, %4)</source>
        <translation>%1 ist bei (%3, %4) von %2 verdeckt</translation>
    </message>
    <message>
        <source>%1 does not take text (it is not an input, textarea or editable box)</source>
        <translation>%1 nimmt keinen Text an (es ist kein Eingabefeld, Textbereich oder bearbeitbares Feld)</translation>
    </message>
    <message>
        <source>%1 did not take the focus</source>
        <translation>%1 hat den Fokus nicht angenommen</translation>
    </message>
    <message>
        <source>%1 cannot take the focus</source>
        <translation>%1 kann den Fokus nicht annehmen</translation>
    </message>
    <message>
        <source>%1 cannot be scrolled into view</source>
        <translation>%1 kann nicht in den sichtbaren Bereich gescrollt werden</translation>
    </message>
    <message>
        <source>%1 is not a select box</source>
        <translation>%1 ist keine Auswahlliste</translation>
    </message>
    <message>
        <source>%1 is not a checkbox, radio button or switch</source>
        <translation>%1 ist kein Kontrollkästchen, Optionsfeld oder Schalter</translation>
    </message>
    <message>
        <source>not found: %1</source>
        <translation>nicht gefunden: %1</translation>
    </message>
    <message>
        <source>the point is out of the view now (the page scrolled or changed size): look again</source>
        <translation>der Punkt liegt jetzt außerhalb der Ansicht (die Seite wurde gescrollt oder hat ihre Größe geändert): sehen Sie erneut hin</translation>
    </message>
    <message>
        <source>%1 (pausing after this step)</source>
        <translation>%1 (pausiert nach diesem Schritt)</translation>
    </message>
    <message>
        <source>done</source>
        <translation>erledigt</translation>
    </message>
    <message>
        <source>an endpoint is empty: give host:port, or a ws://, wss://, http:// or https:// address</source>
        <translation>ein Endpunkt ist leer: Geben Sie host:port oder eine ws://-, wss://-, http://- oder https://-Adresse an</translation>
    </message>
    <message>
        <source>the endpoint &quot;%1&quot; is not a ws://, wss://, http:// or https:// address</source>
        <translation>der Endpunkt „%1“ ist keine ws://-, wss://-, http://- oder https://-Adresse</translation>
    </message>
    <message>
        <source>the endpoint &quot;%1&quot; names no host</source>
        <translation>der Endpunkt „%1“ nennt keinen Host</translation>
    </message>
    <message>
        <source>the endpoint &quot;%1&quot; carries a token or password: secrets are kept in the keychain, not in the settings (add the endpoint on the Connection page)</source>
        <translation>der Endpunkt „%1“ enthält ein Token oder Passwort: Geheimnisse werden im Schlüsselbund aufbewahrt, nicht in den Einstellungen (fügen Sie den Endpunkt auf der Seite „Verbindung“ hinzu)</translation>
    </message>
    <message>
        <source>the endpoint &quot;%1&quot; is neither host:port nor a ws://, wss://, http:// or https:// address</source>
        <translation>der Endpunkt „%1“ ist weder host:port noch eine ws://-, wss://-, http://- oder https://-Adresse</translation>
    </message>
    <message>
        <source>the endpoint &quot;%1&quot; has no port from 1 to 65535 after its last colon</source>
        <translation>der Endpunkt „%1“ hat nach seinem letzten Doppelpunkt keinen Port von 1 bis 65535</translation>
    </message>
    <message>
        <source>the endpoint &quot;%1&quot; has no IP address or host name before its port</source>
        <translation>der Endpunkt „%1“ hat vor seinem Port keine IP-Adresse und keinen Hostnamen</translation>
    </message>
    <message>
        <source>the chat is not available</source>
        <translation>der Chat ist nicht verfügbar</translation>
    </message>
    <message>
        <source>the user&apos;s draft was set aside and restored</source>
        <translation>der Entwurf des Benutzers wurde beiseitegelegt und wiederhergestellt</translation>
    </message>
    <message>
        <source>the user&apos;s draft was set aside and could not be restored</source>
        <translation>der Entwurf des Benutzers wurde beiseitegelegt und konnte nicht wiederhergestellt werden</translation>
    </message>
    <message>
        <source>the chat&apos;s page went away</source>
        <translation>die Seite des Chats ist verschwunden</translation>
    </message>
    <message>
        <source>the chat&apos;s page is gone</source>
        <translation>die Seite des Chats ist nicht mehr da</translation>
    </message>
    <message>
        <source>no chat input box on %1: its agent panel (chat.root: %2) is not there, and no visible chat box was found outside the editor (chat.input: %3); is the agent panel open?</source>
        <translation>kein Chat-Eingabefeld auf %1: Sein Agentenbereich (chat.root: %2) ist nicht da, und außerhalb des Editors wurde kein sichtbares Chatfeld gefunden (chat.input: %3); ist der Agentenbereich geöffnet?</translation>
    </message>
    <message>
        <source>no visible chat input box in the agent panel on %1 (chat.input: %2)</source>
        <translation>kein sichtbares Chat-Eingabefeld im Agentenbereich auf %1 (chat.input: %2)</translation>
    </message>
    <message>
        <source>no chat input box on %1 (chat.input: %2)</source>
        <translation>kein Chat-Eingabefeld auf %1 (chat.input: %2)</translation>
    </message>
    <message>
        <source>sent to the current conversation</source>
        <translation>an die aktuelle Unterhaltung gesendet</translation>
    </message>
    <message>
        <source>sent to the active conversation “%1”</source>
        <translation>an die aktive Unterhaltung „%1“ gesendet</translation>
    </message>
    <message>
        <source>the user is typing in the chat box</source>
        <translation>der Benutzer tippt gerade im Chatfeld</translation>
    </message>
    <message>
        <source>typing the prompt failed: %1</source>
        <translation>das Eintippen des Prompts ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>the prompt did not reach the chat&apos;s input box (it holds “%1”)</source>
        <translation>der Prompt ist nicht im Eingabefeld des Chats angekommen (es enthält „%1“)</translation>
    </message>
    <message>
        <source>the chat did not take the prompt; Enter, Ctrl+Enter and the send button were tried</source>
        <translation>der Chat hat den Prompt nicht angenommen; Enter, Strg+Enter und die Senden-Schaltfläche wurden versucht</translation>
    </message>
    <message>
        <source>cannot focus the chat&apos;s input box: %1</source>
        <translation>das Eingabefeld des Chats lässt sich nicht fokussieren: %1</translation>
    </message>
    <message>
        <source>the chat&apos;s input box is gone</source>
        <translation>das Eingabefeld des Chats ist verschwunden</translation>
    </message>
    <message>
        <source>the chosen IDE endpoint %1 is not among the app&apos;s endpoints (schedule/endpoint)</source>
        <translation>der gewählte IDE-Endpunkt %1 ist nicht unter den Endpunkten der App (schedule/endpoint)</translation>
    </message>
    <message>
        <source>the chosen IDE endpoint %1 is not connected (%2)</source>
        <translation>der gewählte IDE-Endpunkt %1 ist nicht verbunden (%2)</translation>
    </message>
    <message>
        <source>not yet</source>
        <translation>noch nicht</translation>
    </message>
    <message>
        <source>no page is attached yet</source>
        <translation>noch ist keine Seite angebunden</translation>
    </message>
    <message>
        <source>no browser or IDE is connected at %1 (start it with --remote-debugging-port=%2)</source>
        <translation>unter %1 ist kein Browser und keine IDE verbunden (starten Sie sie mit --remote-debugging-port=%2)</translation>
    </message>
    <message>
        <source>no attached page shows a chat input box (looked at %1); is the agent panel open?</source>
        <translation>keine angebundene Seite zeigt ein Chat-Eingabefeld (angesehen: %1); ist der Agentenbereich geöffnet?</translation>
    </message>
    <message>
        <source>none that answered</source>
        <translation>keine, die geantwortet hat</translation>
    </message>
    <message>
        <source>the app quit while it waited for the user to stop typing in the chat box</source>
        <translation>die App wurde beendet, während sie wartete, bis der Benutzer im Chatfeld nicht mehr tippt</translation>
    </message>
    <message>
        <source>the app is paused (Pause in the tray or on the Dashboard)</source>
        <translation>die App ist pausiert (Pausieren im Tray oder in der Übersicht)</translation>
    </message>
    <message>
        <source>the quota of a watched model is spent: %1</source>
        <translation>das Kontingent eines beobachteten Modells ist aufgebraucht: %1</translation>
    </message>
    <message>
        <source>the queue is running</source>
        <translation>die Warteschlange läuft</translation>
    </message>
    <message>
        <source>the prompt is empty</source>
        <translation>der Prompt ist leer</translation>
    </message>
    <message>
        <source>the app stopped while the agent worked on it</source>
        <translation>die App wurde beendet, während der Agent daran arbeitete</translation>
    </message>
    <message>
        <source>the app stopped before the chat confirmed it</source>
        <translation>die App wurde beendet, bevor der Chat ihn bestätigte</translation>
    </message>
    <message>
        <source>The queue runs in Queue mode only, and prompts are now sent %1. Choose Queue as the mode first (schedule/mode “queue”).</source>
        <translation>Die Warteschlange läuft nur im Modus Warteschlange, und Prompts werden jetzt %1 gesendet. Wählen Sie zuerst Warteschlange als Modus (schedule/mode „queue“).</translation>
    </message>
    <message>
        <source>daily at a time</source>
        <translation>täglich zu einer Uhrzeit</translation>
    </message>
    <message>
        <source>every few minutes</source>
        <translation>alle paar Minuten</translation>
    </message>
    <message>
        <source>the quota came back and “Continue” takes its place</source>
        <translation>das Kontingent ist zurück, und „Weiter“ tritt an seine Stelle</translation>
    </message>
    <message>
        <source>the schedule was turned off while it waited for the user to stop typing</source>
        <translation>der Zeitplan wurde ausgeschaltet, während er wartete, bis der Benutzer nicht mehr tippt</translation>
    </message>
    <message>
        <source>the user was still typing in the chat box when the next scheduled prompt came; it takes its place</source>
        <translation>der Benutzer tippte noch im Chatfeld, als der nächste geplante Prompt kam; dieser tritt an seine Stelle</translation>
    </message>
    <message>
        <source>the user was typing in the chat box; sent on try %1, %2 s late</source>
        <translation>der Benutzer tippte im Chatfeld; beim %1. Versuch gesendet, %2 s zu spät</translation>
    </message>
    <message>
        <source>the user kept typing in the chat box; not sent after %1 tries over %2 s</source>
        <translation>der Benutzer tippte weiter im Chatfeld; nach %1 Versuchen in %2 s nicht gesendet</translation>
    </message>
    <message>
        <source>cannot read the chat: %1</source>
        <translation>der Chat lässt sich nicht lesen: %1</translation>
    </message>
    <message>
        <source>the chat has no file input for images (chat.fileInput in its profile)</source>
        <translation>der Chat hat kein Dateifeld für Bilder (chat.fileInput in seinem Profil)</translation>
    </message>
    <message>
        <source>the chat&apos;s file input went away</source>
        <translation>das Dateifeld des Chats ist verschwunden</translation>
    </message>
    <message>
        <source>the chat&apos;s file input did not take the file: %1</source>
        <translation>das Dateifeld des Chats hat die Datei nicht angenommen: %1</translation>
    </message>
    <message>
        <source>the chat did not show the attachment within %1 s</source>
        <translation>der Chat hat den Anhang nicht innerhalb von %1 s gezeigt</translation>
    </message>
    <message>
        <source>cannot switch to the conversation “%1”: %2</source>
        <translation>zur Unterhaltung „%1“ lässt sich nicht wechseln: %2</translation>
    </message>
    <message>
        <source>the conversation “%1” was clicked but did not become the active one</source>
        <translation>die Unterhaltung „%1“ wurde angeklickt, wurde aber nicht die aktive</translation>
    </message>
    <message>
        <source>“%1” names more than one conversation (%2); use the full name</source>
        <translation>„%1“ bezeichnet mehr als eine Unterhaltung (%2); verwenden Sie den vollen Namen</translation>
    </message>
    <message>
        <source>no conversation named “%1”: the chat shows no conversation tabs</source>
        <translation>keine Unterhaltung namens „%1“: der Chat zeigt keine Unterhaltungs-Tabs</translation>
    </message>
    <message>
        <source>no conversation named “%1” (the chat has %2)</source>
        <translation>keine Unterhaltung namens „%1“ (der Chat hat %2)</translation>
    </message>
    <message>
        <source>no send button (chat.sendButton)</source>
        <translation>keine Senden-Schaltfläche (chat.sendButton)</translation>
    </message>
    <message>
        <source>it is not on the page</source>
        <translation>es ist nicht auf der Seite</translation>
    </message>
    <message>
        <source>it went away before the click</source>
        <translation>es verschwand vor dem Klick</translation>
    </message>
    <message>
        <source>Observation mode ended: nobody clicked the chat&apos;s input box in time. Start it again, then click the box you type into and the send button.</source>
        <translation>Das Anlernen ist beendet: Niemand hat rechtzeitig in das Eingabefeld des Chats geklickt. Starten Sie es erneut und klicken Sie dann in das Feld, in das Sie tippen, und auf die Senden-Schaltfläche.</translation>
    </message>
    <message>
        <source>Observation mode ended: the input box was learned but nobody clicked the send button in time. Start it again and click the chat&apos;s send button after the box.</source>
        <translation>Das Anlernen ist beendet: Das Eingabefeld ist erkannt, aber niemand hat rechtzeitig auf die Senden-Schaltfläche geklickt. Starten Sie es erneut und klicken Sie nach dem Feld auf die Senden-Schaltfläche des Chats.</translation>
    </message>
    <message>
        <source>Observation mode ended: the chat&apos;s tab went away (closed, crashed or the browser disconnected). Open the chat again and start over.</source>
        <translation>Das Anlernen ist beendet: Der Tab des Chats ist verschwunden (geschlossen, abgestürzt oder der Browser wurde getrennt). Öffnen Sie den Chat erneut und beginnen Sie von vorn.</translation>
    </message>
    <message>
        <source>Observation mode cannot start: the chat&apos;s tab is not connected. Open the chat in the connected browser and try again.</source>
        <translation>Das Anlernen kann nicht beginnen: Der Tab des Chats ist nicht verbunden. Öffnen Sie den Chat im verbundenen Browser und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>each cookie must be an object {name, value, …}</source>
        <translation>jedes Cookie muss ein Objekt {name, value, …} sein</translation>
    </message>
    <message>
        <source>each cookie needs a name and a value (text)</source>
        <translation>jedes Cookie braucht einen Namen und einen Wert (Text)</translation>
    </message>
    <message>
        <source>the cookie %1&apos;s domain %2 is not %3 or a domain above it</source>
        <translation>die Domain %2 des Cookies %1 ist weder %3 noch eine Domain darüber</translation>
    </message>
    <message>
        <source>the cookie %1&apos;s sameSite must be Strict, Lax or None</source>
        <translation>sameSite des Cookies %1 muss Strict, Lax oder None sein</translation>
    </message>
    <message>
        <source>you have no isolated context (context {&quot;action&quot;: &quot;new&quot;} makes one)</source>
        <translation>Sie haben keinen isolierten Kontext (context {&quot;action&quot;: &quot;new&quot;} erstellt einen)</translation>
    </message>
    <message>
        <source>the isolated context could not be closed: %1</source>
        <translation>der isolierte Kontext konnte nicht geschlossen werden: %1</translation>
    </message>
    <message>
        <source>this browser gives no isolated context: %1</source>
        <translation>dieser Browser bietet keinen isolierten Kontext: %1</translation>
    </message>
    <message>
        <source>the tab shows %1, which has no cookies: open an http(s) page or give url</source>
        <translation>der Tab zeigt %1, das keine Cookies hat: öffnen Sie eine http(s)-Seite oder geben Sie url an</translation>
    </message>
    <message>
        <source>params.url must be an http(s) address</source>
        <translation>params.url muss eine http(s)-Adresse sein</translation>
    </message>
    <message>
        <source>set needs params.cookies: 1 to 100 cookies</source>
        <translation>set braucht params.cookies: 1 bis 100 Cookies</translation>
    </message>
    <message>
        <source>the tab closed</source>
        <translation>der Tab wurde geschlossen</translation>
    </message>
    <message>
        <source>the browser refused the cookies: %1</source>
        <translation>der Browser hat die Cookies abgelehnt: %1</translation>
    </message>
    <message>
        <source>the cookies could not be read: %1</source>
        <translation>die Cookies konnten nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>no folder for saved states is set</source>
        <translation>es ist kein Ordner für gespeicherte Zustände festgelegt</translation>
    </message>
    <message>
        <source>params.name must be 1–64 letters, digits, &apos;.&apos;, &apos;_&apos; or &apos;-&apos; (no folders), e.g. &quot;github&quot;</source>
        <translation>params.name muss aus 1–64 Buchstaben, Ziffern, „.“, „_“ oder „-“ bestehen (keine Ordner), z. B. &quot;github&quot;</translation>
    </message>
    <message>
        <source>none of your tabs in your isolated context shows a web page: nothing to save</source>
        <translation>keiner Ihrer Tabs in Ihrem isolierten Kontext zeigt eine Webseite: nichts zu speichern</translation>
    </message>
    <message>
        <source>none of your tabs shows a web page: nothing to save</source>
        <translation>keiner Ihrer Tabs zeigt eine Webseite: nichts zu speichern</translation>
    </message>
    <message>
        <source>the state could not be read: %1</source>
        <translation>der Zustand konnte nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>the state is %1 MiB, more than the 10 MiB kept</source>
        <translation>der Zustand ist %1 MiB groß, mehr als die 10 MiB, die aufbewahrt werden</translation>
    </message>
    <message>
        <source>the folder %1 cannot be made</source>
        <translation>der Ordner %1 lässt sich nicht anlegen</translation>
    </message>
    <message>
        <source>%1 cannot be written: %2</source>
        <translation>%1 lässt sich nicht schreiben: %2</translation>
    </message>
    <message>
        <source>no state is saved as %1 (saved: %2)</source>
        <translation>kein Zustand ist als %1 gespeichert (gespeichert: %2)</translation>
    </message>
    <message>
        <source>the state %1 cannot be read: %2</source>
        <translation>der Zustand %1 lässt sich nicht lesen: %2</translation>
    </message>
    <message>
        <source>%1 is not a storage state this app saved (%2)</source>
        <translation>%1 ist kein Speicherzustand, den diese App gespeichert hat (%2)</translation>
    </message>
    <message>
        <source>no version 1</source>
        <translation>keine Version 1</translation>
    </message>
    <message>
        <source>the browser refused the state&apos;s cookies: %1</source>
        <translation>der Browser hat die Cookies des Zustands abgelehnt: %1</translation>
    </message>
    <message>
        <source>the state&apos;s storage could not be written: %1</source>
        <translation>der Speicher des Zustands konnte nicht geschrieben werden: %1</translation>
    </message>
    <message>
        <source>the user did not answer within %1 s whether %2 may use the tab “%3”</source>
        <translation>der Benutzer hat nicht innerhalb von %1 s beantwortet, ob %2 den Tab „%3“ benutzen darf</translation>
    </message>
    <message>
        <source>the user did not answer within %1 s whether %2 may use the cookies and storage of %3</source>
        <translation>der Benutzer hat nicht innerhalb von %1 s beantwortet, ob %2 die Cookies und den Speicher von %3 benutzen darf</translation>
    </message>
    <message>
        <source>the toolkit stopped before a download finished</source>
        <translation>das Toolkit wurde beendet, bevor ein Download fertig war</translation>
    </message>
    <message>
        <source>this app has no downloads folder</source>
        <translation>diese App hat keinen Download-Ordner</translation>
    </message>
    <message>
        <source>this browser gives no browser-level connection, which downloads need</source>
        <translation>dieser Browser bietet keine Verbindung auf Browserebene, die Downloads brauchen</translation>
    </message>
    <message>
        <source>the browser is not connected</source>
        <translation>der Browser ist nicht verbunden</translation>
    </message>
    <message>
        <source>could not make the downloads folder %1</source>
        <translation>der Download-Ordner %1 konnte nicht angelegt werden</translation>
    </message>
    <message>
        <source>your downloads folder %1 is full (%2 files; at most %3): clear it first</source>
        <translation>Ihr Download-Ordner %1 ist voll (%2 Dateien; höchstens %3): leeren Sie ihn zuerst</translation>
    </message>
    <message>
        <source>stopped at the download limit: the file is %1 MB and your downloads folder may take %2 MB more (at most %3 MB in all)</source>
        <translation>an der Download-Grenze angehalten: die Datei ist %1 MB groß, und Ihr Download-Ordner darf noch %2 MB aufnehmen (insgesamt höchstens %3 MB)</translation>
    </message>
    <message>
        <source>stopped at the download limit: it grew past the %1 MB your downloads folder may still take (at most %2 MB in all)</source>
        <translation>an der Download-Grenze angehalten: die Datei wuchs über die %1 MB hinaus, die Ihr Download-Ordner noch aufnehmen darf (insgesamt höchstens %2 MB)</translation>
    </message>
    <message>
        <source>could not make the folder %1</source>
        <translation>der Ordner %1 konnte nicht angelegt werden</translation>
    </message>
    <message>
        <source>could not move it to %1: %2</source>
        <translation>die Datei konnte nicht nach %1 verschoben werden: %2</translation>
    </message>
    <message>
        <source>the browser cancelled it</source>
        <translation>der Browser hat ihn abgebrochen</translation>
    </message>
    <message>
        <source>%1 (%2 MB so far)</source>
        <translation>%1 (bisher %2 MB)</translation>
    </message>
    <message>
        <source>no download of yours began within %1 ms (waited for a download from your tabs to begin and finish; a download starts when your tab gets a file to save, e.g. a link with Content-Disposition: attachment)</source>
        <translation>innerhalb von %1 ms hat kein Download von Ihnen begonnen (gewartet wurde, bis ein Download aus Ihren Tabs beginnt und endet; ein Download beginnt, wenn Ihr Tab eine Datei zum Speichern bekommt, z. B. über einen Link mit Content-Disposition: attachment)</translation>
    </message>
    <message>
        <source>no download of yours finished within %1 ms; still in progress: %2</source>
        <translation>innerhalb von %1 ms ist kein Download von Ihnen fertig geworden; noch im Gang: %2</translation>
    </message>
    <message>
        <source>downloads cannot be followed: %1</source>
        <translation>Downloads können nicht verfolgt werden: %1</translation>
    </message>
    <message>
        <source>downloads are not followed: %1</source>
        <translation>Downloads werden nicht verfolgt: %1</translation>
    </message>
    <message>
        <source>%1 is read-only</source>
        <translation>%1 ist schreibgeschützt</translation>
    </message>
    <message>
        <source>%1 does not take text: use check or uncheck</source>
        <translation>%1 nimmt keinen Text an: verwenden Sie check oder uncheck</translation>
    </message>
    <message>
        <source>%1 does not take text: use click</source>
        <translation>%1 nimmt keinen Text an: verwenden Sie click</translation>
    </message>
    <message>
        <source>%1 does not take text</source>
        <translation>%1 nimmt keinen Text an</translation>
    </message>
    <message>
        <source>%1 is covered by %2 (its frame is hidden there)</source>
        <translation>%1 ist von %2 verdeckt (sein Frame ist dort verborgen)</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>nichts</translation>
    </message>
    <message>
        <source>scope &quot;%1&quot; is not a valid CSS selector or ref</source>
        <translation>scope &quot;%1&quot; ist weder ein gültiger CSS-Selektor noch eine Ref</translation>
    </message>
    <message>
        <source>scope &quot;%1&quot; matches no element</source>
        <translation>scope &quot;%1&quot; trifft kein Element</translation>
    </message>
    <message>
        <source>%1 is typed into, not picked</source>
        <translation>in %1 wird getippt, nicht ausgewählt</translation>
    </message>
    <message>
        <source>%1 has no option &quot;%2&quot; (it has %3)</source>
        <translation>%1 hat keine Option &quot;%2&quot; (es hat %3)</translation>
    </message>
    <message>
        <source>option &quot;%1&quot; of %2 is disabled</source>
        <translation>die Option &quot;%1&quot; von %2 ist deaktiviert</translation>
    </message>
    <message>
        <source>%1 takes one value, not %2</source>
        <translation>%1 nimmt einen Wert an, nicht %2</translation>
    </message>
    <message>
        <source>unknown locator &quot;%1&quot;: use one of %2</source>
        <translation>unbekannter Locator &quot;%1&quot;: verwenden Sie einen von %2</translation>
    </message>
    <message>
        <source>%1 is not a file input (&lt;input type=file&gt;)</source>
        <translation>%1 ist kein Dateifeld (&lt;input type=file&gt;)</translation>
    </message>
    <message>
        <source>get value needs a ref</source>
        <translation>get value braucht eine Ref</translation>
    </message>
    <message>
        <source>get attribute needs a ref</source>
        <translation>get attribute braucht eine Ref</translation>
    </message>
    <message>
        <source>get element needs a ref</source>
        <translation>get element braucht eine Ref</translation>
    </message>
    <message>
        <source>get box needs a ref</source>
        <translation>get box braucht eine Ref</translation>
    </message>
    <message>
        <source>a ref is needed</source>
        <translation>eine Ref wird gebraucht</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a valid CSS selector</source>
        <translation>&quot;%1&quot; ist kein gültiger CSS-Selektor</translation>
    </message>
    <message>
        <source>cannot get &quot;%1&quot;</source>
        <translation>&quot;%1&quot; lässt sich nicht abfragen</translation>
    </message>
    <message>
        <source>cannot tell whether it is &quot;%1&quot;</source>
        <translation>es lässt sich nicht sagen, ob es &quot;%1&quot; ist</translation>
    </message>
    <message>
        <source>unknown operation %1</source>
        <translation>unbekannte Operation %1</translation>
    </message>
    <message>
        <source>Antigravity&apos;s language server (pid %1) did not answer on any of its ports (%2); last error: %3</source>
        <translation>der Sprachserver von Antigravity (PID %1) hat auf keinem seiner Ports geantwortet (%2); letzter Fehler: %3</translation>
    </message>
    <message>
        <source>GetUserStatus on 127.0.0.1:%1 answered something unexpected: %2</source>
        <translation>GetUserStatus auf 127.0.0.1:%1 hat etwas Unerwartetes geantwortet: %2</translation>
    </message>
    <message>
        <source>GetUserStatus on 127.0.0.1:%1 failed: %2</source>
        <translation>GetUserStatus auf 127.0.0.1:%1 ist fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>cannot look for Antigravity&apos;s language server: %1</source>
        <translation>nach dem Sprachserver von Antigravity lässt sich nicht suchen: %1</translation>
    </message>
    <message>
        <source>found Antigravity&apos;s language server (pid %1) but none of its listening ports%2</source>
        <translation>den Sprachserver von Antigravity (PID %1) gefunden, aber keinen seiner offenen Ports%2</translation>
    </message>
    <message>
        <source>Antigravity is not running, so its quota cannot be read. Start Antigravity, or turn the quota check off if you use another IDE.</source>
        <translation>Antigravity läuft nicht, daher lässt sich sein Kontingent nicht lesen. Starten Sie Antigravity, oder schalten Sie die Kontingentprüfung aus, wenn Sie eine andere IDE verwenden.</translation>
    </message>
    <message>
        <source>the answer is not a JSON object</source>
        <translation>die Antwort ist kein JSON-Objekt</translation>
    </message>
    <message>
        <source>it holds a JSON list, not an object of settings</source>
        <translation>sie enthält eine JSON-Liste, kein Objekt mit Einstellungen</translation>
    </message>
    <message>
        <source>cannot be read: %1</source>
        <translation>lässt sich nicht lesen: %1</translation>
    </message>
    <message>
        <source>Qt&apos;s SQLite driver is not installed (libqt6sql6-sqlite)</source>
        <translation>der SQLite-Treiber von Qt ist nicht installiert (libqt6sql6-sqlite)</translation>
    </message>
    <message>
        <source>its entry for %1 is not a JSON object</source>
        <translation>ihr Eintrag für %1 ist kein JSON-Objekt</translation>
    </message>
    <message>
        <source>line %1, column %2: %3</source>
        <translation>Zeile %1, Spalte %2: %3</translation>
    </message>
    <message>
        <source>sent on try %1, %2 s late</source>
        <translation>beim %1. Versuch gesendet, %2 s zu spät</translation>
    </message>
    <message>
        <source>WebSocket (server mode)</source>
        <translation>WebSocket (Server-Modus)</translation>
    </message>
    <message>
        <source>WebSocket (client mode)</source>
        <translation>WebSocket (Client-Modus)</translation>
    </message>
    <message>
        <source>tab daemon</source>
        <translation>Tab-Daemon</translation>
    </message>
    <message>
        <source>the user was typing in the chat box</source>
        <translation>der Benutzer tippte im Chatfeld</translation>
    </message>
</context>
<context>
    <name>mpa::LineChart</name>
    <message>
        <source>reset</source>
        <translation>Zurücksetzung</translation>
    </message>
    <message>
        <source>%1: %2 at the last reading</source>
        <translation>%1: %2 bei der letzten Abfrage</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: %2 at %3</source>
        <translation>%1: %2 um %3</translation>
    </message>
</context>
<context>
    <name>mpa::LogsPage</name>
    <message>
        <source>Logs</source>
        <translation>Protokolle</translation>
    </message>
    <message>
        <source>What the app did recently, newest at the bottom. The full log is kept in a file.</source>
        <translation>Was die App zuletzt getan hat, Neuestes unten. Das vollständige Protokoll steht in einer Datei.</translation>
    </message>
    <message>
        <source>Debug and above</source>
        <translation>Debug und höher</translation>
    </message>
    <message>
        <source>Info and above</source>
        <translation>Info und höher</translation>
    </message>
    <message>
        <source>Warnings and errors</source>
        <translation>Warnungen und Fehler</translation>
    </message>
    <message>
        <source>Errors only</source>
        <translation>Nur Fehler</translation>
    </message>
    <message>
        <source>All parts of the app</source>
        <translation>Alle Teile der App</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Suchen</translation>
    </message>
    <message>
        <source>Follow new lines</source>
        <translation>Neuen Zeilen folgen</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Copy the selected lines, or every line shown when none is selected</source>
        <translation>Die ausgewählten Zeilen kopieren oder, wenn keine ausgewählt ist, alle angezeigten</translation>
    </message>
    <message>
        <source>Open Log File</source>
        <translation>Protokolldatei öffnen</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Leeren</translation>
    </message>
    <message>
        <source>Empty this view; the log file keeps every line</source>
        <translation>Diese Ansicht leeren; die Protokolldatei behält jede Zeile</translation>
    </message>
    <message>
        <source>The app</source>
        <translation>Die App</translation>
    </message>
    <message>
        <source>Browser connection</source>
        <translation>Browserverbindung</translation>
    </message>
    <message>
        <source>Pages</source>
        <translation>Seiten</translation>
    </message>
    <message>
        <source>Auto-accept</source>
        <translation>Automatisch annehmen</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>Chat</translation>
    </message>
    <message>
        <source>Prompt queue and schedule</source>
        <translation>Warteschlange und Zeitplan</translation>
    </message>
    <message>
        <source>Quota</source>
        <translation>Kontingent</translation>
    </message>
    <message>
        <source>Safety</source>
        <translation>Sicherheit</translation>
    </message>
    <message>
        <source>Tasks</source>
        <translation>Aufgaben</translation>
    </message>
    <message>
        <source>Chat bridge</source>
        <translation>Chat-Brücke</translation>
    </message>
    <message>
        <source>Servers</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Window and tray</source>
        <translation>Fenster und Infobereich</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>This run writes no log file</source>
        <translation>Dieser Lauf schreibt keine Protokolldatei</translation>
    </message>
    <message numerus="yes">
        <source>%n line(s)</source>
        <translation>
            <numerusform>%n Zeile</numerusform>
            <numerusform>%n Zeilen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>mpa::MainWindow</name>
    <message>
        <source>Multi Purpose Agent</source>
        <translation>Multi Purpose Agent</translation>
    </message>
    <message>
        <source>This desktop has no system tray, so Multi Purpose Agent lives in this window. Closing it minimises it; use File ▸ Quit to exit.</source>
        <translation>Diese Arbeitsumgebung hat keinen Infobereich, daher lebt Multi Purpose Agent in diesem Fenster. Schließen minimiert es; beenden Sie die App mit Datei ▸ Beenden.</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About Multi Purpose Agent</source>
        <translation>&amp;Über Multi Purpose Agent</translation>
    </message>
    <message>
        <source>there is no settings page &apos;%1&apos;; the pages are %2</source>
        <translation>es gibt keine Einstellungsseite „%1“; die Seiten sind %2</translation>
    </message>
    <message>
        <source>no application would open %1</source>
        <translation>keine Anwendung kann %1 öffnen</translation>
    </message>
    <message>
        <source>&amp;Try the Demo…</source>
        <translation>&amp;Demo ausprobieren …</translation>
    </message>
    <message>
        <source>Try the Demo</source>
        <translation>Demo ausprobieren</translation>
    </message>
    <message>
        <source>Restart Multi Purpose Agent in the demo?</source>
        <translation>Multi Purpose Agent in der Demo neu starten?</translation>
    </message>
    <message>
        <source>The app quits and starts again with a browser of its own showing a demo agent panel, auto-accept on for that run. Your settings stay as they are. Closing the demo&apos;s browser window ends the demo; then start the app again as usual.</source>
        <translation>Die App wird beendet und startet erneut mit einem eigenen Browser, der einen Demo-Agentenbereich zeigt; automatisches Annehmen ist für diesen Lauf eingeschaltet. Ihre Einstellungen bleiben, wie sie sind. Wenn Sie das Browserfenster der Demo schließen, endet die Demo; starten Sie die App danach wie gewohnt.</translation>
    </message>
    <message>
        <source>Restart in the Demo</source>
        <translation>In der Demo neu starten</translation>
    </message>
    <message>
        <source>The demo could not be started: %1.</source>
        <translation>Die Demo konnte nicht gestartet werden: %1.</translation>
    </message>
</context>
<context>
    <name>mpa::ModelsPage</name>
    <message>
        <source>Models</source>
        <translation>Modelle</translation>
    </message>
    <message>
        <source>The language model the task agent thinks with: any OpenAI-compatible service, on the internet or on this machine. Keys are kept in your system&apos;s keychain.</source>
        <translation>Das Sprachmodell, mit dem der Aufgaben-Agent denkt: jeder OpenAI-kompatible Dienst, im Internet oder auf diesem Rechner. Schlüssel werden im Schlüsselbund Ihres Systems aufbewahrt.</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Provider:</source>
        <translation>Anbieter:</translation>
    </message>
    <message>
        <source>Address:</source>
        <translation>Adresse:</translation>
    </message>
    <message>
        <source>Fetch Models</source>
        <translation>Modelle abrufen</translation>
    </message>
    <message>
        <source>Asks the service which models it offers (GET /models)</source>
        <translation>Fragt den Dienst, welche Modelle er anbietet (GET /models)</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>Modell:</translation>
    </message>
    <message>
        <source>Temperature:</source>
        <translation>Temperatur:</translation>
    </message>
    <message>
        <source>Time limit per answer:</source>
        <translation>Zeitlimit pro Antwort:</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Retries:</source>
        <translation>Wiederholungen:</translation>
    </message>
    <message>
        <source>GigaChat scope:</source>
        <translation>GigaChat-Scope:</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API-Schlüssel</translation>
    </message>
    <message>
        <source>Paste the key here</source>
        <translation>Schlüssel hier einfügen</translation>
    </message>
    <message>
        <source>Key:</source>
        <translation>Schlüssel:</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Use for This Session Only</source>
        <translation>Nur für diese Sitzung verwenden</translation>
    </message>
    <message>
        <source>Kept in memory until the app quits; never written anywhere</source>
        <translation>Bis zum Beenden der App im Speicher gehalten; nirgends geschrieben</translation>
    </message>
    <message>
        <source>Save in Keychain</source>
        <translation>Im Schlüsselbund speichern</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>Testen</translation>
    </message>
    <message>
        <source>Sends one tiny request to the model and says what happened</source>
        <translation>Sendet eine winzige Anfrage an das Modell und sagt, was geschah</translation>
    </message>
    <message>
        <source>Task runs</source>
        <translation>Aufgabenläufe</translation>
    </message>
    <message>
        <source>Mode:</source>
        <translation>Modus:</translation>
    </message>
    <message>
        <source>Careful: ask me before anything risky</source>
        <translation>Vorsichtig: vor Riskantem fragen</translation>
    </message>
    <message>
        <source>Autonomous: ask only at the floor below</source>
        <translation>Selbstständig: nur bei der Untergrenze fragen</translation>
    </message>
    <message>
        <source>Autonomous runs still ask about:</source>
        <translation>Immer fragen bei:</translation>
    </message>
    <message>
        <source>Payments and sign-ins</source>
        <translation>Zahlungen und Anmeldungen</translation>
    </message>
    <message>
        <source>Nothing — the agent may pay and sign in without asking</source>
        <translation>Nichts – zahlt und meldet sich ohne Nachfrage an</translation>
    </message>
    <message>
        <source>“Nothing” lets an autonomous run spend money and type passwords on its own. Careful runs always ask.</source>
        <translation>„Nichts“ lässt einen selbstständigen Lauf eigenmächtig Geld ausgeben und Passwörter eingeben. Vorsichtige Läufe fragen immer nach.</translation>
    </message>
    <message>
        <source>At most:</source>
        <translation>Höchstens:</translation>
    </message>
    <message>
        <source> steps</source>
        <translation> Schritte</translation>
    </message>
    <message>
        <source>Review progress every:</source>
        <translation>Fortschritt prüfen alle:</translation>
    </message>
    <message>
        <source>Page text per step:</source>
        <translation>Seitentext pro Schritt:</translation>
    </message>
    <message>
        <source> characters</source>
        <translation> Zeichen</translation>
    </message>
    <message>
        <source>Steps shown in full:</source>
        <translation>Ungekürzte Schritte:</translation>
    </message>
    <message>
        <source>Keep finished runs:</source>
        <translation>Beendete Läufe behalten:</translation>
    </message>
    <message>
        <source> days</source>
        <translation> Tage</translation>
    </message>
    <message>
        <source>Any OpenAI-compatible address, e.g. http://127.0.0.1:8000/v1</source>
        <translation>Jede OpenAI-kompatible Adresse, z. B. http://127.0.0.1:8000/v1</translation>
    </message>
    <message>
        <source>Empty: %1&apos;s own address (%2)</source>
        <translation>Leer: die eigene Adresse von %1 (%2)</translation>
    </message>
    <message>
        <source>this service</source>
        <translation>„Eigener Dienst“</translation>
    </message>
    <message>
        <source>This process uses the key in MPA_LLM_API_KEY (it wins over the keychain).</source>
        <translation>Dieser Prozess verwendet den Schlüssel aus MPA_LLM_API_KEY (er hat Vorrang vor dem Schlüsselbund).</translation>
    </message>
    <message>
        <source>%1 runs on this machine and needs no key.</source>
        <translation>%1 läuft auf diesem Rechner und braucht keinen Schlüssel.</translation>
    </message>
    <message>
        <source>Reading the keychain…</source>
        <translation>Schlüsselbund wird gelesen …</translation>
    </message>
    <message>
        <source>The keychain is not available (%1). A key entered here can be used for this session only; it is never written to a file.</source>
        <translation>Der Schlüsselbund ist nicht verfügbar (%1). Ein hier eingegebener Schlüssel kann nur für diese Sitzung verwendet werden; er wird nie in eine Datei geschrieben.</translation>
    </message>
    <message>
        <source>The keychain did not answer: %1</source>
        <translation>Der Schlüsselbund hat nicht geantwortet: %1</translation>
    </message>
    <message>
        <source>No key for %1 yet.</source>
        <translation>Noch kein Schlüssel für %1.</translation>
    </message>
    <message>
        <source>A key for %1 is in the keychain (…%2).</source>
        <translation>Ein Schlüssel für %1 liegt im Schlüsselbund (…%2).</translation>
    </message>
    <message>
        <source>Paste a key first.</source>
        <translation>Fügen Sie zuerst einen Schlüssel ein.</translation>
    </message>
    <message>
        <source>The key is kept for this session only (until the app quits).</source>
        <translation>Der Schlüssel gilt nur für diese Sitzung (bis die App beendet wird).</translation>
    </message>
    <message>
        <source>The keychain refused the key: %1</source>
        <translation>Der Schlüsselbund hat den Schlüssel abgelehnt: %1</translation>
    </message>
    <message>
        <source>The key could not be removed: %1</source>
        <translation>Der Schlüssel konnte nicht entfernt werden: %1</translation>
    </message>
    <message>
        <source>Asking…</source>
        <translation>Wird gefragt …</translation>
    </message>
    <message numerus="yes">
        <source>%n model(s) offered.</source>
        <translation>
            <numerusform>%n Modell angeboten.</numerusform>
            <numerusform>%n Modelle angeboten.</numerusform>
        </translation>
    </message>
    <message>
        <source>Sending a tiny request…</source>
        <translation>Winzige Anfrage wird gesendet …</translation>
    </message>
    <message>
        <source>Let the model rate its progress too</source>
        <translation>Auch das Modell seinen Fortschritt bewerten lassen</translation>
    </message>
    <message>
        <source>The review counts the steps that failed, repeated or changed nothing. With the model&apos;s rating, each review costs one more request.</source>
        <translation>Die Bewertung zählt die Schritte, die fehlschlugen, sich wiederholten oder nichts änderten. Mit der Bewertung des Modells kostet jede Bewertung eine Anfrage mehr.</translation>
    </message>
    <message>
        <source>Secrets for tasks</source>
        <translation>Geheimnisse für Aufgaben</translation>
    </message>
    <message>
        <source>Passwords and codes a task may type without the model seeing them: the task says &lt;secret:name&gt;, and the run types the value on its site only, after asking you as it asks about any sign-in.</source>
        <translation>Passwörter und Codes, die eine Aufgabe eintippen darf, ohne dass das Modell sie sieht: Die Aufgabe schreibt &lt;secret:name&gt;, und der Lauf tippt den Wert nur auf seiner Website ein, nachdem er Sie gefragt hat, wie bei jeder Anmeldung.</translation>
    </message>
    <message>
        <source>Outline each element for a moment before the agent acts on it</source>
        <translation>Jedes Element kurz umranden, bevor der Agent darauf wirkt</translation>
    </message>
    <message>
        <source>Screenshots to the model:</source>
        <translation>Bildschirmfotos an das Modell:</translation>
    </message>
    <message>
        <source>When the model takes images</source>
        <translation>Wenn das Modell Bilder annimmt</translation>
    </message>
    <message>
        <source>Always</source>
        <translation>Immer</translation>
    </message>
    <message>
        <source>Never</source>
        <translation>Nie</translation>
    </message>
    <message>
        <source>Any OpenAI-compatible service</source>
        <translation>Jeder OpenAI-kompatible Dienst</translation>
    </message>
    <message>
        <source>Ollama (this machine)</source>
        <translation>Ollama (dieser Rechner)</translation>
    </message>
    <message>
        <source>LM Studio (this machine)</source>
        <translation>LM Studio (dieser Rechner)</translation>
    </message>
</context>
<context>
    <name>mpa::Notifier</name>
    <message>
        <source>the models</source>
        <translation>Die Modelle</translation>
    </message>
    <message>
        <source>Connection to the IDE lost</source>
        <translation>Verbindung zur IDE verloren</translation>
    </message>
    <message>
        <source>Nothing answers at %1 any more (%2). The app reconnects as soon as the IDE is back.</source>
        <translation>Unter %1 antwortet nichts mehr (%2). Die App verbindet sich wieder, sobald die IDE zurück ist.</translation>
    </message>
    <message>
        <source>Connected to the IDE again</source>
        <translation>Wieder mit der IDE verbunden</translation>
    </message>
    <message>
        <source>%1 answers again.</source>
        <translation>%1 antwortet wieder.</translation>
    </message>
    <message>
        <source>%1 answers again (%2).</source>
        <translation>%1 antwortet wieder (%2).</translation>
    </message>
    <message>
        <source>Command blocked</source>
        <translation>Befehl gesperrt</translation>
    </message>
    <message>
        <source>Not run: %1</source>
        <translation>Nicht ausgeführt: %1</translation>
    </message>
    <message>
        <source>Not run in %1: %2</source>
        <translation>Nicht ausgeführt in %1: %2</translation>
    </message>
    <message>
        <source>Prompt queue finished</source>
        <translation>Warteschlange abgearbeitet</translation>
    </message>
    <message>
        <source>Quota used up</source>
        <translation>Kontingent aufgebraucht</translation>
    </message>
    <message>
        <source>%1 has no quota left; the queue waits.</source>
        <translation>%1: kein Kontingent mehr; die Warteschlange wartet.</translation>
    </message>
    <message>
        <source>%1 has no quota left until %2; the queue waits.</source>
        <translation>%1: kein Kontingent mehr bis %2; die Warteschlange wartet.</translation>
    </message>
    <message>
        <source>Quota is back</source>
        <translation>Kontingent wieder verfügbar</translation>
    </message>
    <message>
        <source>%1 can be used again.</source>
        <translation>%1: wieder nutzbar.</translation>
    </message>
    <message>
        <source>A task run needs you</source>
        <translation>Eine Aufgabe braucht Sie</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>The bridge needs you</source>
        <translation>Die Chat-Brücke braucht Sie</translation>
    </message>
    <message>
        <source>Task run ended</source>
        <translation>Aufgabe beendet</translation>
    </message>
    <message>
        <source>about %1 hours</source>
        <translation>etwa %1 Stunden</translation>
    </message>
    <message>
        <source>about a minute</source>
        <translation>etwa eine Minute</translation>
    </message>
    <message>
        <source>about %1 minutes</source>
        <translation>etwa %1 Minuten</translation>
    </message>
    <message>
        <source>Auto-accept is off: this session</source>
        <translation>Automatisches Annehmen ist aus: diese Sitzung</translation>
    </message>
    <message>
        <source>While you were away</source>
        <translation>Während Sie weg waren</translation>
    </message>
    <message>
        <source>the IDE</source>
        <translation>der IDE</translation>
    </message>
    <message>
        <source>Your week with auto-accept</source>
        <translation>Ihre Woche mit automatischem Annehmen</translation>
    </message>
    <message>
        <source>%1 more commands blocked</source>
        <translation>%1 weitere Befehle gesperrt</translation>
    </message>
    <message>
        <source>The last one: %1</source>
        <translation>Der letzte: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n prompt(s) sent; the queue is empty.</source>
        <translation>
            <numerusform>%n Prompt gesendet; die Warteschlange ist leer.</numerusform>
            <numerusform>%n Prompts gesendet; die Warteschlange ist leer.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n action(s) handled</source>
        <translation>
            <numerusform>%n Aktion erledigt</numerusform>
            <numerusform>%n Aktionen erledigt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1, %n command(s) blocked</source>
        <translation>
            <numerusform>%1, %n Befehl gesperrt</numerusform>
            <numerusform>%1, %n Befehle gesperrt</numerusform>
        </translation>
    </message>
    <message>
        <source>%1; %2 saved.</source>
        <translation>%1; %2 gespart.</translation>
    </message>
    <message>
        <source>%1.</source>
        <translation>%1.</translation>
    </message>
    <message numerus="yes">
        <source>%n action(s) handled in %1 while you were away.</source>
        <translation>
            <numerusform>%n Aktion wurde in %1 erledigt, während Sie weg waren.</numerusform>
            <numerusform>%n Aktionen wurden in %1 erledigt, während Sie weg waren.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Last week the app clicked %n button(s) for you and saved you %1.</source>
        <translation>
            <numerusform>Letzte Woche hat die App %n Schaltfläche für Sie geklickt und Ihnen %1 gespart.</numerusform>
            <numerusform>Letzte Woche hat die App %n Schaltflächen für Sie geklickt und Ihnen %1 gespart.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>It blocked %n dangerous command(s).</source>
        <translation>
            <numerusform>Sie hat %n gefährlichen Befehl gesperrt.</numerusform>
            <numerusform>Sie hat %n gefährliche Befehle gesperrt.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>mpa::PlotWidget</name>
    <message>
        <source>No data yet</source>
        <translation>Noch keine Daten</translation>
    </message>
</context>
<context>
    <name>mpa::PromptItemDelegate</name>
    <message>
        <source>Shift+Enter starts a new line; Enter keeps the prompt; Escape drops the edit.</source>
        <translation>Umschalt+Eingabe beginnt eine neue Zeile; Eingabe übernimmt den Prompt; Esc verwirft die Änderung.</translation>
    </message>
</context>
<context>
    <name>mpa::PromptQueue</name>
    <message>
        <source>The app stopped while the queue was running. Resume to go on (a prompt the chat does not show is sent again), or skip it.</source>
        <translation>Die App wurde beendet, während die Warteschlange lief. Setzen Sie sie fort, um weiterzumachen (ein Prompt, den der Chat nicht zeigt, wird erneut gesendet), oder überspringen Sie ihn.</translation>
    </message>
    <message>
        <source>The app stopped while the queue was running; prompt %1 (“%2”%3) is marked “sent, unconfirmed”. Resume to go on (a prompt the chat does not show is sent again), or skip it.</source>
        <translation>Die App wurde beendet, während die Warteschlange lief; Prompt %1 („%2“%3) ist als „gesendet, unbestätigt“ markiert. Setzen Sie die Warteschlange fort, um weiterzumachen (ein Prompt, den der Chat nicht zeigt, wird erneut gesendet), oder überspringen Sie ihn.</translation>
    </message>
    <message>
        <source>The app stopped while a prompt was being sent; prompt %1 (“%2”%3) is marked “sent, unconfirmed”. Start the queue to go on (a prompt the chat does not show is sent again), or skip it.</source>
        <translation>Die App wurde beendet, während ein Prompt gesendet wurde; Prompt %1 („%2“%3) ist als „gesendet, unbestätigt“ markiert. Starten Sie die Warteschlange, um weiterzumachen (ein Prompt, den der Chat nicht zeigt, wird erneut gesendet), oder überspringen Sie ihn.</translation>
    </message>
    <message>
        <source>The app stopped while a prompt was being sent; prompt %1 (“%2”%3) is marked “sent, unconfirmed”. Resume to go on (a prompt the chat does not show is sent again), or skip it.</source>
        <translation>Die App wurde beendet, während ein Prompt gesendet wurde; Prompt %1 („%2“%3) ist als „gesendet, unbestätigt“ markiert. Setzen Sie die Warteschlange fort, um weiterzumachen (ein Prompt, den der Chat nicht zeigt, wird erneut gesendet), oder überspringen Sie ihn.</translation>
    </message>
    <message>
        <source>, check step</source>
        <translation>, Prüfschritt</translation>
    </message>
    <message>
        <source>Paused by the user.</source>
        <translation>Vom Benutzer pausiert.</translation>
    </message>
    <message>
        <source>Stopped by the user.</source>
        <translation>Vom Benutzer gestoppt.</translation>
    </message>
    <message>
        <source>The app quit while the queue was running; resume to go on.</source>
        <translation>Die App wurde beendet, während die Warteschlange lief; setzen Sie sie fort, um weiterzumachen.</translation>
    </message>
    <message>
        <source>The queue is empty.</source>
        <translation>Die Warteschlange ist leer.</translation>
    </message>
    <message>
        <source>Every prompt of the queue was sent.</source>
        <translation>Alle Prompts der Warteschlange wurden gesendet.</translation>
    </message>
    <message>
        <source>The queue reached its end; 1 skipped prompt remains.</source>
        <translation>Die Warteschlange ist am Ende; 1 übersprungener Prompt bleibt.</translation>
    </message>
    <message>
        <source>The queue reached its end; %1 skipped prompts remain.</source>
        <translation>Die Warteschlange ist am Ende; %1 übersprungene Prompts bleiben.</translation>
    </message>
    <message>
        <source>Prompt %1 (“%2”) could not be sent: %3 It was tried twice; the queue stopped there. Fix the problem and start the queue again.</source>
        <translation>Prompt %1 („%2“) konnte nicht gesendet werden: %3 Er wurde zweimal versucht; die Warteschlange hat dort angehalten. Beheben Sie das Problem und starten Sie die Warteschlange erneut.</translation>
    </message>
</context>
<context>
    <name>mpa::QuestionBox</name>
    <message>
        <source>Your answer</source>
        <translation>Ihre Antwort</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>Ablehnen</translation>
    </message>
    <message>
        <source>Approve</source>
        <translation>Genehmigen</translation>
    </message>
</context>
<context>
    <name>mpa::QueuePage</name>
    <message>
        <source>Prompt queue</source>
        <translation>Warteschlange</translation>
    </message>
    <message>
        <source>Sends prompts to the IDE&apos;s agent on a schedule, or works through a queue of prompts, the next one as soon as the agent has finished the last.</source>
        <translation>Sendet Prompts nach Zeitplan an den Agenten der IDE oder arbeitet eine Warteschlange von Prompts ab, den nächsten, sobald der Agent mit dem letzten fertig ist.</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Not running</source>
        <translation>Läuft nicht</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Starten</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pausieren</translation>
    </message>
    <message>
        <source>Skip</source>
        <translation>Überspringen</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stoppen</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Wann</translation>
    </message>
    <message>
        <source>Send prompts automatically</source>
        <translation>Prompts automatisch senden</translation>
    </message>
    <message>
        <source>Mode:</source>
        <translation>Modus:</translation>
    </message>
    <message>
        <source>Every few minutes</source>
        <translation>Alle paar Minuten</translation>
    </message>
    <message>
        <source>Daily at a time</source>
        <translation>Täglich zu einer Uhrzeit</translation>
    </message>
    <message>
        <source>Queue: next prompt when the agent falls silent</source>
        <translation>Warteschlange: nächster Prompt, wenn der Agent verstummt</translation>
    </message>
    <message>
        <source>Prompt:</source>
        <translation>Prompt:</translation>
    </message>
    <message>
        <source>Start the queue when the app starts</source>
        <translation>Warteschlange beim Start der App starten</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>Warteschlange</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>After sending:</source>
        <translation>Nach dem Senden:</translation>
    </message>
    <message>
        <source>Remove the prompt from the queue</source>
        <translation>Prompt aus der Warteschlange entfernen</translation>
    </message>
    <message>
        <source>Keep it and start over at the end</source>
        <translation>Behalten und am Ende von vorn beginnen</translation>
    </message>
    <message>
        <source>Silent for:</source>
        <translation>Ruhezeit:</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>The agent counts as finished when nothing was clicked and no reply grew for this long.</source>
        <translation>Der Agent gilt als fertig, wenn so lange nichts geklickt wurde und keine Antwort gewachsen ist.</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>Unterhaltung</translation>
    </message>
    <message>
        <source>Send to:</source>
        <translation>Senden an:</translation>
    </message>
    <message>
        <source>The active conversation</source>
        <translation>Die aktive Unterhaltung</translation>
    </message>
    <message>
        <source>Open conversations…</source>
        <translation>Offene Unterhaltungen …</translation>
    </message>
    <message>
        <source>List Conversations</source>
        <translation>Unterhaltungen auflisten</translation>
    </message>
    <message>
        <source>Pick:</source>
        <translation>Auswahl:</translation>
    </message>
    <message>
        <source>Lists the conversations open in the IDE&apos;s agent panel.</source>
        <translation>Listet die Unterhaltungen auf, die im Agentenbereich der IDE offen sind.</translation>
    </message>
    <message>
        <source>Window:</source>
        <translation>Fenster:</translation>
    </message>
    <message>
        <source>Any window (a workspace name picks one)</source>
        <translation>Beliebiges Fenster (ein Arbeitsbereichsname wählt eines aus)</translation>
    </message>
    <message>
        <source>Find Window</source>
        <translation>Fenster finden</translation>
    </message>
    <message>
        <source>Prompts go to:</source>
        <translation>Prompts gehen an:</translation>
    </message>
    <message>
        <source>With several IDE windows open, prompts go to one that shows the agent panel, then to one whose title holds the name above.</source>
        <translation>Sind mehrere IDE-Fenster offen, gehen Prompts an eines, das den Agentenbereich zeigt, dann an eines, dessen Titel den Namen oben enthält.</translation>
    </message>
    <message>
        <source>Check prompt</source>
        <translation>Prüf-Prompt</translation>
    </message>
    <message>
        <source>After each queued prompt, ask the agent to check its work</source>
        <translation>Nach jedem Prompt den Agenten seine Arbeit prüfen lassen</translation>
    </message>
    <message>
        <source>Text:</source>
        <translation>Text:</translation>
    </message>
    <message>
        <source>Quota</source>
        <translation>Kontingent</translation>
    </message>
    <message>
        <source>Wait while the quota is used up; go on when it resets</source>
        <translation>Warten, solange das Kontingent aufgebraucht ist</translation>
    </message>
    <message>
        <source>Then tell the agent to continue where it stopped</source>
        <translation>Danach dem Agenten sagen, dass er weitermachen soll</translation>
    </message>
    <message>
        <source>Status: %1</source>
        <translation>Status: %1</translation>
    </message>
    <message>
        <source>Running: prompt %1 of %2</source>
        <translation>Läuft: Prompt %1 von %2</translation>
    </message>
    <message>
        <source>Paused at prompt %1 of %2</source>
        <translation>Pausiert bei Prompt %1 von %2</translation>
    </message>
    <message>
        <source>The queue is empty: add prompts below, then Start.</source>
        <translation>Die Warteschlange ist leer: Fügen Sie unten Prompts hinzu und drücken Sie dann „Starten“.</translation>
    </message>
    <message>
        <source>Go on from the prompt the queue stopped at</source>
        <translation>Bei dem Prompt weitermachen, an dem die Warteschlange angehalten hat</translation>
    </message>
    <message>
        <source>Send the queue&apos;s prompts one after another, each when the agent has fallen silent after the last</source>
        <translation>Die Prompts der Warteschlange nacheinander senden, jeden, sobald der Agent nach dem letzten verstummt ist</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <source>Pause or stop the queue to change its prompts.</source>
        <translation>Pausieren oder stoppen Sie die Warteschlange, um ihre Prompts zu ändern.</translation>
    </message>
    <message>
        <source>“%1”</source>
        <translation>„%1“</translation>
    </message>
    <message>
        <source>No window found: %1</source>
        <translation>Kein Fenster gefunden: %1</translation>
    </message>
    <message>
        <source>Not chosen yet: the first prompt finds the window.</source>
        <translation>Noch nicht gewählt: Der erste Prompt findet das Fenster.</translation>
    </message>
    <message>
        <source>Looking…</source>
        <translation>Suche …</translation>
    </message>
    <message>
        <source>Asking the IDE…</source>
        <translation>Frage die IDE …</translation>
    </message>
    <message>
        <source>Could not list the conversations: %1</source>
        <translation>Die Unterhaltungen konnten nicht aufgelistet werden: %1</translation>
    </message>
    <message>
        <source>%1 (active)</source>
        <translation>%1 (aktiv)</translation>
    </message>
    <message>
        <source>The agent panel shows no conversation tabs.</source>
        <translation>Der Agentenbereich zeigt keine Unterhaltungs-Tabs.</translation>
    </message>
    <message>
        <source>Minutes between prompts (1 to 1440).</source>
        <translation>Minuten zwischen Prompts (1 bis 1440).</translation>
    </message>
    <message>
        <source>In Queue mode, Start (above, or in the tray menu) runs the queue whether this is on or not; with this on, “Start the queue when the app starts” starts it by itself.</source>
        <translation>Im Warteschlangenmodus startet „Starten“ (oben oder im Menü im Infobereich) die Warteschlange, ob dies an ist oder nicht; ist es an, startet „Warteschlange beim Start der App starten“ sie von selbst.</translation>
    </message>
    <message>
        <source>Turn on “Send prompts automatically” first</source>
        <translation>Schalten Sie zuerst „Prompts automatisch senden“ ein</translation>
    </message>
    <message>
        <source>Running: prompt %1 of %2 (check prompt)</source>
        <translation>Läuft: Prompt %1 von %2 (Prüf-Prompt)</translation>
    </message>
    <message numerus="yes">
        <source>Stopped · %n prompt(s) in the queue</source>
        <translation>
            <numerusform>Gestoppt · %n Prompt in der Warteschlange</numerusform>
            <numerusform>Gestoppt · %n Prompts in der Warteschlange</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 · next scheduled prompt at %2</source>
        <translation>%1 · nächster geplanter Prompt um %2</translation>
    </message>
    <message numerus="yes">
        <source>%n conversation(s) open in the IDE.</source>
        <translation>
            <numerusform>%n Unterhaltung in der IDE offen.</numerusform>
            <numerusform>%n Unterhaltungen in der IDE offen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Every:</source>
        <translation>Alle:</translation>
    </message>
    <message>
        <source> min</source>
        <translation> Min.</translation>
    </message>
    <message>
        <source>At:</source>
        <translation>Um:</translation>
    </message>
    <message>
        <source>Import…</source>
        <translation>Importieren …</translation>
    </message>
    <message>
        <source>Add the prompts of a JSON file (a list of texts) to the end of the queue</source>
        <translation>Die Prompts einer JSON-Datei (einer Liste von Texten) ans Ende der Warteschlange anfügen</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Exportieren …</translation>
    </message>
    <message>
        <source>Save the queue&apos;s prompts to a JSON file (a list of texts)</source>
        <translation>Die Prompts der Warteschlange in einer JSON-Datei (einer Liste von Texten) speichern</translation>
    </message>
    <message>
        <source>Double-click a prompt to edit it (Shift+Enter starts a new line, Enter keeps it); drag prompts to reorder them. The list cannot change while the queue runs.</source>
        <translation>Doppelklicken Sie auf einen Prompt, um ihn zu ändern (Umschalt+Eingabe beginnt eine neue Zeile, Eingabe übernimmt ihn); ziehen Sie Prompts, um sie umzuordnen. Während die Warteschlange läuft, lässt sich die Liste nicht ändern.</translation>
    </message>
    <message>
        <source>Import Prompts</source>
        <translation>Prompts importieren</translation>
    </message>
    <message>
        <source>Prompt lists (*.json);;All files (*)</source>
        <translation>Prompt-Listen (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Export Prompts</source>
        <translation>Prompts exportieren</translation>
    </message>
    <message>
        <source>Prompt lists (*.json)</source>
        <translation>Prompt-Listen (*.json)</translation>
    </message>
    <message>
        <source>Could not read %1: %2.</source>
        <translation>%1 konnte nicht gelesen werden: %2.</translation>
    </message>
    <message>
        <source>%1 is not JSON (%2 at character %3): a prompt list is a JSON list of texts, like [&quot;first prompt&quot;, &quot;second prompt&quot;].</source>
        <translation>%1 ist kein JSON (%2 bei Zeichen %3): Eine Prompt-Liste ist eine JSON-Liste von Texten, etwa [&quot;erster Prompt&quot;, &quot;zweiter Prompt&quot;].</translation>
    </message>
    <message>
        <source>%1 holds no prompts: a prompt list is a JSON list of texts, like [&quot;first prompt&quot;, &quot;second prompt&quot;].</source>
        <translation>%1 enthält keine Prompts: Eine Prompt-Liste ist eine JSON-Liste von Texten, etwa [&quot;erster Prompt&quot;, &quot;zweiter Prompt&quot;].</translation>
    </message>
    <message>
        <source>Entry %1 of %2 is not a text; nothing was imported.</source>
        <translation>Eintrag %1 von %2 ist kein Text; nichts wurde importiert.</translation>
    </message>
    <message>
        <source>Could not save %1: %2.</source>
        <translation>%1 konnte nicht gespeichert werden: %2.</translation>
    </message>
    <message>
        <source>Switch to Queue mode and send the queue&apos;s prompts one after another (the prompt on a schedule stops)</source>
        <translation>In den Warteschlangenmodus wechseln und die Prompts der Warteschlange nacheinander senden (der Prompt nach Zeitplan entfällt)</translation>
    </message>
    <message>
        <source>Not used in Queue mode: the next prompt goes out when the agent falls silent.</source>
        <translation>Im Warteschlangenmodus nicht verwendet: Der nächste Prompt geht hinaus, sobald der Agent verstummt.</translation>
    </message>
    <message>
        <source>Every day at this time.</source>
        <translation>Jeden Tag um diese Uhrzeit.</translation>
    </message>
    <message>
        <source>Not used in Queue mode: the queue&apos;s prompts below are sent.</source>
        <translation>Im Warteschlangenmodus nicht verwendet: Gesendet werden die Prompts der Warteschlange unten.</translation>
    </message>
    <message>
        <source>Sends the prompt below on this schedule while the app runs. Start (above) runs the queue&apos;s prompts instead, switching to Queue mode.</source>
        <translation>Sendet den Prompt unten nach diesem Zeitplan, solange die App läuft. „Starten“ (oben) arbeitet stattdessen die Prompts der Warteschlange ab und wechselt dazu in den Warteschlangenmodus.</translation>
    </message>
    <message>
        <source>The first IDE that shows a chat</source>
        <translation>Die erste IDE, die einen Chat zeigt</translation>
    </message>
    <message>
        <source>Which IDE&apos;s chat the timed prompts and the queue go to (setting schedule/endpoint); a chosen IDE that is not connected is said, and nothing is sent elsewhere</source>
        <translation>In den Chat welcher IDE die geplanten Prompts und die Warteschlange gehen (Einstellung schedule/endpoint); ist die gewählte IDE nicht verbunden, wird das gesagt und nichts anderswohin gesendet</translation>
    </message>
    <message>
        <source>IDE:</source>
        <translation>IDE:</translation>
    </message>
</context>
<context>
    <name>mpa::QuotaHistoryPlot</name>
    <message>
        <source>Remaining quota per model over time</source>
        <translation>Verbleibendes Kontingent je Modell im Zeitverlauf</translation>
    </message>
    <message>
        <source>No data yet: each model&apos;s quota shows here over time after the first readings</source>
        <translation>Noch keine Daten: Das Kontingent jedes Modells erscheint hier nach den ersten Abfragen im Zeitverlauf</translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source>reset</source>
        <translation>Zurücksetzung</translation>
    </message>
</context>
<context>
    <name>mpa::QuotaMonitor</name>
    <message>
        <source>%1 is out of quota until %2</source>
        <translation>%1 hat kein Kontingent mehr bis %2</translation>
    </message>
    <message>
        <source>%1 is out of quota</source>
        <translation>%1 hat kein Kontingent mehr</translation>
    </message>
</context>
<context>
    <name>mpa::QuotaPage</name>
    <message>
        <source>Quota</source>
        <translation>Kontingent</translation>
    </message>
    <message>
        <source>Antigravity limits how much each model may be used. The app watches the quota, pauses the prompt queue while it is used up and resumes when it resets.</source>
        <translation>Antigravity begrenzt, wie viel jedes Modell genutzt werden darf. Die App beobachtet das Kontingent, hält die Warteschlange an, solange es aufgebraucht ist, und setzt sie fort, wenn es erneuert wird.</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>Modelle</translation>
    </message>
    <message>
        <source>Last checked: never</source>
        <translation>Zuletzt geprüft: nie</translation>
    </message>
    <message>
        <source>Check Now</source>
        <translation>Jetzt prüfen</translation>
    </message>
    <message>
        <source>Watching</source>
        <translation>Beobachtung</translation>
    </message>
    <message>
        <source>Watch the quota</source>
        <translation>Kontingent beobachten</translation>
    </message>
    <message>
        <source>Check every:</source>
        <translation>Prüfen alle:</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Hold the queue when:</source>
        <translation>Warteschlange anhalten, wenn:</translation>
    </message>
    <message>
        <source>any watched model is used up</source>
        <translation>irgendein beobachtetes Modell aufgebraucht ist</translation>
    </message>
    <message>
        <source>every watched model is used up</source>
        <translation>jedes beobachtete Modell aufgebraucht ist</translation>
    </message>
    <message>
        <source>With no model chosen, every model is watched. A model the IDE gives no quota for counts as unknown, never as used up.</source>
        <translation>Ist kein Modell gewählt, wird jedes beobachtet. Ein Modell, für das die IDE kein Kontingent angibt, gilt als unbekannt, nie als aufgebraucht.</translation>
    </message>
    <message>
        <source>What to do when the quota runs out or resets is set on the Prompt queue page.</source>
        <translation>Was geschieht, wenn das Kontingent ausgeht oder erneuert wird, legen Sie auf der Seite „Warteschlange“ fest.</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>Wird geprüft …</translation>
    </message>
    <message>
        <source>The engine is not running</source>
        <translation>Die Steuerung läuft nicht</translation>
    </message>
    <message>
        <source>Watching the quota is off</source>
        <translation>Die Beobachtung des Kontingents ist aus</translation>
    </message>
    <message>
        <source>Last checked: %1</source>
        <translation>Zuletzt geprüft: %1</translation>
    </message>
    <message>
        <source>Not watching</source>
        <translation>Keine Beobachtung</translation>
    </message>
    <message>
        <source>Watching the quota is off.</source>
        <translation>Die Beobachtung des Kontingents ist aus.</translation>
    </message>
    <message>
        <source>The prompt queue is held because of %1. %2</source>
        <translation>Die Warteschlange ist angehalten wegen %1. %2</translation>
    </message>
    <message>
        <source>Plan: %1</source>
        <translation>Tarif: %1</translation>
    </message>
    <message>
        <source>Prompt credits: %1 of %2</source>
        <translation>Prompt-Guthaben: %1 von %2</translation>
    </message>
    <message>
        <source>Prompt credits: %1</source>
        <translation>Prompt-Guthaben: %1</translation>
    </message>
    <message>
        <source>%1 (holds the queue)</source>
        <translation>%1 (hält die Warteschlange an)</translation>
    </message>
    <message>
        <source>%1 (not watched)</source>
        <translation>%1 (nicht beobachtet)</translation>
    </message>
    <message>
        <source>%p% left</source>
        <translation>%p % übrig</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>resets %1</source>
        <translation>erneuert %1</translation>
    </message>
    <message>
        <source>No quota reading yet.</source>
        <translation>Noch keine Kontingentangabe.</translation>
    </message>
    <message>
        <source>No quota reading.</source>
        <translation>Keine Kontingentangabe.</translation>
    </message>
    <message>
        <source>Over the last %1 days</source>
        <translation>In den letzten %1 Tagen</translation>
    </message>
    <message>
        <source>No Antigravity is running. The quota is Antigravity&apos;s: it shows here while Antigravity runs; other IDEs have none to read.</source>
        <translation>Antigravity läuft nicht. Das Kontingent gehört zu Antigravity: Es erscheint hier, solange Antigravity läuft; andere IDEs haben keines zum Auslesen.</translation>
    </message>
</context>
<context>
    <name>mpa::RelaunchOffer</name>
    <message>
        <source>%1 is running without debugging — restart it with debugging?</source>
        <translation>%1 läuft ohne Debugging – mit Debugging neu starten?</translation>
    </message>
    <message>
        <source>Restart %1</source>
        <translation>%1 neu starten</translation>
    </message>
    <message>
        <source>The app drives %1 through its debugging port %2, and nothing answers there. %1 quits as if you chose Quit (it may ask you to save your files) and opens again with the same folders. This is asked once; the Connection page can do it any time.</source>
        <translation>Die App steuert %1 über den Debugging-Port %2, doch dort antwortet nichts. %1 wird beendet, als hätten Sie „Beenden“ gewählt (eventuell werden Sie gefragt, ob Ihre Dateien gespeichert werden sollen), und öffnet sich wieder mit denselben Ordnern. Diese Frage kommt nur einmal; auf der Seite „Verbindung“ geht das jederzeit.</translation>
    </message>
    <message>
        <source>Not Now</source>
        <translation>Nicht jetzt</translation>
    </message>
</context>
<context>
    <name>mpa::SafetyPage</name>
    <message>
        <source>Safety</source>
        <translation>Sicherheit</translation>
    </message>
    <message>
        <source>Ban list</source>
        <translation>Sperrliste</translation>
    </message>
    <message>
        <source>Built-in rules always apply: recursive deletes of /, ~ or a drive, dd or mkfs on a disk, fork bombs, downloads piped into a shell, and commands that hide what they run. Add your own below, one per line: plain text matches anywhere in the command, ignoring case and extra spaces; /regex/flags is a JavaScript regular expression, e.g. /git\s+push\s+--force/i.</source>
        <translation>Eingebaute Regeln gelten immer: rekursives Löschen von /, ~ oder einem Laufwerk, dd oder mkfs auf einem Datenträger, Fork-Bomben, in eine Shell geleitete Downloads und Befehle, die verbergen, was sie ausführen. Fügen Sie unten eigene hinzu, eine pro Zeile: Klartext passt überall im Befehl, ohne Rücksicht auf Groß-/Kleinschreibung und zusätzliche Leerzeichen; /regex/flags ist ein regulärer Ausdruck in JavaScript, z. B. /git\s+push\s+--force/i.</translation>
    </message>
    <message>
        <source>None of your own yet. One per line, e.g. npm publish or /git\s+push\s+--force/i</source>
        <translation>Noch keine eigenen. Eine pro Zeile, z. B. npm publish oder /git\s+push\s+--force/i</translation>
    </message>
    <message>
        <source>Remove My Patterns…</source>
        <translation>Meine Muster entfernen …</translation>
    </message>
    <message>
        <source>Would this be blocked?</source>
        <translation>Würde dies gesperrt?</translation>
    </message>
    <message>
        <source>Type a command, e.g. sudo rm -rf / --no-preserve-root</source>
        <translation>Geben Sie einen Befehl ein, z. B. sudo rm -rf / --no-preserve-root</translation>
    </message>
    <message>
        <source>Nothing was blocked since the app started.</source>
        <translation>Seit dem Start der App wurde nichts gesperrt.</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Page</source>
        <translation>Seite</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Befehl</translation>
    </message>
    <message>
        <source>No patterns of your own: the built-in rules alone</source>
        <translation>Keine eigenen Muster: nur die eingebauten Regeln</translation>
    </message>
    <message>
        <source>Reset the ban list</source>
        <translation>Sperrliste zurücksetzen</translation>
    </message>
    <message>
        <source>Remove the patterns you added? The built-in rules stay; they cannot be turned off.</source>
        <translation>Die von Ihnen hinzugefügten Muster entfernen? Die eingebauten Regeln bleiben; sie lassen sich nicht abschalten.</translation>
    </message>
    <message numerus="yes">
        <source>%n pattern(s)</source>
        <translation>
            <numerusform>%n Muster</numerusform>
            <numerusform>%n Muster</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1, %n of them regular expression(s)</source>
        <translation>
            <numerusform>%1, davon %n regulärer Ausdruck</numerusform>
            <numerusform>%1, davon %n reguläre Ausdrücke</numerusform>
        </translation>
    </message>
    <message>
        <source>Which commands auto-accept may run for you. A command it may not run is never clicked: it waits for you, and agents driving a page are refused it too.</source>
        <translation>Welche Befehle das automatische Annehmen für Sie ausführen darf. Ein Befehl, den es nicht ausführen darf, wird nie geklickt: Er wartet auf Sie, und Agenten, die eine Seite steuern, wird er ebenfalls verweigert.</translation>
    </message>
    <message>
        <source>Commands auto-accept runs</source>
        <translation>Befehle, die das automatische Annehmen ausführt</translation>
    </message>
    <message>
        <source>Rules: click unless banned or unverifiable</source>
        <translation>Regeln: klicken, außer wenn gesperrt oder nicht prüfbar</translation>
    </message>
    <message>
        <source>Allow list: click a command only when every part of it is on your list</source>
        <translation>Erlaubnisliste: nur klicken, wenn jeder Teil auf Ihrer Liste steht</translation>
    </message>
    <message>
        <source>Setting: %1</source>
        <translation>Einstellung: %1</translation>
    </message>
    <message>
        <source>Auto-accept runs any command that no built-in rule and none of your ban patterns stops, as long as it can read the whole command. What it cannot check (a command hidden in $⁠(…), eval, a download piped into a shell) waits for you.</source>
        <translation>Das automatische Annehmen führt jeden Befehl aus, den keine eingebaute Regel und keines Ihrer Sperrmuster aufhält, solange es den ganzen Befehl lesen kann. Was es nicht prüfen kann (ein in $⁠(…) versteckter Befehl, eval, ein in eine Shell geleiteter Download), wartet auf Sie.</translation>
    </message>
    <message>
        <source>Safer: auto-accept runs a command only when every command in it (each side of a pipe, &amp;&amp;, ;) matches an entry of your allow list. Anything else waits for you to click it. The ban list still applies.</source>
        <translation>Sicherer: Das automatische Annehmen führt einen Befehl nur aus, wenn jeder Befehl darin (jede Seite einer Pipe, &amp;&amp;, ;) zu einem Eintrag Ihrer Erlaubnisliste passt. Alles andere wartet, bis Sie es klicken. Die Sperrliste gilt weiterhin.</translation>
    </message>
    <message>
        <source>Either way, buttons that do not run a command (accepting a file edit, Retry, Continue) follow the button words on the Auto-accept page.</source>
        <translation>In beiden Fällen folgen Schaltflächen, die keinen Befehl ausführen (eine Dateiänderung annehmen, Retry, Continue), den Schaltflächenwörtern auf der Seite „Automatisch annehmen“.</translation>
    </message>
    <message>
        <source>Allow list</source>
        <translation>Erlaubnisliste</translation>
    </message>
    <message>
        <source>One command per line, as its words: git status matches exactly that; * as the last word stands for any further words (npm run *). Matched on the command as auto-accept reads it, after sudo, env and the like, never as part of a longer word.</source>
        <translation>Ein Befehl pro Zeile, als seine Wörter: git status passt genau darauf; * als letztes Wort steht für beliebige weitere Wörter (npm run *). Verglichen wird der Befehl so, wie das automatische Annehmen ihn liest, nach sudo, env und Ähnlichem, nie als Teil eines längeren Wortes.</translation>
    </message>
    <message>
        <source>Empty: no command is run for you. One per line, e.g. git status or npm run *</source>
        <translation>Leer: Kein Befehl wird für Sie ausgeführt. Einer pro Zeile, z. B. git status oder npm run *</translation>
    </message>
    <message>
        <source>Restore Defaults…</source>
        <translation>Standard wiederherstellen …</translation>
    </message>
    <message>
        <source>Put back the first entries: commands that only read or run tests</source>
        <translation>Die ersten Einträge zurückholen: Befehle, die nur lesen oder Tests ausführen</translation>
    </message>
    <message>
        <source>Decided by:</source>
        <translation>Entschieden durch:</translation>
    </message>
    <message>
        <source>Why:</source>
        <translation>Warum:</translation>
    </message>
    <message>
        <source>Read as:</source>
        <translation>Gelesen als:</translation>
    </message>
    <message>
        <source>Recently blocked or waiting for you</source>
        <translation>Zuletzt gesperrt oder wartend auf Sie</translation>
    </message>
    <message>
        <source>Rule or pattern</source>
        <translation>Regel oder Muster</translation>
    </message>
    <message>
        <source>Type a command to test it against your allow list, the built-in rules and your ban patterns.</source>
        <translation>Geben Sie einen Befehl ein, um ihn gegen Ihre Erlaubnisliste, die eingebauten Regeln und Ihre Sperrmuster zu prüfen.</translation>
    </message>
    <message>
        <source>Type a command to test it against the built-in rules and your ban patterns.</source>
        <translation>Geben Sie einen Befehl ein, um ihn gegen die eingebauten Regeln und Ihre Sperrmuster zu prüfen.</translation>
    </message>
    <message>
        <source>Blocked: auto-accept never runs it.</source>
        <translation>Gesperrt: Das automatische Annehmen führt ihn nie aus.</translation>
    </message>
    <message>
        <source>the built-in rule %1</source>
        <translation>die eingebaute Regel %1</translation>
    </message>
    <message>
        <source>your pattern %1</source>
        <translation>Ihr Muster %1</translation>
    </message>
    <message>
        <source>Waits for you: auto-accept cannot check what it runs.</source>
        <translation>Wartet auf Sie: Das automatische Annehmen kann nicht prüfen, was er ausführt.</translation>
    </message>
    <message>
        <source>Waits for you: not all of it is on your allow list.</source>
        <translation>Wartet auf Sie: Nicht alles davon steht auf Ihrer Erlaubnisliste.</translation>
    </message>
    <message>
        <source>Run for you: every part of it is on your allow list, and nothing bans it.</source>
        <translation>Wird für Sie ausgeführt: Jeder Teil davon steht auf Ihrer Erlaubnisliste, und nichts sperrt ihn.</translation>
    </message>
    <message>
        <source>Run for you: no rule and none of your patterns stops it.</source>
        <translation>Wird für Sie ausgeführt: Keine Regel und keines Ihrer Muster hält ihn auf.</translation>
    </message>
    <message>
        <source>Skipped from settings.ini: %1. Your other patterns apply. Saving the list here leaves the skipped one out; type it in again, fixed, to keep it.</source>
        <translation>Aus settings.ini übersprungen: %1. Ihre anderen Muster gelten. Wird die Liste hier gespeichert, fehlt der übersprungene Eintrag; geben Sie ihn berichtigt erneut ein, um ihn zu behalten.</translation>
    </message>
    <message>
        <source>The list is empty: no command is run for you</source>
        <translation>Die Liste ist leer: Kein Befehl wird für Sie ausgeführt</translation>
    </message>
    <message numerus="yes">
        <source>%n command(s) on the list</source>
        <translation>
            <numerusform>%n Befehl auf der Liste</numerusform>
            <numerusform>%n Befehle auf der Liste</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (the first entries)</source>
        <translation>%1 (die ersten Einträge)</translation>
    </message>
    <message>
        <source>Skipped from settings.ini: %1. Your other entries apply. Saving the list here leaves the skipped one out; type it in again, fixed, to keep it.</source>
        <translation>Aus settings.ini übersprungen: %1. Ihre anderen Einträge gelten. Wird die Liste hier gespeichert, fehlt der übersprungene Eintrag; geben Sie ihn berichtigt erneut ein, um ihn zu behalten.</translation>
    </message>
    <message>
        <source>Restore the allow list</source>
        <translation>Erlaubnisliste wiederherstellen</translation>
    </message>
    <message>
        <source>Put back the first entries (commands that only read or run tests) in place of your list?</source>
        <translation>Die ersten Einträge (Befehle, die nur lesen oder Tests ausführen) anstelle Ihrer Liste zurückholen?</translation>
    </message>
    <message>
        <source>it is a fork bomb</source>
        <translation>es ist eine Fork-Bombe</translation>
    </message>
    <message>
        <source>it deletes a root, home or system folder recursively</source>
        <translation>es löscht rekursiv einen Stamm-, Home- oder Systemordner</translation>
    </message>
    <message>
        <source>it writes a raw device with dd</source>
        <translation>es beschreibt mit dd ein Rohgerät</translation>
    </message>
    <message>
        <source>it formats a disk</source>
        <translation>es formatiert einen Datenträger</translation>
    </message>
    <message>
        <source>it writes over a disk device</source>
        <translation>es überschreibt ein Datenträgergerät</translation>
    </message>
    <message>
        <source>it rewrites a disk&apos;s partition table or discards its blocks</source>
        <translation>es schreibt die Partitionstabelle eines Datenträgers neu oder verwirft seine Blöcke</translation>
    </message>
    <message>
        <source>it changes permissions, ACLs or owners of /, ~ or a system folder recursively</source>
        <translation>es ändert rekursiv Rechte, ACLs oder Eigentümer von /, ~ oder einem Systemordner</translation>
    </message>
    <message>
        <source>it deletes everything find reaches from /, ~ or a system folder</source>
        <translation>es löscht alles, was find von /, ~ oder einem Systemordner aus erreicht</translation>
    </message>
    <message>
        <source>it mirrors into /, ~ or a system folder with rsync --delete</source>
        <translation>es spiegelt mit rsync --delete nach /, ~ oder in einen Systemordner</translation>
    </message>
    <message>
        <source>it moves /, ~ or a system folder away</source>
        <translation>es verschiebt /, ~ oder einen Systemordner</translation>
    </message>
    <message>
        <source>it runs a downloaded script</source>
        <translation>es führt ein heruntergeladenes Skript aus</translation>
    </message>
    <message>
        <source>it runs a script decoded from hidden text</source>
        <translation>es führt ein aus verstecktem Text dekodiertes Skript aus</translation>
    </message>
    <message>
        <source>it runs a file it has just downloaded or decoded</source>
        <translation>es führt eine Datei aus, die es gerade heruntergeladen oder dekodiert hat</translation>
    </message>
</context>
<context>
    <name>mpa::SecretsEditor</name>
    <message>
        <source>Save Secret</source>
        <translation>Geheimnis speichern</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>password</source>
        <translation>passwort</translation>
    </message>
    <message>
        <source>example.com</source>
        <translation>example.com</translation>
    </message>
    <message>
        <source>Kept in the keychain, never shown again</source>
        <translation>Im Schlüsselbund aufbewahrt, nie wieder angezeigt</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <source>Site:</source>
        <translation>Website:</translation>
    </message>
    <message>
        <source>Value:</source>
        <translation>Wert:</translation>
    </message>
    <message>
        <source>&lt;secret:%1&gt; — typed on %2</source>
        <translation>&lt;secret:%1&gt; — wird auf %2 eingetippt</translation>
    </message>
    <message>
        <source>The keychain is not available%1: secrets cannot be kept.</source>
        <translation>Der Schlüsselbund ist nicht verfügbar%1: Geheimnisse können nicht aufbewahrt werden.</translation>
    </message>
    <message>
        <source>A task uses a secret as &lt;secret:name&gt;; the model never sees its value.</source>
        <translation>Eine Aufgabe verwendet ein Geheimnis als &lt;secret:name&gt;; das Modell sieht seinen Wert nie.</translation>
    </message>
    <message>
        <source>Type the secret&apos;s value first.</source>
        <translation>Geben Sie zuerst den Wert des Geheimnisses ein.</translation>
    </message>
    <message>
        <source>The keychain refused the secret: %1</source>
        <translation>Der Schlüsselbund hat das Geheimnis abgelehnt: %1</translation>
    </message>
    <message>
        <source>&lt;secret:%1&gt; is kept in the keychain and typed on %2 only.</source>
        <translation>&lt;secret:%1&gt; liegt im Schlüsselbund und wird nur auf %2 eingetippt.</translation>
    </message>
    <message>
        <source>&lt;secret:%1&gt; is removed, from the keychain too.</source>
        <translation>&lt;secret:%1&gt; ist entfernt, auch aus dem Schlüsselbund.</translation>
    </message>
    <message>
        <source>&lt;secret:%1&gt; is removed from the list; the keychain kept its value: %2</source>
        <translation>&lt;secret:%1&gt; ist aus der Liste entfernt; der Schlüsselbund hat seinen Wert behalten: %2</translation>
    </message>
</context>
<context>
    <name>mpa::SendPromptDialog</name>
    <message>
        <source>Send Prompt Now</source>
        <translation>Prompt jetzt senden</translation>
    </message>
    <message>
        <source>A prompt for the IDE&apos;s agent, sent now to the conversation set on the Prompt queue page:</source>
        <translation>Ein Prompt für den Agenten der IDE, jetzt gesendet an die Unterhaltung, die auf der Seite „Warteschlange“ eingestellt ist:</translation>
    </message>
    <message>
        <source>e.g. Run the tests and fix what fails</source>
        <translation>z. B. Führe die Tests aus und behebe, was fehlschlägt</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Senden</translation>
    </message>
    <message>
        <source>Send (Ctrl+Enter)</source>
        <translation>Senden (Strg+Eingabe)</translation>
    </message>
    <message>
        <source>The app is not running its engine.</source>
        <translation>Die Steuerung der App läuft nicht.</translation>
    </message>
    <message>
        <source>No IDE is connected, so there is nowhere to send it: start your IDE with debugging on (the Connection page can do it) and this becomes possible.</source>
        <translation>Keine IDE ist verbunden, daher gibt es kein Ziel: Starten Sie Ihre IDE mit aktiviertem Debugging (die Seite „Verbindung“ kann das), dann wird dies möglich.</translation>
    </message>
    <message>
        <source>Sending…</source>
        <translation>Wird gesendet …</translation>
    </message>
    <message>
        <source>Not sent: %1</source>
        <translation>Nicht gesendet: %1</translation>
    </message>
    <message>
        <source>Your text is still here; Send tries again.</source>
        <translation>Ihr Text bleibt erhalten; „Senden“ versucht es erneut.</translation>
    </message>
</context>
<context>
    <name>mpa::ServersPage</name>
    <message>
        <source>Port %1 is in use by another program; choose another.</source>
        <translation>Port %1 wird von einem anderen Programm belegt; wählen Sie einen anderen.</translation>
    </message>
    <message>
        <source>Servers</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Let scripts and other agents drive the app. Both servers listen on 127.0.0.1 only and refuse any client without the token.</source>
        <translation>Lassen Sie Skripte und andere Agenten die App steuern. Beide Server lauschen nur auf 127.0.0.1 und weisen jeden Client ohne das Token ab.</translation>
    </message>
    <message>
        <source>Debug API</source>
        <translation>Debug-API</translation>
    </message>
    <message>
        <source>Serve the debug API (HTTP)</source>
        <translation>Debug-API anbieten (HTTP)</translation>
    </message>
    <message>
        <source>Port:</source>
        <translation>Port:</translation>
    </message>
    <message>
        <source>Let the debug API run any script in your pages</source>
        <translation>Debug-API darf beliebige Skripte in Ihren Seiten ausführen</translation>
    </message>
    <message>
        <source>Setting: debug/allowEvaluate (the evaluateInBrowser action)</source>
        <translation>Einstellung: debug/allowEvaluate (die Aktion evaluateInBrowser)</translation>
    </message>
    <message>
        <source>Only for debugging: anyone with the token can then read and change every page the app is attached to.</source>
        <translation>Nur zum Debuggen: Jeder mit dem Token kann dann jede Seite lesen und ändern, mit der die App verbunden ist.</translation>
    </message>
    <message>
        <source>the debug API</source>
        <translation>Debug-API</translation>
    </message>
    <message>
        <source>Token:</source>
        <translation>Token:</translation>
    </message>
    <message>
        <source>multi-purpose-agent ctl ACTION reads this token by itself.</source>
        <translation>multi-purpose-agent ctl AKTION liest dieses Token von selbst.</translation>
    </message>
    <message>
        <source>State:</source>
        <translation>Zustand:</translation>
    </message>
    <message>
        <source>Listening on http://127.0.0.1:%1</source>
        <translation>Lauscht auf http://127.0.0.1:%1</translation>
    </message>
    <message>
        <source>Not running: %1.</source>
        <translation>Läuft nicht: %1.</translation>
    </message>
    <message>
        <source>Not running</source>
        <translation>Läuft nicht</translation>
    </message>
    <message>
        <source>Agent server</source>
        <translation>Agent-Server</translation>
    </message>
    <message>
        <source>Serve the browser toolkit to agents (WebSocket)</source>
        <translation>Das Browser-Toolkit für Agenten anbieten (WebSocket)</translation>
    </message>
    <message>
        <source>Mode:</source>
        <translation>Modus:</translation>
    </message>
    <message>
        <source>Server: agents connect to this app</source>
        <translation>Server: Agenten verbinden sich mit dieser App</translation>
    </message>
    <message>
        <source>Client: this app dials out to an agent (as the LLM Browser Agent extension did)</source>
        <translation>Client: Die App wählt einen Agenten an (wie LLM Browser Agent)</translation>
    </message>
    <message>
        <source>Server mode listens here.</source>
        <translation>Im Server-Modus wird hier gelauscht.</translation>
    </message>
    <message>
        <source>Agent URL:</source>
        <translation>Agent-URL:</translation>
    </message>
    <message>
        <source>Client mode connects here and retries every 1–30 s while nobody answers.</source>
        <translation>Im Client-Modus wird hierhin verbunden und alle 1–30 s erneut versucht, solange niemand antwortet.</translation>
    </message>
    <message>
        <source>the agent server</source>
        <translation>Agent-Server</translation>
    </message>
    <message>
        <source>Clients pass it as ?token=… or in a first {&quot;type&quot;:&quot;auth&quot;} message. multi-purpose-agent mcp serves the same tools over MCP on stdio.</source>
        <translation>Clients übergeben es als ?token=… oder in einer ersten Nachricht {&quot;type&quot;:&quot;auth&quot;}. multi-purpose-agent mcp bietet dieselben Werkzeuge über MCP auf stdio an.</translation>
    </message>
    <message>
        <source>Your tabs</source>
        <translation>Ihre Tabs</translation>
    </message>
    <message>
        <source>Agents always control the tabs they open. A tab of yours (the one you are looking at, or one an agent names) needs your consent.</source>
        <translation>Agenten steuern die Tabs, die sie öffnen, immer. Für einen Ihrer Tabs (den, den Sie gerade ansehen, oder einen, den ein Agent nennt) brauchen sie Ihre Zustimmung.</translation>
    </message>
    <message>
        <source>Agents on your tabs:</source>
        <translation>Agenten auf Ihren Tabs:</translation>
    </message>
    <message>
        <source>Ask me each time (Allow once · Allow for this site · Deny)</source>
        <translation>Jedes Mal fragen (einmal · Website · ablehnen)</translation>
    </message>
    <message>
        <source>Allow without asking</source>
        <translation>Ohne Nachfrage erlauben</translation>
    </message>
    <message>
        <source>Never</source>
        <translation>Nie</translation>
    </message>
    <message>
        <source>Let agents open file: addresses (your files)</source>
        <translation>Agenten file:-Adressen öffnen lassen (Ihre Dateien)</translation>
    </message>
    <message>
        <source>The app&apos;s own folders (its tokens and settings) are never opened, whatever this says.</source>
        <translation>Die eigenen Ordner der App (ihre Tokens und Einstellungen) werden nie geöffnet, egal was hier steht.</translation>
    </message>
    <message>
        <source>Sites allowed:</source>
        <translation>Erlaubte Websites:</translation>
    </message>
    <message>
        <source>one host per line, e.g. mail.google.com</source>
        <translation>ein Host pro Zeile, z. B. mail.google.com</translation>
    </message>
    <message>
        <source>Added by “Allow for this site”; delete a line to take the grant back. Without a desktop (the mcp command alone) only these sites and “Allow without asking” let an agent in.</source>
        <translation>Hinzugefügt durch „Für diese Website erlauben“; löschen Sie eine Zeile, um die Erlaubnis zurückzunehmen. Ohne Desktop (nur der Befehl mcp) lassen nur diese Websites und „Ohne Nachfrage erlauben“ einen Agenten herein.</translation>
    </message>
    <message>
        <source>Uploads from:</source>
        <translation>Hochladen aus:</translation>
    </message>
    <message>
        <source>one folder per line, e.g. /home/you/uploads</source>
        <translation>ein Ordner pro Zeile, z. B. /home/sie/uploads</translation>
    </message>
    <message>
        <source>Agents may put files from these folders (and the folders inside them) into a page&apos;s file upload: no other file, and never the app&apos;s own folders.</source>
        <translation>Agenten dürfen Dateien aus diesen Ordnern (und den Ordnern darin) in das Datei-Hochladen einer Seite legen: keine andere Datei und nie die eigenen Ordner der App.</translation>
    </message>
    <message>
        <source>Sign-ins allowed:</source>
        <translation>Erlaubte Anmeldungen:</translation>
    </message>
    <message>
        <source>one host per line, e.g. github.com</source>
        <translation>ein Host pro Zeile, z. B. github.com</translation>
    </message>
    <message>
        <source>Sites whose cookies and stored data (your sign-ins) agents may read and change without asking. Asked for on their own: a site allowed above is not one of these. Delete a line to take the grant back.</source>
        <translation>Websites, deren Cookies und gespeicherte Daten (Ihre Anmeldungen) Agenten ohne Nachfrage lesen und ändern dürfen. Sie werden eigens erfragt: Eine oben erlaubte Website gehört nicht dazu. Löschen Sie eine Zeile, um die Erlaubnis zurückzunehmen.</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Aus</translation>
    </message>
</context>
<context>
    <name>mpa::SettingField</name>
    <message>
        <source>Takes effect after a restart</source>
        <translation>Wirkt nach einem Neustart</translation>
    </message>
    <message>
        <source>Setting: %1</source>
        <translation>Einstellung: %1</translation>
    </message>
    <message>
        <source>Not saved: %1. Your other entries are saved and apply.</source>
        <translation>Nicht gespeichert: %1. Ihre anderen Einträge sind gespeichert und gelten.</translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) not saved, the marked ones (the first: %1). Your other entries are saved and apply.</source>
        <translation>
            <numerusform>%n Zeile nicht gespeichert, die markierte (die erste: %1). Ihre anderen Einträge sind gespeichert und gelten.</numerusform>
            <numerusform>%n Zeilen nicht gespeichert, die markierten (die erste: %1). Ihre anderen Einträge sind gespeichert und gelten.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>mpa::Settings</name>
    <message>
        <source>the host is empty</source>
        <translation>der Host ist leer</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is neither an IP address nor a host name</source>
        <translation>„%1“ ist weder eine IP-Adresse noch ein Hostname</translation>
    </message>
    <message>
        <source>an interval must be 1 to 1440 minutes</source>
        <translation>ein Intervall muss 1 bis 1440 Minuten lang sein</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is neither a number of minutes nor a time of day (HH:MM)</source>
        <translation>„%1“ ist weder eine Anzahl Minuten noch eine Uhrzeit (HH:MM)</translation>
    </message>
    <message>
        <source>entry %1 is empty</source>
        <translation>Eintrag %1 ist leer</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a site: give a host name such as example.com (no scheme, path or port)</source>
        <translation>„%1“ ist keine Website: Geben Sie einen Hostnamen wie example.com an (ohne Schema, Pfad oder Port)</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a rule: write name=regular expression (the name a word such as employee-id)</source>
        <translation>„%1“ ist keine Regel: Schreiben Sie Name=regulärer Ausdruck (der Name ein Wort wie employee-id)</translation>
    </message>
    <message>
        <source>the rule &apos;%1&apos; is not a valid regular expression: %2</source>
        <translation>die Regel „%1“ ist kein gültiger regulärer Ausdruck: %2</translation>
    </message>
    <message>
        <source>the temperature must be a number from 0 to 2</source>
        <translation>die Temperatur muss eine Zahl von 0 bis 2 sein</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not an http(s) address</source>
        <translation>„%1“ ist keine http(s)-Adresse</translation>
    </message>
    <message>
        <source>it is empty</source>
        <translation>das Feld ist leer</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not true or false</source>
        <translation>„%1“ ist weder true noch false</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a whole number</source>
        <translation>„%1“ ist keine ganze Zahl</translation>
    </message>
    <message>
        <source>%1 is outside %2–%3</source>
        <translation>%1 liegt außerhalb von %2–%3</translation>
    </message>
    <message>
        <source>it is not text</source>
        <translation>der Wert ist kein Text</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not one of %2</source>
        <translation>„%1“ ist keiner der Werte %2</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a folder&apos;s full path: give one such as /home/you/uploads</source>
        <translation>„%1“ ist kein vollständiger Ordnerpfad: Geben Sie einen wie /home/sie/uploads an</translation>
    </message>
    <message>
        <source>Make sure that the previous task was implemented fully as per requirements, implement all gaps, fix all bugs and test everything. Make sure that you reused existing code where possible instead of duplicating code. Think it through carefully, and keep your answer short.</source>
        <translation>Stellen Sie sicher, dass die vorige Aufgabe vollständig gemäß den Anforderungen umgesetzt wurde: Schließen Sie alle Lücken, beheben Sie alle Fehler und testen Sie alles. Stellen Sie sicher, dass Sie vorhandenen Code wo möglich wiederverwendet haben, statt Code zu duplizieren. Denken Sie es sorgfältig durch, und halten Sie Ihre Antwort kurz.</translation>
    </message>
    <message>
        <source>Status report please</source>
        <translation>Bitte einen Statusbericht</translation>
    </message>
    <message>
        <source>Continue</source>
        <translation>Weiter</translation>
    </message>
</context>
<context>
    <name>mpa::SettingsPage</name>
    <message>
        <source>Start</source>
        <translation>Starten</translation>
    </message>
</context>
<context>
    <name>mpa::TabConsentDialog</name>
    <message>
        <source>An agent asks for your tab</source>
        <translation>Ein Agent möchte Ihren Tab nutzen</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; wants to use the tab &lt;b&gt;%2&lt;/b&gt;%3.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; möchte den Tab &lt;b&gt;%2&lt;/b&gt;%3 nutzen.</translation>
    </message>
    <message>
        <source>It could read the page and act in it as you would (click, type, navigate) until it disconnects. Refused by itself in %1 s.</source>
        <translation>Er könnte die Seite lesen und darin handeln wie Sie (klicken, tippen, navigieren), bis er die Verbindung trennt. Wird in %1 s von selbst abgelehnt.</translation>
    </message>
    <message>
        <source>Allow once</source>
        <translation>Einmal erlauben</translation>
    </message>
    <message>
        <source>Allow for this site</source>
        <translation>Für diese Website erlauben</translation>
    </message>
    <message>
        <source>Allow for %1</source>
        <translation>Für %1 erlauben</translation>
    </message>
    <message>
        <source>Remembered in toolkit/allowedSites; remove it on the Servers page.</source>
        <translation>Gespeichert in toolkit/allowedSites; entfernen Sie es auf der Seite „Server“.</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>Ablehnen</translation>
    </message>
    <message>
        <source>An agent asks for your sign-in</source>
        <translation>Ein Agent bittet um Ihre Anmeldung</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; wants to read and change the cookies and stored data of &lt;b&gt;%2&lt;/b&gt;.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; möchte die Cookies und gespeicherten Daten von &lt;b&gt;%2&lt;/b&gt; lesen und ändern.</translation>
    </message>
    <message>
        <source>Cookies hold your sign-in to the site, also those no page can read: with them the agent could act as you there, from anywhere, until they expire. Refused by itself in %1 s.</source>
        <translation>Cookies enthalten Ihre Anmeldung bei der Website, auch solche, die keine Seite lesen kann: Mit ihnen könnte der Agent dort von überall aus in Ihrem Namen handeln, bis sie ablaufen. Wird in %1 s von selbst abgelehnt.</translation>
    </message>
    <message>
        <source>Remembered in toolkit/dataSites.</source>
        <translation>Gespeichert in toolkit/dataSites.</translation>
    </message>
</context>
<context>
    <name>mpa::TabConsentPrompter</name>
    <message>
        <source>An agent asks for your tab</source>
        <translation>Ein Agent möchte Ihren Tab nutzen</translation>
    </message>
    <message>
        <source>%1 wants to use “%2”%3. Answer in the window that opened.</source>
        <translation>%1 möchte „%2“%3 nutzen. Antworten Sie im geöffneten Fenster.</translation>
    </message>
    <message>
        <source>An agent asks for your sign-in</source>
        <translation>Ein Agent bittet um Ihre Anmeldung</translation>
    </message>
    <message>
        <source>%1 wants the cookies and storage of %2. Answer in the window that opened.</source>
        <translation>%1 möchte die Cookies und Speicherdaten von %2. Antworten Sie im geöffneten Fenster.</translation>
    </message>
</context>
<context>
    <name>mpa::TasksPage</name>
    <message>
        <source>Running</source>
        <translation>Läuft</translation>
    </message>
    <message>
        <source>Waiting for you</source>
        <translation>Wartet auf Sie</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Fertig</translation>
    </message>
    <message>
        <source>Done, not successful</source>
        <translation>Fertig, ohne Erfolg</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>Gestoppt</translation>
    </message>
    <message>
        <source>Interrupted</source>
        <translation>Unterbrochen</translation>
    </message>
    <message>
        <source>navigated</source>
        <translation>navigiert</translation>
    </message>
    <message>
        <source>new tab</source>
        <translation>neuer Tab</translation>
    </message>
    <message>
        <source>dialog</source>
        <translation>Dialog</translation>
    </message>
    <message>
        <source>Tasks</source>
        <translation>Aufgaben</translation>
    </message>
    <message>
        <source>Give the AI agent a task in one of your browser&apos;s tabs and watch it work. It acts only on that tab and the tabs it opens; in careful mode it asks you before anything risky.</source>
        <translation>Geben Sie dem KI-Agenten eine Aufgabe in einem Tab Ihres Browsers und sehen Sie ihm bei der Arbeit zu. Er handelt nur in diesem Tab und den Tabs, die er öffnet; im vorsichtigen Modus fragt er Sie vor allem Riskanten.</translation>
    </message>
    <message>
        <source>New task</source>
        <translation>Neue Aufgabe</translation>
    </message>
    <message>
        <source>e.g. Find the cheapest direct flight from Berlin to Lisbon next Friday and tell me its price</source>
        <translation>z. B. Finde den günstigsten Direktflug von Berlin nach Lissabon am nächsten Freitag und nenne mir den Preis</translation>
    </message>
    <message>
        <source>Task:</source>
        <translation>Aufgabe:</translation>
    </message>
    <message>
        <source>Work in:</source>
        <translation>Arbeiten in:</translation>
    </message>
    <message>
        <source>Start address:</source>
        <translation>Startadresse:</translation>
    </message>
    <message>
        <source>Careful — ask me before payments, sign-ins, sending, deleting, files, other sites</source>
        <translation>Vorsichtig – fragt vor Zahlung, Anmeldung, Senden, Löschen, Dateien, anderen Websites</translation>
    </message>
    <message>
        <source>Autonomous — ask only about payments and sign-ins</source>
        <translation>Selbstständig – fragt nur bei Zahlung und Anmeldung</translation>
    </message>
    <message>
        <source>Mode:</source>
        <translation>Modus:</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>No run yet.</source>
        <translation>Noch kein Lauf.</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stoppen</translation>
    </message>
    <message>
        <source>The run asks you</source>
        <translation>Der Lauf fragt Sie</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>Ablehnen</translation>
    </message>
    <message>
        <source>Approve</source>
        <translation>Genehmigen</translation>
    </message>
    <message>
        <source>#</source>
        <translation>Nr.</translation>
    </message>
    <message>
        <source>Thought</source>
        <translation>Gedanke</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Element</source>
        <translation>Element</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Effect</source>
        <translation>Wirkung</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>Aufgabe</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Schritte</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <source>Run Again</source>
        <translation>Erneut ausführen</translation>
    </message>
    <message>
        <source>stopped from the Tasks page</source>
        <translation>auf der Seite „Aufgaben“ gestoppt</translation>
    </message>
    <message>
        <source>No model is set up yet: choose one on the Models page.</source>
        <translation>Noch kein Modell eingerichtet: Wählen Sie eines auf der Seite „Modelle“.</translation>
    </message>
    <message>
        <source>Choose a model on the Models page first.</source>
        <translation>Wählen Sie zuerst ein Modell auf der Seite „Modelle“.</translation>
    </message>
    <message>
        <source>Model: %1 (%2) — change it on the Models page.</source>
        <translation>Modell: %1 (%2) – ändern Sie es auf der Seite „Modelle“.</translation>
    </message>
    <message>
        <source>A new tab at the start address below</source>
        <translation>Ein neuer Tab mit der Startadresse unten</translation>
    </message>
    <message>
        <source>Pick a tab, or give a start address.</source>
        <translation>Wählen Sie einen Tab oder geben Sie eine Startadresse an.</translation>
    </message>
    <message>
        <source>Result: %1</source>
        <translation>Ergebnis: %1</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>Antworten</translation>
    </message>
    <message>
        <source>Decline</source>
        <translation>Ablehnen</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n step(s) of at most %2</source>
        <translation>
            <numerusform>%1 · %n Schritt von höchstens %2</numerusform>
            <numerusform>%1 · %n Schritte von höchstens %2</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 tokens (estimated)</source>
        <translation>%1 Tokens (geschätzt)</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 Tokens</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>%1 (approved by you)</source>
        <translation>%1 (von Ihnen genehmigt)</translation>
    </message>
    <message>
        <source>optional: a JSON Schema file the result&apos;s data must match</source>
        <translation>optional: eine JSON-Schema-Datei, der die Daten des Ergebnisses entsprechen müssen</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Auswählen…</translation>
    </message>
    <message>
        <source>Result shape (JSON Schema)</source>
        <translation>Form des Ergebnisses (JSON-Schema)</translation>
    </message>
    <message>
        <source>JSON Schema (*.json);;All files (*)</source>
        <translation>JSON-Schema (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Result shape:</source>
        <translation>Form des Ergebnisses:</translation>
    </message>
    <message>
        <source>Copy Data</source>
        <translation>Daten kopieren</translation>
    </message>
    <message>
        <source>The result shape cannot be used: %1</source>
        <translation>Die Form des Ergebnisses ist nicht verwendbar: %1</translation>
    </message>
</context>
<context>
    <name>mpa::TokenBox</name>
    <message>
        <source>Show</source>
        <translation>Anzeigen</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Regenerate…</source>
        <translation>Neu erzeugen …</translation>
    </message>
    <message>
        <source>No token yet</source>
        <translation>Noch kein Token</translation>
    </message>
    <message>
        <source>Create</source>
        <translation>Erzeugen</translation>
    </message>
    <message>
        <source>Created the first time %1 starts, or now with Create. Kept in %2.</source>
        <translation>Wird beim ersten Start erzeugt (%1) oder jetzt mit „Erzeugen“. Gespeichert in %2.</translation>
    </message>
    <message>
        <source>Kept in %1 (readable by you only).</source>
        <translation>Gespeichert in %1 (nur für Sie lesbar).</translation>
    </message>
    <message>
        <source>Hide</source>
        <translation>Verbergen</translation>
    </message>
    <message>
        <source>Regenerate the token</source>
        <translation>Token neu erzeugen</translation>
    </message>
    <message>
        <source>Make a new token for %1? Clients that use the old one are refused from now on.</source>
        <translation>Ein neues Token erzeugen (%1)? Clients mit dem alten Token werden ab sofort abgewiesen.</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>Token</translation>
    </message>
    <message>
        <source>Could not write the token: %1.</source>
        <translation>Das Token konnte nicht geschrieben werden: %1.</translation>
    </message>
</context>
<context>
    <name>mpa::TrayController</name>
    <message>
        <source>Auto-accept</source>
        <translation>Automatisch annehmen</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pausieren</translation>
    </message>
    <message>
        <source>Send Prompts Automatically</source>
        <translation>Prompts automatisch senden</translation>
    </message>
    <message>
        <source>Setting: schedule/enabled (the Prompt queue page&apos;s switch)</source>
        <translation>Einstellung: schedule/enabled (der Schalter der Seite „Warteschlange“)</translation>
    </message>
    <message>
        <source>Send Prompt Now…</source>
        <translation>Prompt jetzt senden …</translation>
    </message>
    <message>
        <source>Prompt Queue</source>
        <translation>Warteschlange</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Starten</translation>
    </message>
    <message>
        <source>Skip Current Prompt</source>
        <translation>Aktuellen Prompt überspringen</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stoppen</translation>
    </message>
    <message>
        <source>New Task…</source>
        <translation>Neue Aufgabe …</translation>
    </message>
    <message>
        <source>Bridge a Chat…</source>
        <translation>Chat anbinden …</translation>
    </message>
    <message>
        <source>Settings…</source>
        <translation>Einstellungen …</translation>
    </message>
    <message>
        <source>Logs…</source>
        <translation>Protokolle …</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Beenden</translation>
    </message>
    <message>
        <source>Multi Purpose Agent — standing by (another instance is running)</source>
        <translation>Multi Purpose Agent – in Bereitschaft (eine andere Instanz läuft)</translation>
    </message>
    <message>
        <source>Multi Purpose Agent</source>
        <translation>Multi Purpose Agent</translation>
    </message>
    <message>
        <source>Auto-accept on</source>
        <translation>Automatisches Annehmen: an</translation>
    </message>
    <message>
        <source>Auto-accept off</source>
        <translation>Automatisches Annehmen: aus</translation>
    </message>
    <message>
        <source>Queue: prompt %1 of %2</source>
        <translation>Warteschlange: Prompt %1 von %2</translation>
    </message>
    <message>
        <source>Queue paused at prompt %1 of %2</source>
        <translation>Warteschlange pausiert bei Prompt %1 von %2</translation>
    </message>
    <message>
        <source>Quota used up: %1</source>
        <translation>Kontingent aufgebraucht: %1</translation>
    </message>
    <message>
        <source>Standing by</source>
        <translation>In Bereitschaft</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <source>Today: %1 · %2</source>
        <translation>Heute: %1 · %2</translation>
    </message>
    <message>
        <source>%1 blocked</source>
        <translation>%1 gesperrt</translation>
    </message>
    <message>
        <source>Last blocked: %1 (%2, %3)</source>
        <translation>Zuletzt gesperrt: %1 (%2, %3)</translation>
    </message>
    <message>
        <source>%1
Pattern: %2
Opens the Safety page</source>
        <translation>%1
Muster: %2
Öffnet die Seite „Sicherheit“</translation>
    </message>
    <message>
        <source>Prompt queue</source>
        <translation>Warteschlange</translation>
    </message>
    <message>
        <source>Still running in the tray</source>
        <translation>Läuft im Infobereich weiter</translation>
    </message>
    <message>
        <source>Multi Purpose Agent goes on working here. Click the icon to open the window; quit from its menu.</source>
        <translation>Multi Purpose Agent arbeitet hier weiter. Klicken Sie auf das Symbol, um das Fenster zu öffnen; beenden Sie die App über sein Menü.</translation>
    </message>
    <message>
        <source>Sent to %1.</source>
        <translation>An %1 gesendet.</translation>
    </message>
    <message>
        <source>Not sent: %1</source>
        <translation>Nicht gesendet: %1</translation>
    </message>
    <message>
        <source>Send Prompt Now</source>
        <translation>Prompt jetzt senden</translation>
    </message>
    <message numerus="yes">
        <source>%n click(s)</source>
        <translation>
            <numerusform>%n Klick</numerusform>
            <numerusform>%n Klicks</numerusform>
        </translation>
    </message>
    <message>
        <source>The prompt is kept in History: Send Again sends it.</source>
        <translation>Der Prompt bleibt im Verlauf erhalten: „Erneut senden“ sendet ihn.</translation>
    </message>
</context>
<context>
    <name>mpa::WelcomePanel</name>
    <message>
        <source>Welcome to Multi Purpose Agent</source>
        <translation>Willkommen bei Multi Purpose Agent</translation>
    </message>
    <message>
        <source>Connection Settings…</source>
        <translation>Verbindungseinstellungen …</translation>
    </message>
    <message>
        <source>Got It</source>
        <translation>Verstanden</translation>
    </message>
    <message>
        <source>Put the welcome away for good (setting ui/welcomed)</source>
        <translation>Die Begrüßung dauerhaft ausblenden (Einstellung ui/welcomed)</translation>
    </message>
    <message>
        <source>Starts it with debugging on port %1, as the Connection page does</source>
        <translation>Startet die IDE mit Debugging auf Port %1, wie es die Seite „Verbindung“ tut</translation>
    </message>
    <message>
        <source>No launcher for it was found on this system; pick another IDE on the Connection page</source>
        <translation>Auf diesem System wurde kein Starter dafür gefunden; wählen Sie auf der Seite „Verbindung“ eine andere IDE</translation>
    </message>
    <message>
        <source>Connected to %1. Switch Auto-accept on (on the Dashboard or in the tray icon&apos;s menu) and the app clicks Accept, Run and Retry in your IDE&apos;s agent panel for you; the Prompt queue page feeds it prompts.</source>
        <translation>Verbunden mit %1. Schalten Sie „Automatisch annehmen“ ein (in der Übersicht oder im Menü des Symbols im Infobereich), dann klickt die App für Sie auf Accept, Run und Retry im Agentenbereich Ihrer IDE; die Seite „Warteschlange“ versorgt ihn mit Prompts.</translation>
    </message>
    <message>
        <source>It needs an AI IDE (Antigravity, Cursor, VS Code, Windsurf) or Chrome started with debugging on port %1; nothing answers at %2 yet.</source>
        <translation>Die App braucht eine KI-IDE (Antigravity, Cursor, VS Code, Windsurf) oder Chrome, gestartet mit Debugging auf Port %1; unter %2 antwortet noch nichts.</translation>
    </message>
    <message>
        <source>Try the Demo…</source>
        <translation>Demo ausprobieren …</translation>
    </message>
    <message>
        <source>Restarts the app with a browser of its own on a demo agent panel</source>
        <translation>Startet die App neu, mit einem eigenen Browser auf einem Demo-Agentenbereich</translation>
    </message>
    <message>
        <source>This is the demo: a browser of its own shows a demo agent panel, and auto-accept works on it. Close that browser window to end the demo.</source>
        <translation>Dies ist die Demo: Ein eigener Browser zeigt einen Demo-Agentenbereich, und das automatische Annehmen arbeitet darauf. Schließen Sie dieses Browserfenster, um die Demo zu beenden.</translation>
    </message>
    <message>
        <source>To try it without an IDE, choose Try the Demo (a browser with a demo agent panel).</source>
        <translation>Zum Ausprobieren ohne IDE wählen Sie „Demo ausprobieren“ (ein Browser mit einem Demo-Agentenbereich).</translation>
    </message>
</context>
</TS>
