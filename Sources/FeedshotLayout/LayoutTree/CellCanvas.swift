/// Collects one item's elements and actions. Cells are written in "sender-side" coordinates
/// (x measured from the edge the cell hugs, y from the cell's top); the canvas moves them into
/// place and mirrors them for trailing-side (outgoing) cells.
struct CellCanvas {
    let canvasWidth: Double
    let top: Double
    let isMirrored: Bool
    private(set) var elements: [LayoutElement] = []
    private(set) var actions: [LayoutAction] = []
    /// The kit behaviours the cell reproduces (`KitBehaviour`), each once.
    private(set) var kitBehaviours: [KitBehaviour] = []

    init(canvasWidth: Double, top: Double, isMirrored: Bool) {
        self.canvasWidth = canvasWidth
        self.top = top
        self.isMirrored = isMirrored
    }

    /// A cell-local rectangle in canvas coordinates.
    func place(_ local: Rect) -> Rect {
        let moved = local.offsetBy(dy: top)
        return isMirrored ? moved.mirrored(inWidth: canvasWidth) : moved
    }

    mutating func add(_ role: ElementRole, _ local: Rect, _ content: ElementContent) {
        var content = content
        if isMirrored, case .box(let fill, let stroke, let corners) = content {
            content = .box(fill: fill, stroke: stroke, corners: corners.mirrored)
        }
        elements.append(LayoutElement(role: role, frame: place(local), content: content))
    }

    /// Adds a measured text, and the kit behaviours its measuring reproduced (a collapsed label's).
    mutating func add(_ role: ElementRole, _ local: Rect, text block: TextBlock) {
        add(role, local, .text(block.text, lines: block.lines), wrapWidth: block.wrapWidth)
        for behaviour in block.kitBehaviours { note(behaviour) }
    }

    /// Adds a text cut at `clip` (cell-local): a `UILabel` draws into its own bounds.
    mutating func add(_ role: ElementRole, _ local: Rect, text block: TextBlock, clip: Rect) {
        for behaviour in block.kitBehaviours { note(behaviour) }
        var element = LayoutElement(role: role, frame: place(local), content: .text(block.text, lines: block.lines), clip: place(clip))
        element.textWrapWidth = LayoutElement.wrapWidth(block.wrapWidth, frame: local)
        elements.append(element)
    }

    /// Adds `content` cut at `clip` (cell-local): a view inside a container that masks its
    /// subviews (MessageKit's `messageContainerView`).
    mutating func add(_ role: ElementRole, _ local: Rect, _ content: ElementContent, clip: Rect) {
        add(role, local, content)
        elements[elements.count - 1].clip = place(clip)
    }

    /// Adds a measured text's content (`.text`) wrapped at `wrapWidth` (`TextBlock.wrapWidth`).
    mutating func add(_ role: ElementRole, _ local: Rect, _ content: ElementContent, wrapWidth: Double?) {
        add(role, local, content)
        elements[elements.count - 1].textWrapWidth = LayoutElement.wrapWidth(wrapWidth, frame: local)
    }

    /// Adds an element positioned inside `container` (a cell-local rectangle) from the container's
    /// top-left corner, not mirrored for outgoing cells: a bubble's inner layout reads left to
    /// right on both sides (a right-to-left document still mirrors it, with the whole layout).
    mutating func add(_ role: ElementRole, in container: Rect, at inner: Rect, _ content: ElementContent) {
        let origin = place(container)
        elements.append(LayoutElement(role: role, frame: inner.offsetBy(dx: origin.x, dy: origin.y), content: content))
    }

    mutating func action(_ event: LayoutEvent, _ arguments: [String: String], _ local: Rect) {
        actions.append(LayoutAction(event: event, arguments: arguments, frame: place(local)))
    }

    /// Records that the cell reproduces `behaviour` where it does it (once, however often).
    mutating func note(_ behaviour: KitBehaviour) {
        if !kitBehaviours.contains(behaviour) { kitBehaviours.append(behaviour) }
    }

    func item(id: String, type: ItemType, height: Double) -> LayoutItem {
        var item = LayoutItem(
            id: id, type: type, frame: Rect(x: 0, y: top, width: canvasWidth, height: height),
            elements: elements, actions: actions)
        item.kitBehaviours = kitBehaviours
        return item
    }
}
