/// XDND's atoms, interned once per connection: its messages, properties and actions.
struct XdndAtoms {
    let aware, proxy, typeList: X11Atom
    let enter, position, status, leave, drop, finished: X11Atom
    let copy, move: X11Atom
    /// The action a source asks for when it offers several: the target picks one of `XdndActionList`'s.
    let ask, actionList, actionDescription: X11Atom
    /// The property where a source suggests a file name for its item (XDND's Direct Save protocol, XDS).
    let directSave: X11Atom

    init(_ x: X11Connection) throws(X11Error) {
        aware = try x.atom("XdndAware")
        proxy = try x.atom("XdndProxy")
        typeList = try x.atom("XdndTypeList")
        enter = try x.atom("XdndEnter")
        position = try x.atom("XdndPosition")
        status = try x.atom("XdndStatus")
        leave = try x.atom("XdndLeave")
        drop = try x.atom("XdndDrop")
        finished = try x.atom("XdndFinished")
        copy = try x.atom("XdndActionCopy")
        move = try x.atom("XdndActionMove")
        ask = try x.atom("XdndActionAsk")
        actionList = try x.atom("XdndActionList")
        actionDescription = try x.atom("XdndActionDescription")
        directSave = try x.atom("XdndDirectSave0")
    }
}
