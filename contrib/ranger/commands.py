# masonry for ranger: `:masonry` opens the current folder in masonry; the pictures picked
# there (m marks, Enter answers) become ranger's marked files. Copy this file's class into
# ~/.config/ranger/commands.py (or this file there), and map a key in rc.conf:
#     map P masonry
# Extra words are masonry's options: `:masonry -r --layout tiles`.
import os
import tempfile

from ranger.api.commands import Command


class masonry(Command):
    """:masonry [OPTION...]

    Pick pictures of the current folder in masonry; they become the marked files.
    """

    def execute(self):
        folder = self.fm.thisdir.path
        # Options from the command line, then `--` so that the folder is never an option.
        command = ["masonry", "--pick=path", "--print0"] + self.args[1:] + ["--", folder]
        # Into a file, not a pipe: ranger waits for the program before reading, and a pipe
        # would fill (a thousand paths) and stop masonry.
        with tempfile.TemporaryFile() as answer:
            process = self.fm.execute_command(command, stdout=answer)
            if process.returncode != 0:
                return  # q or Esc in masonry: nothing picked, nothing changed
            answer.seek(0)
            picked = answer.read()
        if not picked:
            return
        paths = [os.fsdecode(path) for path in picked.split(b"\0") if path]
        self.fm.thisdir.mark_all(False)
        here = [path for path in paths if os.path.dirname(path) == folder]
        for item in self.fm.thisdir.files or []:
            if item.path in here:
                self.fm.thisdir.mark_item(item, True)
        self.fm.select_file(paths[0])
        self.fm.ui.redraw_main_column()
        elsewhere = len(paths) - len(here)
        if elsewhere:
            self.fm.notify("masonry: %d picked in other folders (-r)" % elsewhere)
