#pragma once
// The Quota page's plot: each model's remaining quota over the kept days (0–100 %, a line per
// model) with its reset times as dashed marks, read from QuotaHistory.

#include "LineChart.h"

namespace mpa {

class QuotaHistory;

class QuotaHistoryPlot : public LineChart
{
    Q_OBJECT
public:
    explicit QuotaHistoryPlot(QWidget *parent = nullptr);

    QSize sizeHint() const override;

    // `now` ends the time axis when it is later than the last reading (the line stops there).
    void refresh(const QuotaHistory &history, const QDateTime &now = QDateTime::currentDateTimeUtc());
};

} // namespace mpa
