#pragma once
// The Dashboard's plots of auto-accept: clicks and blocked commands per day over the last
// weeks (bars), and how quickly it reacted (a histogram of its last reaction times), both read
// from AutoAcceptStats.

#include <QDate>
#include <QWidget>

class QLabel;

namespace mpa {

class AutoAcceptStats;
class BarChart;
class Histogram;

class AutoAcceptPlots : public QWidget
{
    Q_OBJECT
public:
    explicit AutoAcceptPlots(QWidget *parent = nullptr);

    void refresh(const AutoAcceptStats &stats, QDate today = QDate::currentDate());
    BarChart *daily() const { return m_daily; }
    Histogram *reactions() const { return m_reactions; }

    static constexpr int kDaysShown = 28;
    // Bucket edges of the reaction-time histogram, in ms.
    static QList<double> reactionEdges();
    // "80 ms", "1.5 s".
    static QString msText(double ms);

private:
    BarChart *m_daily;
    Histogram *m_reactions;
    QLabel *m_reactionSummary;
};

} // namespace mpa
