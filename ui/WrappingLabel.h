#pragma once
// Word-wrapped text that takes the width it is given and the height that width needs (also
// in form rows, which otherwise keep a wrapped label at its narrow preferred width).

class QLabel;

namespace mpa {

void makeWrapping(QLabel *label);

} // namespace mpa
