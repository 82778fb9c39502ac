// The card model for the modules above it, in one import: the four modules below are
// apart so that a change to one rebuilds only what uses it (a change to line counting
// never rebuilds the JSON parser).
@_exported import CardMeasuring
@_exported import CardModel
@_exported import CardReading
@_exported import CardSearch
