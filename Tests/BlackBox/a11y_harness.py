"""Reads what a screen reader gets: the AT-SPI tree of the running app, through pyatspi."""
import pyatspi

from harness import wait_for


def application(name="pizza-split", timeout=10.0):
    def find():
        desktop = pyatspi.Registry.getDesktop(0)
        for index in range(desktop.childCount):
            app = desktop.getChildAtIndex(index)
            if app is not None and app.name == name:
                return app
        return None
    return wait_for(find, timeout, message=f"{name} on the accessibility bus")


def walk(node, depth=0):
    """Every accessible below `node` (GTK 4.8 keeps hidden stack pages in the tree; callers know that)."""
    if node is None or depth > 40:
        return
    yield node
    for index in range(node.childCount):
        yield from walk(node.getChildAtIndex(index), depth + 1)


def find_all(root, role=None, name=None):
    return [node for node in walk(root)
            if (role is None or node.getRoleName() == role) and (name is None or node.name == name)]


def has_state(node, state):
    return node.getState().contains(state)


def press(node):
    """Performs the node's first action (a button's click), as an assistive technology would."""
    action = node.queryAction()
    action.doAction(0)
