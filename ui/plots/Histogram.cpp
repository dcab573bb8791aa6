#include "Histogram.h"

#include <algorithm>
#include <cmath>

namespace mpa {

Histogram::Histogram(QWidget *parent)
    : BarChart(parent)
{
    setLabelsAtEdges(true); // a label names the edge where its bucket starts
}

QList<qint64> Histogram::bucketCounts(const QList<double> &samples, const QList<double> &edges)
{
    QList<qint64> counts(edges.size(), 0);
    if (edges.isEmpty())
        return counts;
    for (double v : samples) {
        const auto above = std::upper_bound(edges.cbegin(), edges.cend(), v);
        const qsizetype bucket = std::max<qsizetype>(0, (above - edges.cbegin()) - 1);
        ++counts[bucket];
    }
    return counts;
}

double Histogram::percentile(QList<double> samples, double share)
{
    if (samples.isEmpty())
        return 0;
    std::sort(samples.begin(), samples.end());
    const qsizetype rank
        = std::clamp<qsizetype>(qsizetype(std::ceil(share * samples.size())), 1, samples.size());
    return samples.at(rank - 1);
}

void Histogram::setSamples(const QList<double> &samples, const QList<double> &edges, const Format &format,
                           const QString &countName)
{
    m_samples = samples;
    const QList<qint64> counts = bucketCounts(samples, edges);
    QStringList labels;
    QStringList titles;
    QList<double> values;
    for (qsizetype i = 0; i < edges.size(); ++i) {
        const bool last = i + 1 == edges.size();
        labels.append(last ? tr("≥%1").arg(format(edges.at(i))) : format(edges.at(i)));
        titles.append(last ? tr("%1 or more").arg(format(edges.at(i)))
                           : tr("%1 to %2").arg(format(edges.at(i)), format(edges.at(i + 1))));
        values.append(double(counts.at(i)));
    }
    setData(labels, { Series { countName, values, false } }, titles);
}

} // namespace mpa
