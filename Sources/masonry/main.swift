import LayoutEngine

// A placeholder-free first executable: `masonry demo` prints the layout dump of a
// built-in example (the seed's ten animals as card heights) at a given width, so that the
// README's run command shows the engine working before the card loaders exist.
DemoCommand.main(Array(CommandLine.arguments.dropFirst()))
