// What a client of the split view needs comes with `import SplitView`: the widgets it puts in panes and
// header bars (Gtk) and the navigation state it reads (SplitNavigation).
@_exported import Gtk
@_exported import SplitNavigation
