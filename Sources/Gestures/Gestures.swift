// Gestures: pointer and touch events on a virtual clock, recognizers, composition and hit testing.
