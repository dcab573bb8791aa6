#include "WrappingLabel.h"

#include <QLabel>

namespace mpa {

void makeWrapping(QLabel *label)
{
    label->setWordWrap(true); // also marks the size policy height-for-width
    QSizePolicy policy = label->sizePolicy();
    policy.setHorizontalPolicy(QSizePolicy::Expanding);
    label->setSizePolicy(policy);
}

} // namespace mpa
