#pragma once
// How a set of measurements spreads over buckets: a bar chart of counts per bucket, the
// buckets given by their edges (the last one open above). Hover a bar for its range and count.

#include "BarChart.h"

#include <functional>

namespace mpa {

class Histogram : public BarChart
{
    Q_OBJECT
public:
    using Format = std::function<QString(double)>;

    explicit Histogram(QWidget *parent = nullptr);

    // `edges` ascending: bucket i holds edges[i] ≤ v < edges[i + 1], the last holds v ≥ the last
    // edge; values below the first edge count in the first bucket. `format` writes an edge.
    void setSamples(const QList<double> &samples, const QList<double> &edges, const Format &format,
                    const QString &countName);
    const QList<double> &samples() const { return m_samples; }

    static QList<qint64> bucketCounts(const QList<double> &samples, const QList<double> &edges);
    // The value below which `share` (0–1) of the samples lie (nearest rank); 0 with none.
    static double percentile(QList<double> samples, double share);

private:
    QList<double> m_samples;
};

} // namespace mpa
