#pragma once
// Every setting the application knows, as an enum; Settings.cpp holds the one table that
// gives each its INI name, type, default, range and former name.

#include <QMetaType>

namespace mpa {

enum class SettingKey {
    CdpHost,
    CdpPort,
    CdpIgnoreTargets,
    AutoAcceptEnabled,
    AutoAcceptPollIntervalMs,
    AutoAcceptAcceptWords,
    AutoAcceptRejectWords,
    AutoAcceptUserIdleMs,
    SafetyBannedCommands,
    ScheduleEnabled,
    ScheduleMode,
    ScheduleValue,
    SchedulePrompt,
    ScheduleQueueMode,
    ScheduleSilenceTimeoutS,
    ScheduleCheckPromptEnabled,
    ScheduleCheckPromptText,
    ScheduleTargetConversation,
    QuotaEnabled,
    QuotaPollIntervalS,
    QuotaResumeQueue,
    QuotaAutoContinue,
    DebugEnabled,
    DebugPort,
    DebugAllowEvaluate,
    AgentServerEnabled,
    AgentServerPort,
    ScheduleAutoStartQueue,
    ScheduleHistorySize,
    QuotaModels,
    QuotaContinuePrompt,
    UiNotifications,
    UiTrayNotice,
    UiWelcomed,
    AgentServerMode,
    AgentServerUrl,
    ToolkitMaxTabs,
    ToolkitAllowEval,
    ToolkitDialogs,
    ToolkitUserTabs,
    ToolkitAllowedSites,
    ToolkitLaunchBrowser,
    ToolkitAllowFileUrls,
    LlmProvider,
    LlmBaseUrl,
    LlmModel,
    LlmTemperature,
    LlmTimeoutS,
    LlmMaxRetries,
    LlmGigaChatScope,
    AgentMode,
    AgentMaxSteps,
    AgentReflectEvery,
    AgentSnapshotChars,
    AgentHistorySteps,
    AgentKeepRunsDays,
    AgentAskFloor,
    BridgeMaxTabs,
    BridgeMaxTurns,
    BridgeRedact,
    BridgeRedactRules,
    BridgeMode,
    UiExtensionImportOffered,
    Count_
};

} // namespace mpa

Q_DECLARE_METATYPE(mpa::SettingKey)
